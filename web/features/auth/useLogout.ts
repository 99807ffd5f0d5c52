import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { User } from '../../../domain/contract/auth';
import { useToast } from '../../ui/ToastProvider';
import { authKeys, useLogoutMutation, type LogoutResult } from './auth.queries';
import { confirmLogout } from './logoutGuard';

export const LOGGED_OUT_TOAST = {
  header: 'Successfully logged out',
  message: 'You have been logged out of your account.',
  color: 'success',
} as const;
/** A logout with no network: this phone has forgotten the user; the server hears of it later (pendingLogout.ts). */
export const LOGOUT_QUEUED_TOAST = {
  header: 'Signed out on this phone',
  message: "The sign-out completes when you're back online.",
  color: 'warning',
} as const;

/** The toast for a logout that reached the server, or is waiting for the network. */
export const logoutToast = ({ queued }: LogoutResult) =>
  queued ? LOGOUT_QUEUED_TOAST : LOGGED_OUT_TOAST;

/**
 * Before logging out: when work waits on this device for the server, the user chooses first
 * (logoutGuard.ts). False: they stay logged in.
 */
export function useConfirmLogout(): () => Promise<boolean> {
  const queryClient = useQueryClient();
  return () => confirmLogout(queryClient.getQueryData<User | null>(authKeys.user)?.id);
}

/**
 * Logs out, tells the user how it went, and navigates: to / from the header menu,
 * to /auth elsewhere. The local session is cleared even when the server call fails.
 * Unsent work on this device is never deleted without asking (useConfirmLogout).
 */
export function useLogout() {
  const logout = useLogoutMutation();
  const confirm = useConfirmLogout();
  const toast = useToast();
  const navigate = useNavigate();

  return async (to: '/' | '/auth' = '/auth') => {
    if (!(await confirm())) return;
    try {
      toast(logoutToast(await logout.mutateAsync()));
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
