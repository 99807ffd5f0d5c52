import { DEFAULT_SIGN_IN_DESTINATION, redirectDestination } from '../../../domain/signInDestination';
import type { PendingChatDestination } from './authStorage';

export { CHECKOUT_PATH } from '../../../domain/signInDestination';

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

/**
 * Where to go after a successful login, in the spec's order (§2 'Auth screen'): what the app kept in
 * storage first, then the page's `redirect` by the rule the server follows too (domain/signInDestination.ts).
 */
export function postLoginDestination({ postLoginTarget, pendingChat, redirect }: PostLoginInputs): string {
  if (postLoginTarget && isAppPath(postLoginTarget)) return postLoginTarget;
  if (pendingChat) return DEFAULT_SIGN_IN_DESTINATION;
  return redirectDestination(redirect) ?? DEFAULT_SIGN_IN_DESTINATION;
}
