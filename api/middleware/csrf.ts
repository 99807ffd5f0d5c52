import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { CSRF_HEADER } from '../../domain/contract/errors';
import { CsrfFailed } from '../errors';
import type { AppDeps, AppState } from '../context';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface CsrfContext {
  state: AppState;
  config: { sessionSecret: string };
  session: { csrfSecret?: string } | null;
}

function sign(secret: string, salt: string): string {
  return createHmac('sha256', secret).update(salt).digest('base64url');
}

/**
 * The secret a request's tokens are signed with. Logged in: derived from the login session, so
 * checking it costs no database read and every login rotates it. A guest: a random secret kept in
 * the guest session (koa-session, `session` table), created on first use.
 */
function csrfSecret(ctx: CsrfContext, create: boolean): string | undefined {
  if (ctx.state.sessionId) return sign(ctx.config.sessionSecret, `csrf:${ctx.state.sessionId}`);
  if (create && ctx.session) ctx.session.csrfSecret ??= randomBytes(32).toString('base64url');
  return ctx.session?.csrfSecret;
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
 * `trustHost` also accepts the origin the request names itself (its Host, or X-Forwarded-Host behind
 * a trusted proxy): handy in development (Vite's proxy, a LAN address), never in production, where
 * a forged forwarded host would make any origin "our own" — there only APP_URL counts.
 */
export function csrf(opts: { appUrl: string; trustHost: boolean; exempt?: string[] }): Middleware<AppState, AppDeps> {
  const exempt = new Set(opts.exempt ?? []);
  const appOrigin = new URL(opts.appUrl).origin;
  return async (ctx, next) => {
    if (!UNSAFE.has(ctx.method) || !ctx.path.startsWith('/api/') || exempt.has(ctx.path)) return next();
    // Koa 3: ctx.origin is the Origin header; compare with our own origins explicitly.
    const origin = requestOrigin(ctx.get('Origin'), ctx.get('Referer'));
    const own = opts.trustHost ? `${ctx.protocol}://${ctx.host}` : appOrigin;
    if (origin !== undefined && origin !== appOrigin && origin !== own) {
      throw CsrfFailed('Cross-origin request refused');
    }
    if (!verifyCsrfToken(ctx, ctx.get(CSRF_HEADER) || undefined)) throw CsrfFailed();
    await next();
  };
}
