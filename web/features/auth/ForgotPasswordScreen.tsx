import { informationCircleOutline } from 'ionicons/icons';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { EMAIL_PATTERN, FIELD_MESSAGES } from '../../../domain/accountFields';
import { RESET_LINK_SENT, RESET_OFF } from '../../../domain/passwordReset';
import { InlineIcon } from '../../ui/InlineIcon';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
import { capabilitiesQueryOptions } from '../settings/modelStatus';
import { useForgotPasswordMutation } from './auth.queries';
import { AuthForm } from './AuthForm';
import { PasswordScreen } from './PasswordScreen';
import { registerFailureMessage } from './authMessages';
import { EMAIL_FIELD, TextField } from './TextField';
import { useFormFields } from './useFormFields';

/**
 * /auth/forgot: 'Forgot password?' asks for the account's email and sends a reset link. Its answer is
 * the same whether or not an account uses the address (the server says so too: no account
 * discovery). On a server that cannot send mail, it says whom to ask instead.
 */
export function ForgotPasswordScreen() {
  const { values, field, form, show, failure, setFailure, fail } = useFormFields(() => ({
    email: '',
  }));
  const forgot = useForgotPasswordMutation();
  const { data: capabilities } = useQuery(capabilitiesQueryOptions);
  const resetOff = capabilities?.passwordReset === false;
  useKeyboardInView();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const typed = values.email.trim().toLowerCase();
    if (!typed) return void show({ email: FIELD_MESSAGES.emailRequired });
    if (!EMAIL_PATTERN.test(typed)) return void show({ email: FIELD_MESSAGES.emailInvalid });
    forgot.mutate(
      { email: typed },
      {
        onError: (error) => fail(error, registerFailureMessage),
      },
    );
  };

  return (
    <PasswordScreen
      title="Forgot your password?"
      lead={
        <>Enter your account&rsquo;s email and we&rsquo;ll send you a link to choose a new one.</>
      }
    >
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
        <AuthForm
          label="Reset password"
          form={form}
          onSubmit={handleSubmit}
          failure={failure}
          submit={{ label: 'Send the link', busyLabel: 'Sending', busy: forgot.isPending }}
        >
          <TextField {...EMAIL_FIELD} {...field('email')} />
        </AuthForm>
      )}
    </PasswordScreen>
  );
}
