import { FIELD_MESSAGES } from '../../../domain/accountFields';
import { NEW_PASSWORD_SAME } from '../../../domain/contract/accountBasics';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/limits';
import { useToast } from '../../ui/ToastProvider';
import { TextField } from '../auth/TextField';
import { useChangePassword } from './account.queries';
import { ChangeSection } from './ChangeSection';
import { useConfirmedChange } from './useConfirmedChange';

/** What the form can tell of the new password before asking the server (which also refuses common ones). */
function newPasswordProblem(next: string, current: string): string | undefined {
  if (!next) return FIELD_MESSAGES.passwordRequired;
  if (next.length < PASSWORD_MIN) return FIELD_MESSAGES.passwordShort;
  if (next.length > PASSWORD_MAX) return FIELD_MESSAGES.passwordLong;
  if (next === current) return NEW_PASSWORD_SAME;
  return undefined;
}

/**
 * Account → Password: a new one (registration's rules), confirmed with the current password or a
 * passkey. Every other device is signed out; this one stays signed in.
 */
export function PasswordSection({ userId }: { userId: number }) {
  const change = useChangePassword(userId);
  const toast = useToast();
  const confirmed = useConfirmedChange(
    () => ({ newPassword: '', currentPassword: '' }),
    ({ newPassword, currentPassword }) => ({
      newPassword: newPasswordProblem(newPassword, currentPassword),
    }),
    async (proof, { newPassword }) => {
      const { signedOut } = await change.mutateAsync({ ...proof, newPassword });
      toast({
        header: 'Password changed',
        message:
          signedOut > 0
            ? `${signedOut === 1 ? 'One other device was' : `${signedOut} other devices were`} signed out. This one stays signed in.`
            : 'This device stays signed in.',
        color: 'success',
      });
    },
  );

  return (
    <ChangeSection
      id="password"
      title="Password"
      intro="Changing it signs you out on every other device."
      userId={userId}
      change={{ ...confirmed, label: 'Change your password', submit: 'Change password' }}
      busy={change.isPending}
    >
      <TextField
        label="New password"
        type="password"
        autocomplete="new-password"
        {...confirmed.field('newPassword')}
      />
    </ChangeSection>
  );
}
