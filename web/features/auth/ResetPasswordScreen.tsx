import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { FIELD_MESSAGES } from '../../../domain/accountFields';
import { LOGIN_REDIRECT_DELAY_MS, PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/limits';
import { FORGOT_PAGE, RESET_LINK_DEAD } from '../../../domain/passwordReset';
import { useToast } from '../../ui/ToastProvider';
import { Screen } from '../../ui/Screen';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
import { ApiError } from '../../data/api';
import { useResetPasswordMutation } from './auth.queries';
import { fieldErrorsOf, registerFailureMessage } from './authMessages';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';
import { useFieldErrors } from './useFieldErrors';
import { useGoToPostLoginDestination } from './useGoToPostLoginDestination';

function passwordProblem(password: string): string | undefined {
  if (!password) return FIELD_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN) return FIELD_MESSAGES.passwordShort;
  if (password.length > PASSWORD_MAX) return FIELD_MESSAGES.passwordLong;
  return undefined;
}

const isDeadLink = (error: unknown) =>
  error instanceof ApiError &&
  (error.data as { message?: unknown } | undefined)?.message === RESET_LINK_DEAD;

/**
 * /auth/reset?token=…: the emailed link. The rep chooses a new password (registration's rules);
 * the server signs the account out everywhere and signs this device in, and the app goes on as
 * after a login. A link that no longer works says so once, with the way to a new one.
 */
export function ResetPasswordScreen() {
  const { token } = useSearch({ from: '/auth/reset' });
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [dead, setDead] = useState(!token);
  const { form, errors, show, clear } = useFieldErrors();
  const reset = useResetPasswordMutation();
  const toast = useToast();
  const goToDestination = useGoToPostLoginDestination();
  useKeyboardInView();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problem = passwordProblem(password);
    if (problem) return void show({ password: problem });
    reset.mutate(
      { token: token ?? '', password },
      {
        onSuccess: ({ user }) => {
          toast({
            header: 'Password changed',
            message: `Signed in as ${user.name || user.username}. Every other device was signed out.`,
            color: 'success',
          });
          setTimeout(() => void goToDestination(undefined), LOGIN_REDIRECT_DELAY_MS);
        },
        onError: (error) => {
          if (isDeadLink(error)) setDead(true);
          else if (!show(fieldErrorsOf(error))) setFailure(registerFailureMessage(error));
        },
      },
    );
  };

  return (
    <Screen width="narrow" className="auth-screen">
      <section className="auth-card">
        <div className="auth-card__brand">
          <h1>Choose a new password</h1>
          <p className="muted">Setting it signs your account out on every other device.</p>
        </div>
        {dead ? (
          <div className="auth-form">
            <p className="form-error" role="alert">
              {RESET_LINK_DEAD}
            </p>
            <Link to={FORGOT_PAGE} className="pp-button pp-button--primary auth-form__submit">
              Ask for a new link
            </Link>
          </div>
        ) : (
          <form
            ref={form}
            className="auth-form"
            onSubmit={handleSubmit}
            aria-label="Set a new password"
            noValidate
          >
            <TextField
              label="New password"
              name="password"
              type="password"
              autocomplete="new-password"
              value={password}
              error={errors.password}
              onChange={(value) => {
                setPassword(value);
                clear('password');
              }}
            />
            {failure && (
              <p className="form-error" role="alert">
                {failure}
              </p>
            )}
            <SubmitButton
              label="Set the new password"
              busyLabel="Saving"
              busy={reset.isPending}
              disabled={reset.isSuccess}
            />
          </form>
        )}
        <p className="auth-card__aside">
          <Link to="/auth/$tab" params={{ tab: 'login' }} className="auth-card__link">
            Back to sign in
          </Link>
        </p>
      </section>
    </Screen>
  );
}
