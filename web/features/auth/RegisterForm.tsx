import { useState } from 'react';
import type { FormEvent } from 'react';
import { registerFieldErrors, type AccountField } from '../../../domain/accountFields';
import { AUTH_FORM_PATHS } from '../../../domain/contract/authForm';
import { LOGIN_REDIRECT_DELAY_MS } from '../../../domain/limits';
import { takeTypedValue } from '../../prerender/typedValues';
import { useToast } from '../../ui/ToastProvider';
import { useRegisterMutation } from './auth.queries';
import { fieldErrorsOf, registerFailureMessage } from './authMessages';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';
import { useFieldErrors } from './useFieldErrors';
import { useFormErrorFromUrl } from './useFormErrorFromUrl';
import { newAccountToast } from './newAccountWelcome';
import { useGoToPostLoginDestination } from './useGoToPostLoginDestination';

interface RegisterFormProps {
  initialEmail?: string;
  /** Where to go once signed in, as after a login (the chat unless the address names another page). */
  redirect: string | undefined;
  /** Why the form the browser posted itself (before the app took the page over) was refused. */
  errorCode?: string;
}

/**
 * Registration: the new account is signed in and goes where a login would (the chat), greeted as new
 * (the spec's login tab and second password entry are left out). Every field's problem shows at once under the field, in plain words, checked here
 * before anything is sent and then by the server (a taken name, a common password); a failure that
 * belongs to no field (offline, too many attempts) shows once above the button, never as a toast too.
 */
export function RegisterForm({ initialEmail = '', redirect, errorCode }: RegisterFormProps) {
  // Typed into the prerendered page before the app took it over: kept (prerender/typedValues.ts).
  const [values, setValues] = useState(() => ({
    name: takeTypedValue('name'),
    username: takeTypedValue('username'),
    email: takeTypedValue('email') || initialEmail,
    password: takeTypedValue('password'),
  }));
  const [failure, setFailure] = useState<string | null>(null);
  const { form, errors, show, clear } = useFieldErrors();
  const register = useRegisterMutation();
  const toast = useToast();
  const goToDestination = useGoToPostLoginDestination();
  useFormErrorFromUrl(errorCode, ({ message, field }) => {
    if (field === 'name' || field === 'username' || field === 'email' || field === 'password')
      show({ [field]: message });
    else setFailure(message);
  });

  const field = (name: AccountField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      clear(name);
    },
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (show(registerFieldErrors(values))) return;
    register.mutate(
      {
        name: values.name.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
      },
      {
        onSuccess: ({ user }) => {
          toast(newAccountToast(user));
          // As after a login: the signed-in state reaches the header before the screen changes.
          setTimeout(() => void goToDestination(redirect), LOGIN_REDIRECT_DELAY_MS);
        },
        onError: (error) => {
          if (!show(fieldErrorsOf(error))) setFailure(registerFailureMessage(error));
        },
      },
    );
  };

  return (
    // noValidate: the browser's own bubbles name one field at a time; the form names them all.
    // method="post": before the app takes the page over (or without JavaScript), the browser posts
    // the form to the server itself, which creates the account, signs in and redirects; never a GET,
    // which would put the name, email and password into the address.
    <form
      ref={form}
      className="auth-form"
      method="post"
      action={AUTH_FORM_PATHS.register}
      onSubmit={handleSubmit}
      aria-label="Register"
      noValidate
    >
      <TextField label="Full name" autocomplete="name" {...field('name')} />
      <TextField label="Username" autocomplete="username" {...field('username')} />
      <TextField
        label="Email"
        type="email"
        inputmode="email"
        autocomplete="email"
        {...field('email')}
      />
      <TextField
        label="Password"
        type="password"
        autocomplete="new-password"
        {...field('password')}
      />
      {failure && (
        <p className="form-error" role="alert">
          <strong>Registration failed:</strong> {failure}
        </p>
      )}
      <SubmitButton label="Create account" busyLabel="Creating account" busy={register.isPending} />
    </form>
  );
}
