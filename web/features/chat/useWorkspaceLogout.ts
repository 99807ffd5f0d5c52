import { useNavigate } from '@tanstack/react-router';
import { useLogoutMutation } from '../auth/auth.queries';
import { logoutToast, useConfirmLogout } from '../auth/useLogout';
import { useToast } from '../../ui/ToastProvider';

/**
 * Logout from the chat sidebar: like the header's, but it lands on /auth and a failed server call
 * is only logged: the user is logged out locally either way. Unsent work is never
 * deleted without asking (useConfirmLogout).
 */
export function useWorkspaceLogout() {
  const logout = useLogoutMutation();
  const confirm = useConfirmLogout();
  const toast = useToast();
  const navigate = useNavigate();
  return async () => {
    if (!(await confirm())) return;
    try {
      toast(logoutToast(await logout.mutateAsync()));
    } catch (error) {
      console.warn('Logout failed on the server; logged out locally', error);
    }
    await navigate({ to: '/auth' });
  };
}
