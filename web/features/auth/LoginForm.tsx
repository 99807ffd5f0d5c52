import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { loginFieldErrors } from '../../../domain/accountFields';
import { AUTH_FORM_PATHS } from '../../../domain/contract/authForm';
import { LOGIN_REDIRECT_DELAY_MS } from '../../../domain/limits';
import { FORGOT_PAGE } from '../../../domain/passwordReset';
import { takeTypedValue } from '../../prerender/typedValues';
import { useToast } from '../../ui/ToastProvider';
import { useLoginMutation } from './auth.queries';
import { AuthForm } from './AuthForm';
import { fieldErrorsOf, loginFailureMessage } from './authMessages';
import { TextField } from './TextField';
import { useFormFields } from './useFormFields';
import { useFormErrorFromUrl } from './useFormErrorFromUrl';
import { useGoToPostLoginDestination } from './useGoToPostLoginDestination';

interface LoginFormProps {
  redirect: string | undefined;
  /** Why the form the browser posted itself (before the app took the page over) was refused. */
  errorCode?: string;
}

/** Sign-in. A missing field is named under it; a refused login ('Login failed') shows once above the button, not as a toast too. */
export function LoginForm({ redirect, errorCode }: LoginFormProps) {
  // Typed into the prerendered page before the app took it over: kept (prerender/typedValues.ts).
  const { values, field, form, show, failure, setFailure } = useFormFields(() => ({
    username: takeTypedValue('username'),
    password: takeTypedValue('password'),
  }));
  const login = useLoginMutation();
  const toast = useToast();
  const goToDestination = useGoToPostLoginDestination();
  useFormErrorFromUrl(errorCode, ({ message, field: at }) => {
    if (at === 'username' || at === 'password') show({ [at]: message });
    else setFailure(message);
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (show(loginFieldErrors(values))) return;
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: ({ user }) => {
          toast({
            header: 'Welcome back',
            message: `Signed in as ${user.name || user.username}.`,
            color: 'success',
          });
          // The spec's 100 ms: lets the refreshed auth state reach the header before the screen changes.
          setTimeout(() => void goToDestination(redirect), LOGIN_REDIRECT_DELAY_MS);
        },
        onError: (error) => {
          if (!show(fieldErrorsOf(error))) setFailure(loginFailureMessage(error));
        },
      },
    );
  };

  return (
    // The browser posts the form to the server itself before the app takes the page over: the
    // server signs in and redirects.
    <AuthForm
      label="Login"
      form={form}
      action={AUTH_FORM_PATHS.login}
      onSubmit={handleSubmit}
      failure={failure}
      failureLead="Login failed:"
      submit={{
        label: 'Sign in',
        busyLabel: 'Signing in',
        busy: login.isPending,
        disabled: login.isSuccess,
      }}
      footer={
        // A plain link: the prerendered page follows it before the app has taken it over.
        <Link to={FORGOT_PAGE} className="auth-card__link auth-form__forgot">
          Forgot password?
        </Link>
      }
    >
      <TextField label="Username" autocomplete="username" {...field('username')} />
      <TextField
        label="Password"
        type="password"
        autocomplete="current-password"
        {...field('password')}
      />
    </AuthForm>
  );
}
