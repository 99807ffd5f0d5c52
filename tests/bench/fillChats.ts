/**
 * A rep's history written straight into the database (SQL, not the API: the benches measure what
 * comes after): `chats` chats of `perChat` messages each, alternately the rep's and the model's,
 * random words (hex) so they compress as prose does. Answers the rep's id.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from '../../api/db';

export async function fillChats(pool: Pool, chats: number, perChat: number): Promise<number> {
  const tag = randomUUID().slice(0, 8);
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO users (username, email, password) VALUES ($1, $2, 'x') RETURNING id`,
    [`bench_${tag}`, `bench_${tag}@example.com`],
  );
  const userId = rows[0]!.id;
  for (let first = 0; first < chats; first += 50)
    await pool.query(
      `WITH c AS (
         INSERT INTO chats (id, title, user_id, created_at)
         SELECT gen_random_uuid()::text, 'Deal with account ' || n, $1, now() - make_interval(mins => n)
           FROM generate_series($2::int, LEAST($2::int + 49, $4::int - 1)) n RETURNING id)
       INSERT INTO messages (chat_id, role, content)
       SELECT c.id, CASE WHEN m % 2 = 0 THEN 'user' ELSE 'assistant' END,
              'The buyer asked about pricing, the rollout and who signs off. ' ||
              (SELECT string_agg(md5(random()::text || m || k), ' ') FROM generate_series(1, 16) k)
         FROM c, generate_series(1, $3::int) m`,
      [userId, first, perChat, chats],
    );
  return userId;
}
