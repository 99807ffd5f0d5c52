import { useEffect } from 'react';
import type { User } from '../../../domain/contract/auth';
import { PRODUCT_NAME } from '../../../domain/limits';
import { NEW_ACCOUNT_COOKIE } from '../../../domain/contract/signInCookies';
import { readCookie, removeCookie } from '../../data/cookies';
import { useToast } from '../../ui/ToastProvider';

/** The greeting of a new account: a welcome, not the login's 'Welcome back'. */
export function newAccountToast(user: { name: string | null; username: string }) {
  const name = user.name?.trim().split(/\s+/)[0] || user.username;
  return {
    header: `Welcome to ${PRODUCT_NAME}, ${name}`,
    message: 'Your account is ready and you are signed in.',
    color: 'success' as const,
  };
}

/**
 * The greeting of an account the registration form created before the app took the page over (the
 * browser posted it itself, and the server's 303 led here): the server marked it with a cookie
 * naming the new account's id (NEW_ACCOUNT_COOKIE), and the app greets it once, as its own
 * registration does (RegisterForm.tsx), and removes the mark. Only for that account: a mark left
 * behind never greets someone else.
 */
export function useNewAccountWelcome(user: User | null): void {
  const toast = useToast();
  useEffect(() => {
    if (!user) return;
    const marked = readCookie(NEW_ACCOUNT_COOKIE);
    if (marked === null) return;
    removeCookie(NEW_ACCOUNT_COOKIE);
    if (marked === String(user.id)) toast(newAccountToast(user));
  }, [user, toast]);
}
