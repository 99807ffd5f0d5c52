import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { loginFieldErrors } from '../../../domain/accountFields';
import { AUTH_FORM_PATHS } from '../../../domain/contract/authForm';
import { LOGIN_REDIRECT_DELAY_MS } from '../../../domain/limits';
import { FORGOT_PAGE } from '../../../domain/passwordReset';
import { takeTypedValue } from '../../prerender/typedValues';
import { useToast } from '../../ui/ToastProvider';
import { useLoginMutation } from './auth.queries';
import { fieldErrorsOf, loginFailureMessage } from './authMessages';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';
import { useFieldErrors } from './useFieldErrors';
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
  const [username, setUsername] = useState(() => takeTypedValue('username'));
  const [password, setPassword] = useState(() => takeTypedValue('password'));
  const [failure, setFailure] = useState<string | null>(null);
  const { form, errors, show, clear } = useFieldErrors();
  const login = useLoginMutation();
  const toast = useToast();
  const goToDestination = useGoToPostLoginDestination();
  useFormErrorFromUrl(errorCode, ({ message, field }) => {
    if (field === 'username' || field === 'password') show({ [field]: message });
    else setFailure(message);
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (show(loginFieldErrors({ username, password }))) return;
    login.mutate(
      { username: username.trim(), password },
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
    // method="post": before the app takes the page over (or without JavaScript), the browser posts
    // the form to the server itself, which signs in and redirects; never a GET, which would put the
    // password into the address.
    <form
      ref={form}
      className="auth-form"
      method="post"
      action={AUTH_FORM_PATHS.login}
      onSubmit={handleSubmit}
      aria-label="Login"
      noValidate
    >
      <TextField
        label="Username"
        name="username"
        autocomplete="username"
        value={username}
        error={errors.username}
        onChange={(value) => {
          setUsername(value);
          clear('username');
        }}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autocomplete="current-password"
        value={password}
        error={errors.password}
        onChange={(value) => {
          setPassword(value);
          clear('password');
        }}
      />
      {failure && (
        <p className="form-error" role="alert">
          <strong>Login failed:</strong> {failure}
        </p>
      )}
      <SubmitButton
        label="Sign in"
        busyLabel="Signing in"
        busy={login.isPending}
        disabled={login.isSuccess}
      />
      {/* A plain link: the prerendered page follows it before the app has taken it over. */}
      <Link to={FORGOT_PAGE} className="auth-card__link auth-form__forgot">
        Forgot password?
      </Link>
    </form>
  );
}
