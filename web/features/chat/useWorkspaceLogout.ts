import { useNavigate } from '@tanstack/react-router';
import { useLogoutMutation } from '../auth/auth.queries';
import { useToast } from '../../ui/ToastProvider';

/**
 * Logout from the chat sidebar: like the header's, but it lands on /auth and a failed server call
 * is only logged (spec §4 and §8): the user is logged out locally either way.
 */
export function useWorkspaceLogout() {
  const logout = useLogoutMutation();
  const toast = useToast();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout.mutateAsync();
      toast({ header: 'Successfully logged out', message: 'You have been logged out of your account.', color: 'success' });
    } catch (error) {
      console.warn('Logout failed on the server; logged out locally', error);
    }
    await navigate({ to: '/auth' });
  };
}
