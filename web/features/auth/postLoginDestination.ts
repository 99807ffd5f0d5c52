import {
  DEFAULT_SIGN_IN_DESTINATION,
  redirectDestination,
} from '../../../domain/signInDestination';
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
 * The pages whose sign-in is the operator's errand (the setup link's claim, Settings): their `redirect`
 * wins over a checkout or a tool a guest picked earlier and left in storage, which would otherwise
 * take the first sign-in of a fresh install elsewhere and leave the setup link unclaimed.
 */
const OPERATOR_PAGES = /^\/(?:setup|settings)(?:[/?]|$)/;

/**
 * Where to go after a successful login, in this order: what the app kept in
 * storage first, then the page's `redirect` by the rule the server follows too (domain/signInDestination.ts);
 * but an operator's page named by `redirect` comes first (see OPERATOR_PAGES).
 */
export function postLoginDestination({
  postLoginTarget,
  pendingChat,
  redirect,
}: PostLoginInputs): string {
  const named = redirectDestination(redirect);
  if (named && OPERATOR_PAGES.test(named)) return named;
  if (postLoginTarget && isAppPath(postLoginTarget)) return postLoginTarget;
  if (pendingChat) return DEFAULT_SIGN_IN_DESTINATION;
  return named ?? DEFAULT_SIGN_IN_DESTINATION;
}
