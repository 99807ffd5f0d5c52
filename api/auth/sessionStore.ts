import type { Pool } from '../db';

/**
 * koa-session's external store over the spec's `session` table (sid, sess json, expire).
 * It holds the guest session: the CSRF secret and state kept before sign-up.
 */
export function pgSessionStore(pool: Pool) {
  return {
    async get(sid: string): Promise<unknown> {
      const { rows } = await pool.query<{ sess: unknown }>('SELECT sess FROM session WHERE sid = $1 AND expire > now()', [sid]);
      return rows[0]?.sess;
    },
    async set(sid: string, sess: unknown, maxAge: number): Promise<void> {
      const ttlSeconds = Math.max(1, Math.floor((typeof maxAge === 'number' ? maxAge : 86_400_000) / 1000));
      await pool.query(
        `INSERT INTO session (sid, sess, expire) VALUES ($1, $2, now() + make_interval(secs => $3))
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expire = EXCLUDED.expire`,
        [sid, JSON.stringify(sess), ttlSeconds],
      );
    },
    async destroy(sid: string): Promise<void> {
      await pool.query('DELETE FROM session WHERE sid = $1', [sid]);
    },
  };
}
