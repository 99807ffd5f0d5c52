import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { User } from '../../../domain/contract/auth';
import { loginFieldErrors } from '../../../domain/accountFields';
import { AUTH_FORM_PATHS } from '../../../domain/contract/authForm';
import { LOGIN_REDIRECT_DELAY_MS } from '../../../domain/limits';
import { FORGOT_PAGE } from '../../../domain/passwordReset';
import { useToast } from '../../ui/ToastProvider';
import { useLoginMutation } from './auth.queries';
import { AuthForm } from './AuthForm';
import { PasskeyOffer } from './PasskeyOffer';
import { markPasskeyOffered, passkeyOfferDue } from './passkeyOffer';
import { usePasskeySignIn } from './usePasskeySignIn';
import { loginFailureMessage } from './authMessages';
import { TextField } from './TextField';
import { usePrerenderedFormFields } from './usePrerenderedFormFields';
import { useGoToPostLoginDestination } from './useGoToPostLoginDestination';

interface LoginFormProps {
  redirect: string | undefined;
  /** Why the form the browser posted itself (before the app took the page over) was refused. */
  errorCode?: string;
}

/**
 * Sign-in. A missing field is named under it; a refused login ('Login failed') shows once above the
 * button, not as a toast too. Where the browser has passkeys (known once the app has taken the page
 * over: the prerendered form has no such button), 'Sign in with a passkey', and the username field's
 * autofill offers the passkeys too (conditional mediation). After a password sign-in, once per
 * account on this device, 'Sign in faster next time' (PasskeyOffer.tsx) before going on.
 */
export function LoginForm({ redirect, errorCode }: LoginFormProps) {
  const { field, form, failure, setFailure, fail, submitWith } = usePrerenderedFormFields(
    ['username', 'password'],
    errorCode,
  );
  const login = useLoginMutation();
  const toast = useToast();
  const goToDestination = useGoToPostLoginDestination();
  const [offer, setOffer] = useState(false);

  const welcome = (user: User) =>
    toast({
      header: 'Welcome back',
      message: `Signed in as ${user.name || user.username}.`,
      color: 'success',
    });
  // The spec's 100 ms: lets the refreshed auth state reach the header before the screen changes.
  const goOn = () => setTimeout(() => void goToDestination(redirect), LOGIN_REDIRECT_DELAY_MS);

  const passkey = usePasskeySignIn({
    onSignedIn: (user) => {
      welcome(user);
      goOn();
    },
    onFailure: setFailure,
  });

  const handleSubmit = submitWith(loginFieldErrors, (values) =>
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: async ({ user }) => {
          welcome(user);
          if (await passkeyOfferDue(user.id)) {
            markPasskeyOffered(user.id);
            passkey.stop();
            setOffer(true);
          } else goOn();
        },
        onError: (error) => fail(error, loginFailureMessage),
      },
    ),
  );

  if (offer) return <PasskeyOffer onDone={goOn} />;

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
        disabled: login.isSuccess || passkey.pending || passkey.signedIn,
      }}
      footer={
        <>
          {/* A plain link: the prerendered page follows it before the app has taken it over. */}
          <Link to={FORGOT_PAGE} className="auth-card__link auth-form__forgot">
            Forgot password?
          </Link>
          {/* Last in the form: drawn once the app has taken the page over, it moves nothing above it. */}
          {passkey.supported && (
            <button
              type="button"
              className="pp-button auth-form__passkey"
              disabled={login.isPending || passkey.pending || passkey.signedIn}
              onClick={() => {
                setFailure(null);
                passkey.ask();
              }}
            >
              {passkey.pending ? 'Signing in' : 'Sign in with a passkey'}
            </button>
          )}
        </>
      }
    >
      <TextField
        label="Username"
        // 'webauthn': the browser's autofill lists this site's passkeys under the usernames.
        autocomplete="username webauthn"
        {...field('username')}
      />
      <TextField
        label="Password"
        type="password"
        autocomplete="current-password"
        {...field('password')}
      />
    </AuthForm>
  );
}
