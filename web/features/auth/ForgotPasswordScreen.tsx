import { informationCircleOutline } from 'ionicons/icons';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { EMAIL_PATTERN, FIELD_MESSAGES } from '../../../domain/accountFields';
import { RESET_LINK_SENT, RESET_OFF } from '../../../domain/passwordReset';
import { InlineIcon } from '../../ui/InlineIcon';
import { Screen } from '../../ui/Screen';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
import { capabilitiesQueryOptions } from '../settings/modelStatus';
import { useForgotPasswordMutation } from './auth.queries';
import { fieldErrorsOf, registerFailureMessage } from './authMessages';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';
import { useFieldErrors } from './useFieldErrors';

/**
 * /auth/forgot: 'Forgot password?' asks for the account's email and sends a reset link. Its answer is
 * the same whether or not an account uses the address (the server says so too: no account
 * discovery). On a server that cannot send mail, it says whom to ask instead.
 */
export function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const { form, errors, show, clear } = useFieldErrors();
  const forgot = useForgotPasswordMutation();
  const { data: capabilities } = useQuery(capabilitiesQueryOptions);
  const resetOff = capabilities?.passwordReset === false;
  useKeyboardInView();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const typed = email.trim().toLowerCase();
    if (!typed) return void show({ email: FIELD_MESSAGES.emailRequired });
    if (!EMAIL_PATTERN.test(typed)) return void show({ email: FIELD_MESSAGES.emailInvalid });
    forgot.mutate(
      { email: typed },
      {
        onError: (error) => {
          if (!show(fieldErrorsOf(error))) setFailure(registerFailureMessage(error));
        },
      },
    );
  };

  return (
    <Screen width="narrow" className="auth-screen">
      <section className="auth-card">
        <div className="auth-card__brand">
          <h1>Forgot your password?</h1>
          <p className="muted">
            Enter your account&rsquo;s email and we&rsquo;ll send you a link to choose a new one.
          </p>
        </div>
        {resetOff ? (
          <div className="callout" role="note">
            <InlineIcon icon={informationCircleOutline} />
            <p>{RESET_OFF}</p>
          </div>
        ) : forgot.isSuccess ? (
          <p className="callout" role="status">
            {RESET_LINK_SENT}
          </p>
        ) : (
          <form
            ref={form}
            className="auth-form"
            onSubmit={handleSubmit}
            aria-label="Reset password"
            noValidate
          >
            <TextField
              label="Email"
              name="email"
              type="email"
              inputmode="email"
              autocomplete="email"
              value={email}
              error={errors.email}
              onChange={(value) => {
                setEmail(value);
                clear('email');
              }}
            />
            {failure && (
              <p className="form-error" role="alert">
                {failure}
              </p>
            )}
            <SubmitButton label="Send the link" busyLabel="Sending" busy={forgot.isPending} />
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
