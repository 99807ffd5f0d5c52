import { useNavigate } from '@tanstack/react-router';
import { useToast } from '../../ui/ToastProvider';
import { useLogoutMutation } from './auth.queries';

/**
 * Logs out, tells the user how it went (spec §8), and navigates: to / from the header menu,
 * to /auth elsewhere (spec §4). The local session is cleared even when the server call fails.
 */
export function useLogout() {
  const logout = useLogoutMutation();
  const toast = useToast();
  const navigate = useNavigate();

  return async (to: '/' | '/auth' = '/auth') => {
    try {
      await logout.mutateAsync();
      toast({ header: 'Successfully logged out', message: 'You have been logged out of your account.', color: 'success' });
    } catch {
      toast({
        header: 'Logout issue',
        message: "There was an issue during logout, but you've been logged out locally.",
        color: 'warning',
      });
    }
    await navigate({ to });
  };
}
