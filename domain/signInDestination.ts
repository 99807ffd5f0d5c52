/**
 * Where a sign-in lands, from the sign-in page's own address (/auth/login?redirect=…&tool=…). The app
 * and the server share this rule: the app when the rep signs in through it, the server when the
 * browser posted the prerendered form itself (before the app had taken the page over) or when a
 * signed-in rep opens the sign-in page. The server only has the address to go by, so the rule reads
 * nothing else; the app adds what it kept in storage (web/features/auth/postLoginDestination.ts).
 */
import { DEFAULT_BILLING, DEFAULT_PLAN } from './limits';
import { LANDING_TOOLS, isFlowType } from './playbooks/tools';

export const CHECKOUT_PATH = `/checkout?plan=${DEFAULT_PLAN}&billing=${DEFAULT_BILLING}`;

/** Where a rep lands when the address names nowhere it knows. */
export const DEFAULT_SIGN_IN_DESTINATION = '/chat';

/**
 * The app's pages a `redirect` may name, by their first segment: every signed-in or public screen,
 * but not the sign-in page itself (a loop) nor the sign-in callback. Anything else is not followed,
 * so the parameter can never send the rep off the site or somewhere we did not mean.
 */
const REDIRECT_PAGES = new Set([
  'about',
  'account',
  'chat',
  'checkout',
  'checkout-auth',
  'checkout-pro',
  'competitive',
  'dashboard',
  'debrief',
  'kit',
  'login-pro',
  'onboarding',
  'pricing',
  'pro',
  'profile',
  'settings',
  'setup',
  'share',
  'simple-checkout',
  'stripe-checkout',
]);

/** Any base will do: it only lets URL parse a path, and anything that leaves it is refused. */
const BASE = 'https://pitchpad.invalid';

/**
 * The page a `redirect` parameter names ('pricing', 'chat?chat=12', 'onboarding?analysis=3'), as a
 * path of this site, or undefined when it names none we know. 'checkout' and 'checkout-pro' mean
 * the default plan's checkout, 'chat-selection' the chat (names that older links still carry).
 */
export function redirectDestination(redirect: string | undefined): string | undefined {
  const value = redirect?.trim().replace(/^[/\\]+/, '');
  if (!value) return undefined;
  if (value === 'checkout' || value === 'checkout-pro') return CHECKOUT_PATH;
  if (value === 'chat-selection') return DEFAULT_SIGN_IN_DESTINATION;
  let url: URL;
  try {
    url = new URL(`/${value}`, BASE);
  } catch {
    return undefined;
  }
  // '..' segments are resolved by now: 'pricing/../..//host' is '//host', another site.
  if (url.origin !== BASE || /^[/\\]{2}/.test(url.pathname)) return undefined;
  const [, first = ''] = url.pathname.split('/');
  const known = url.pathname === '/' || REDIRECT_PAGES.has(first.toLowerCase());
  return known ? `${url.pathname}${url.search}` : undefined;
}

/**
 * Where a landing tool card's sign-in leads (its link names `redirect=pricing&tool=<type>`): what the
 * app does with the tool it keeps for the chat once the rep is in (web/features/chat/usePendingStarts.ts),
 * written as an address: a guided flow opens in the chat, competitive intelligence on its screen,
 * the free advice chat in the chat. A PRO tool's page sends a free account on to pricing itself.
 */
export function toolDestination(tool: string | undefined): string | undefined {
  const known = LANDING_TOOLS.find((candidate) => candidate.type === tool);
  if (!known) return undefined;
  if (isFlowType(known.type))
    return `${DEFAULT_SIGN_IN_DESTINATION}?${new URLSearchParams({ flow: known.type })}`;
  if (known.type === 'competitive') return '/competitive';
  return DEFAULT_SIGN_IN_DESTINATION;
}

/**
 * Where a sign-in from /auth?redirect=…&tool=… lands: the card's tool (only with `redirect=pricing`,
 * as a card's link sends it), else the page `redirect` names, else the chat. Always a path of this site.
 */
export function signInDestination({
  redirect,
  tool,
}: {
  redirect: string | undefined;
  tool: string | undefined;
}): string {
  const fromTool = redirect === 'pricing' ? toolDestination(tool) : undefined;
  return fromTool ?? redirectDestination(redirect) ?? DEFAULT_SIGN_IN_DESTINATION;
}
