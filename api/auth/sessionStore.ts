import type { AppContext } from '../context';
import type { Pool } from '../db';
import { cookieNames } from './cookies';

/**
 * koa-session's external store over the `session` table (sid, sess json, expire).
 * It holds the guest session: state kept before sign-up (the guest's analyses key, the save-analysis
 * answer). A row is written only once there is such state; the CSRF secret is not in it.
 */
export function pgSessionStore(pool: Pool) {
  return {
    async get(sid: string): Promise<unknown> {
      const { rows } = await pool.query<{ sess: unknown }>(
        'SELECT sess FROM session WHERE sid = $1 AND expire > now()',
        [sid],
      );
      return rows[0]?.sess;
    },
    async set(sid: string, sess: unknown, maxAge: number): Promise<void> {
      const ttlSeconds = Math.max(
        1,
        Math.floor((typeof maxAge === 'number' ? maxAge : 86_400_000) / 1000),
      );
      await pool.query(
        `INSERT INTO session (sid, sess, expire) VALUES ($1, $2, now() + make_interval(secs => $3))
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expire = EXCLUDED.expire`,
        [sid, JSON.stringify(sess), ttlSeconds],
      );
    },
    destroy: (sid: string) => destroyGuestSession(pool, sid),
  };
}

async function destroyGuestSession(pool: Pool, sid: string): Promise<void> {
  await pool.query('DELETE FROM session WHERE sid = $1', [sid]);
}

/**
 * End the browser's guest session, at login, registration and logout: its row goes and its cookie
 * is cleared. A copy of that cookie, kept by someone or planted before login, then reads and
 * carries nothing; the browser's next guest state starts in a new session.
 */
export async function endGuestSession(
  ctx: Pick<AppContext, 'config' | 'pool' | 'cookies' | 'session'>,
): Promise<void> {
  const name = cookieNames(ctx.config.secureCookies).guest;
  const sid = ctx.cookies.get(name, { signed: true });
  if (sid) await destroyGuestSession(ctx.pool, sid);
  // When koa-session runs for this request (a guest's), it must not save the old session again.
  ctx.session = null;
  // A logged-in user's requests skip koa-session, so clear the cookie here too (same attributes, or
  // a browser ignores the clearing of a __Host- cookie).
  ctx.cookies.set(name, null, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    path: '/',
    overwrite: true,
  });
}
