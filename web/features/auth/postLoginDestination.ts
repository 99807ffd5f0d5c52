import { DEFAULT_BILLING, DEFAULT_PLAN } from '../../../domain/limits';
import type { PendingChatDestination } from './authStorage';

export const CHECKOUT_PATH = `/checkout?plan=${DEFAULT_PLAN}&billing=${DEFAULT_BILLING}`;

export interface PostLoginInputs {
  /** A stored post-login target, e.g. the checkout a guest chose on pricing. */
  postLoginTarget: string | null;
  /** A landing tool a guest picked before logging in. */
  pendingChat: PendingChatDestination | null;
  /** The `redirect` search parameter of /auth. */
  redirect: string | undefined;
}

/** Only same-app paths: '//host' or '/\host' would leave the app (an open redirect). */
function isAppPath(path: string): boolean {
  return path.startsWith('/') && !/^[/\\]{2}/.test(path);
}

/** Where to go after a successful login, in the spec's order (§2 'Auth screen'). */
export function postLoginDestination({ postLoginTarget, pendingChat, redirect }: PostLoginInputs): string {
  if (postLoginTarget && isAppPath(postLoginTarget)) return postLoginTarget;
  if (pendingChat) return '/chat';
  const value = redirect?.trim().replace(/^[/\\]+/, '');
  if (value) {
    if (value === 'checkout' || value === 'checkout-pro') return CHECKOUT_PATH;
    if (value === 'chat-selection') return '/chat';
    return `/${value}`;
  }
  return '/chat';
}
