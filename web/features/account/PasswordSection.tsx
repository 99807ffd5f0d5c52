import { FIELD_MESSAGES } from '../../../domain/accountFields';
import { NEW_PASSWORD_SAME } from '../../../domain/contract/account';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/limits';
import { useToast } from '../../ui/ToastProvider';
import { AuthForm } from '../auth/AuthForm';
import { TextField } from '../auth/TextField';
import { useChangePassword } from './account.queries';
import { ConfirmIdentity } from './ConfirmIdentity';
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
  const { field, form, failure, handleSubmit, confirm } = useConfirmedChange(
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
    <section className="account-section" aria-labelledby="account-password-title">
      <h2 id="account-password-title">Password</h2>
      <p className="muted">Changing it signs you out on every other device.</p>
      <AuthForm
        label="Change your password"
        form={form}
        onSubmit={handleSubmit}
        failure={failure}
        submit={{ label: 'Change password', busyLabel: 'Changing', busy: change.isPending }}
      >
        <TextField
          label="New password"
          type="password"
          autocomplete="new-password"
          {...field('newPassword')}
        />
        <ConfirmIdentity userId={userId} confirm={confirm} busy={change.isPending} />
      </AuthForm>
    </section>
  );
}
