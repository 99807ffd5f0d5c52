import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { CSRF_HEADER } from '../../domain/contract/errors';
import { CsrfFailed } from '../errors';
import type { AppDeps, AppState } from '../context';
import { cookieNames } from '../auth/cookies';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface CsrfContext {
  state: AppState;
  config: { sessionSecret: string; secureCookies: boolean };
  cookies: {
    get(name: string): string | undefined;
    set(name: string, value: string | null, opts?: object): unknown;
  };
}

function sign(secret: string, salt: string): string {
  return createHmac('sha256', secret).update(salt).digest('base64url');
}

/** A guest's CSRF secret lasts as long as a guest session would. */
const GUEST_SECRET_MAX_AGE_MS = 30 * 24 * 3600 * 1000;
const GUEST_SECRET = /^[\w-]{43}$/;

/**
 * The secret a request's tokens are signed with. Logged in: derived from the login session's
 * stored (hashed) id, so checking it costs no database read and every login rotates it. A guest:
 * 32 random bytes in their own httpOnly cookie, created on first use. It lives in the cookie, not
 * in a stored guest session, so fetching a token stores nothing: a stream of cookieless
 * `GET /api/csrf-token` cannot fill the `session` table.
 */
function csrfSecret(ctx: CsrfContext, create: boolean): string | undefined {
  if (ctx.state.sessionId) return sign(ctx.config.sessionSecret, `csrf:${ctx.state.sessionId}`);
  const kept = ctx.cookies.get(cookieNames(ctx.config.secureCookies).csrf);
  if (kept && GUEST_SECRET.test(kept)) return kept;
  if (!create) return undefined;
  const secret = randomBytes(32).toString('base64url');
  setGuestSecretCookie(ctx, secret);
  return secret;
}

/**
 * Unsigned on purpose: a signature would only prove our server issued the value, which anyone can
 * get for themselves. What protects it is its randomness, httpOnly, and (on https) `__Host-`.
 */
function setGuestSecretCookie(ctx: CsrfContext, secret: string | null): void {
  ctx.cookies.set(cookieNames(ctx.config.secureCookies).csrf, secret, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    path: '/',
    maxAge: GUEST_SECRET_MAX_AGE_MS,
    overwrite: true,
    signed: false,
  });
}

/** Drop the guest's CSRF secret (at login and logout): the next guest token starts from a new one. */
export function forgetGuestCsrfSecret(ctx: CsrfContext): void {
  setGuestSecretCookie(ctx, null);
}

/** A fresh token for the request's secret: `salt.hmac(secret, salt)`. */
export function issueCsrfToken(ctx: CsrfContext): string {
  const salt = randomBytes(12).toString('base64url');
  return `${salt}.${sign(csrfSecret(ctx, true)!, salt)}`;
}

function verifyCsrfToken(ctx: CsrfContext, token: string | undefined): boolean {
  const secret = token && csrfSecret(ctx, false);
  if (!secret) return false;
  const [salt, mac] = token.split('.');
  if (!salt || !mac) return false;
  const expected = Buffer.from(sign(secret, salt));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Whether the request comes from another site, by the origin the browser names (the Origin header,
 * else the Referer's): undefined when it names none. Our own is APP_URL's origin, and with
 * `trustHost` (never in production) the origin the request names itself.
 */
export function fromOtherOrigin(
  ctx: Pick<Context, 'get' | 'protocol' | 'host'>,
  appUrl: string,
  trustHost: boolean,
): boolean | undefined {
  const origin = requestOrigin(ctx.get('Origin'), ctx.get('Referer'));
  if (origin === undefined) return undefined;
  const own = trustHost ? `${ctx.protocol}://${ctx.host}` : undefined;
  return origin !== new URL(appUrl).origin && origin !== own;
}

/** The origin a browser puts on a request: the Origin header, else the Referer's origin. */
function requestOrigin(origin: string, referer: string): string | undefined {
  if (origin) return origin;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Every POST/PUT/PATCH/DELETE under /api must carry a valid token in `x-csrf-token` and, when the
 * browser names an origin, come from our own. Runs before any handler, so a refused request
 * changes nothing. `exempt` lists paths with their own proof (the Stripe webhook's signature).
 * `forms` lists the paths a prerendered page's plain `<form method="post">` reaches before any
 * script could fetch a token: there the browser must name our origin (every browser sends Origin
 * on a form POST), and the SameSite=Lax cookies keep another site's form from riding a session.
 * `trustHost` also accepts the origin the request names itself (its Host, or X-Forwarded-Host behind
 * a trusted proxy): handy in development (Vite's proxy, a LAN address), never in production, where
 * a forged forwarded host would make any origin "our own" — there only APP_URL counts.
 */
export function csrf(opts: {
  appUrl: string;
  trustHost: boolean;
  exempt?: string[];
  forms?: string[];
}): Middleware<AppState, AppDeps> {
  const exempt = new Set(opts.exempt ?? []);
  const forms = new Set(opts.forms ?? []);
  return async (ctx, next) => {
    if (!UNSAFE.has(ctx.method) || !ctx.path.startsWith('/api/') || exempt.has(ctx.path))
      return next();
    // Koa 3: ctx.origin is the Origin header; compare with our own origins explicitly.
    const elsewhere = fromOtherOrigin(ctx, opts.appUrl, opts.trustHost);
    if (elsewhere) throw CsrfFailed('Cross-origin request refused');
    if (forms.has(ctx.path)) {
      if (elsewhere === undefined) throw CsrfFailed('A form must come from this site');
      return next();
    }
    if (!verifyCsrfToken(ctx, ctx.get(CSRF_HEADER) || undefined)) throw CsrfFailed();
    await next();
  };
}
