import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { buildUser } from '../tests/factories/users';
import { sweepExpired, vacuumEmbedded } from './maintenance';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('sweepExpired', () => {
  it('deletes expired sessions, reset links, passkey challenges and stale counters and keeps live ones', async () => {
    const user = await buildUser(server);
    const tag = crypto.randomUUID();
    await server.pool.query(
      `INSERT INTO session (sid, sess, expire) VALUES ($1, '{}', now() - interval '1 minute'), ($2, '{}', now() + interval '1 day')`,
      [`old-${tag}`, `live-${tag}`],
    );
    await server.pool.query(
      `INSERT INTO user_session (id, expires_at, user_id) VALUES ($1, now() - interval '1 minute', $3), ($2, now() + interval '1 day', $3)`,
      [`old-${tag}`, `live-${tag}`, user.id],
    );
    await server.pool.query(
      `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now() - interval '2 days', 3), ($2, now(), 1)`,
      [`old-${tag}`, `live-${tag}`],
    );
    await server.pool.query(
      `INSERT INTO token_usage (payer, day, tokens) VALUES ($1, (now() AT TIME ZONE 'UTC')::date - 8, 500), ($2, (now() AT TIME ZONE 'UTC')::date, 20)`,
      [`old-${tag}`, `live-${tag}`],
    );
    await server.pool.query(
      `INSERT INTO transcription_usage (user_id, day, bytes) VALUES ($1, (now() AT TIME ZONE 'UTC')::date - 8, 500), ($1, (now() AT TIME ZONE 'UTC')::date, 20)`,
      [user.id],
    );
    const leaving = await buildUser(server);
    await server.pool.query(
      `INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $3, now() - interval '1 minute'), ($2, $4, now() + interval '10 minutes')`,
      [`old-${tag}`, `live-${tag}`, leaving.id, user.id],
    );
    await server.pool.query(
      `INSERT INTO webauthn_challenges (challenge, purpose, user_id, rp_id, origin, expires_at)
       VALUES ($1, 'login', NULL, 'localhost', 'http://localhost', now() - interval '1 minute'),
              ($2, 'register', $3, 'localhost', 'http://localhost', now() + interval '4 minutes')`,
      [`old-${tag}`, `live-${tag}`, user.id],
    );
    await sweepExpired(server.pool);
    const columns: Record<string, string> = {
      session: 'sid',
      user_session: 'id',
      password_resets: 'token_hash',
      webauthn_challenges: 'challenge',
      rate_limits: 'key',
      token_usage: 'payer',
    };
    for (const [table, col] of Object.entries(columns)) {
      const left = (
        await server.pool.query(
          `SELECT ${col} AS k FROM ${table} WHERE ${col} LIKE $1 ORDER BY 1`,
          [`%${tag}`],
        )
      ).rows.map((r) => r.k);
      expect(left, table).toEqual([`live-${tag}`]);
    }
    const transcribed = await server.pool.query(
      'SELECT bytes FROM transcription_usage WHERE user_id = $1',
      [user.id],
    );
    expect(transcribed.rows).toEqual([{ bytes: '20' }]);
  });
});

describe('vacuumEmbedded', () => {
  it('vacuums every table and takes its statistics afresh: an empty kit table gets a size', async () => {
    const tag = crypto.randomUUID();
    await server.pool.query(
      `INSERT INTO rate_limits (key, window_start, count)
       SELECT $1 || g, now(), 1 FROM generate_series(1, 500) g`,
      [`vacuum-${tag}-`],
    );
    await server.pool.query(`DELETE FROM rate_limits WHERE key LIKE $1`, [`vacuum-${tag}-%`]);
    const before = new Date(Date.now() - 1000);

    await vacuumEmbedded(server.pool);

    const { rows } = await server.pool.query<{ last_vacuum: Date; last_analyze: Date }>(
      `SELECT last_vacuum, last_analyze FROM pg_stat_user_tables WHERE relname = 'rate_limits'`,
    );
    expect(rows[0]!.last_vacuum.getTime()).toBeGreaterThan(before.getTime());
    expect(rows[0]!.last_analyze.getTime()).toBeGreaterThan(before.getTime());
    const { rows: planned } = await server.pool.query<{ reltuples: number }>(
      `SELECT reltuples FROM pg_class WHERE relname = 'kit_passages'`,
    );
    expect(planned[0]!.reltuples).toBeGreaterThanOrEqual(0);
  });
});
