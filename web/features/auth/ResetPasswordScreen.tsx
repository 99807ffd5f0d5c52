import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { FIELD_MESSAGES } from '../../../domain/accountFields';
import { LOGIN_REDIRECT_DELAY_MS, PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/limits';
import { FORGOT_PAGE, RESET_LINK_DEAD } from '../../../domain/passwordReset';
import { useToast } from '../../ui/ToastProvider';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
import { ApiError } from '../../data/api';
import { useResetPasswordMutation } from './auth.queries';
import { AuthForm } from './AuthForm';
import { PasswordScreen } from './PasswordScreen';
import { registerFailureMessage } from './authMessages';
import { TextField } from './TextField';
import { useFormFields } from './useFormFields';
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
  const { values, field, form, show, failure, setFailure, fail } = useFormFields(() => ({
    password: '',
  }));
  const [dead, setDead] = useState(!token);
  const reset = useResetPasswordMutation();
  const toast = useToast();
  const goToDestination = useGoToPostLoginDestination();
  useKeyboardInView();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problem = passwordProblem(values.password);
    if (problem) return void show({ password: problem });
    reset.mutate(
      { token: token ?? '', password: values.password },
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
          else fail(error, registerFailureMessage);
        },
      },
    );
  };

  return (
    <PasswordScreen
      title="Choose a new password"
      lead="Setting it signs your account out on every other device."
    >
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
        <AuthForm
          label="Set a new password"
          form={form}
          onSubmit={handleSubmit}
          failure={failure}
          submit={{
            label: 'Set the new password',
            busyLabel: 'Saving',
            busy: reset.isPending,
            disabled: reset.isSuccess,
          }}
        >
          <TextField
            label="New password"
            type="password"
            autocomplete="new-password"
            {...field('password')}
          />
        </AuthForm>
      )}
    </PasswordScreen>
  );
}
