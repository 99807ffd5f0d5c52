import { EMAIL_PATTERN, FIELD_MESSAGES } from '../../../domain/accountFields';
import { EMAIL_SAME } from '../../../domain/contract/accountBasics';
import { useToast } from '../../ui/ToastProvider';
import { TextField } from '../auth/TextField';
import { useChangeEmail } from './account.queries';
import { ChangeSection } from './ChangeSection';
import { useConfirmedChange } from './useConfirmedChange';

/** What the form can tell of the new address before asking the server (which also refuses a taken one). */
function emailProblem(email: string, now: string): string | undefined {
  const address = email.trim().toLowerCase();
  if (!address) return FIELD_MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(address)) return FIELD_MESSAGES.emailInvalid;
  if (address === now.toLowerCase()) return EMAIL_SAME;
  return undefined;
}

/**
 * Account → Email: a new address (registration's rules), confirmed with the current password or a
 * passkey. The old address is told by email, so a change the owner did not make does not go
 * unnoticed.
 */
export function EmailSection({ userId, email }: { userId: number; email: string }) {
  const change = useChangeEmail(userId);
  const toast = useToast();
  const confirmed = useConfirmedChange(
    () => ({ email: '', currentPassword: '' }),
    (values) => ({ email: emailProblem(values.email, email) }),
    async (proof, values) => {
      const old = email;
      const { user, notified } = await change.mutateAsync({ ...proof, email: values.email });
      toast({
        header: 'Email changed',
        message: `Your account’s email is now ${user.email}.${notified ? ` We let ${old} know.` : ''}`,
        color: 'success',
      });
    },
  );

  return (
    <ChangeSection
      id="email"
      title="Email"
      intro={
        <>
          {/* The build's shell of the screen knows nobody's address: an ellipsis holds its place. */}
          Now <strong className="account-email">{email || '…'}</strong>. We tell this address when
          it changes.
        </>
      }
      userId={userId}
      change={{ ...confirmed, label: 'Change your email', submit: 'Change email' }}
      busy={change.isPending}
    >
      <TextField
        label="New email"
        type="email"
        inputmode="email"
        autocomplete="email"
        {...confirmed.field('email')}
      />
    </ChangeSection>
  );
}
