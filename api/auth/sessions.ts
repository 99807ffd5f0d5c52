import type { Middleware } from 'koa';
import { PENDING_LOGOUT_COOKIE } from '../../domain/contract/signInCookies';
import type { AppDeps, AppState } from '../context';
import type { Pool } from '../db';
import { forgetGuestCsrfSecret } from '../middleware/csrf';
import { endGuestSession } from './sessionStore';
import {
  generateSessionToken,
  LAST_SEEN_EVERY_MS,
  sessionIdOf,
  USER_AGENT_MAX,
  type AppLucia,
  type SessionUser,
} from './lucia';

/**
 * Reads the session cookie on every request into `ctx.state.user`, refreshing or clearing the
 * cookie. The cookie holds the token; the database holds its hash (`sessionIdOf`), which is what
 * `ctx.state.sessionId` names. A session last seen over a minute ago (the read says so) is stamped
 * seen now: one small write a minute per device, none on the requests in between.
 */
export function loadSession(lucia: AppLucia): Middleware<AppState, AppDeps> {
  return async (ctx, next) => {
    ctx.state.user = null;
    ctx.state.sessionId = null;
    const token = ctx.cookies.get(lucia.sessionCookieName);
    if (token) {
      const { session, user } = await lucia.validateSession(sessionIdOf(token));
      if (session?.fresh) setCookie(ctx, lucia.createSessionCookie(token));
      if (!session) setCookie(ctx, lucia.createBlankSessionCookie());
      ctx.state.user = user as SessionUser | null;
      ctx.state.sessionId = session?.id ?? null;
      if (session?.seenStale) await markSeen(ctx.pool, session.id, userAgentOf(ctx));
    }
    await next();
  };
}

/** The browser's User-Agent as a session keeps it: cut short, null when the browser sent none. */
function userAgentOf(ctx: { get(field: string): string }): string | null {
  return ctx.get('user-agent').slice(0, USER_AGENT_MAX) || null;
}

/**
 * Stamp the session seen now (and give a session from before browsers were kept this browser).
 * The condition is checked again here, so two requests racing write it once.
 */
async function markSeen(pool: Pool, sessionId: string, userAgent: string | null): Promise<void> {
  await pool.query(
    `UPDATE user_session SET last_seen_at = now(), user_agent = COALESCE(user_agent, $2)
     WHERE id = $1
       AND (last_seen_at IS NULL OR last_seen_at < now() - make_interval(secs => $3))`,
    [sessionId, userAgent, LAST_SEEN_EVERY_MS / 1000],
  );
}

interface LuciaCookie {
  name: string;
  value: string;
  attributes: {
    secure?: boolean;
    sameSite?: 'lax' | 'strict' | 'none';
    httpOnly?: boolean;
    maxAge?: number;
    path?: string;
  };
}

function setCookie(
  ctx: { cookies: { set(name: string, value: string | null, opts: object): unknown } },
  cookie: LuciaCookie,
): void {
  const a = cookie.attributes;
  // Koa's cookies clear a cookie when given null (Lucia's blank cookie has an empty value).
  ctx.cookies.set(cookie.name, cookie.value || null, {
    httpOnly: a.httpOnly ?? true,
    secure: a.secure ?? false,
    sameSite: a.sameSite ?? 'lax',
    path: a.path ?? '/',
    maxAge: a.maxAge === undefined ? undefined : a.maxAge * 1000,
    overwrite: true,
    signed: false,
  });
}

/**
 * Log in: drop any session the browser had (rotation), then start a new one. The guest session
 * and the guest's CSRF secret end too: nothing the browser held before login stays valid.
 */
export async function startSession(
  ctx: Parameters<Middleware<AppState, AppDeps>>[0],
  lucia: AppLucia,
  userId: number,
): Promise<void> {
  if (ctx.state.sessionId) await lucia.invalidateSession(ctx.state.sessionId);
  await endGuest(ctx);
  // A logout made offline and still waiting (the page's mark) has nothing left to end: this login
  // just ended the session it waited for. The server stops holding back for it (signInPages.ts).
  if (ctx.cookies.get(PENDING_LOGOUT_COOKIE))
    ctx.cookies.set(PENDING_LOGOUT_COOKIE, null, {
      path: '/',
      httpOnly: false,
      overwrite: true,
      signed: false,
    });
  const token = generateSessionToken();
  const session = await lucia.createSession(
    userId,
    { user_agent: userAgentOf(ctx) },
    { sessionId: sessionIdOf(token) },
  );
  setCookie(ctx, lucia.createSessionCookie(token));
  ctx.state.sessionId = session.id;
}

/** Log out: the login session ends, and so does any guest session or guest CSRF secret the browser holds. */
export async function endSession(
  ctx: Parameters<Middleware<AppState, AppDeps>>[0],
  lucia: AppLucia,
): Promise<void> {
  if (ctx.state.sessionId) await lucia.invalidateSession(ctx.state.sessionId);
  await endGuest(ctx);
  setCookie(ctx, lucia.createBlankSessionCookie());
  ctx.state.user = null;
  ctx.state.sessionId = null;
}

async function endGuest(ctx: Parameters<Middleware<AppState, AppDeps>>[0]): Promise<void> {
  await endGuestSession(ctx);
  forgetGuestCsrfSecret(ctx);
}
