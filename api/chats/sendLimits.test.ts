// What a chat send counts before it stores anything: one hit against the model-call rate limit,
// then a stream slot and its largest possible cost against the day's allowance, in one round trip.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LLM_CALLS_PER_USER, LLM_WINDOW_MS } from '../../domain/limits';
import { buildSend } from '../../tests/factories/chats';
import { loggedInClient } from '../../tests/factories/users';
import { startModelTestServer, type ModelTestServer } from '../../tests/support/server';
import { utcDay } from '../llm/budget';

describe('what a chat send counts before it is stored', () => {
  let server: ModelTestServer;
  beforeAll(async () => {
    server = await startModelTestServer({ LLM_DAILY_TOKENS_FREE: 'off' });
  });
  afterAll(() => server?.close());

  const hits = async (userId: number) =>
    (
      await server.pool.query<{ count: number }>('SELECT count FROM rate_limits WHERE key = $1', [
        `llm:user:${userId}`,
      ])
    ).rows[0]?.count ?? 0;
  const useUpCalls = (userId: number) =>
    server.pool.query(
      `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), $2)
       ON CONFLICT (key) DO UPDATE SET window_start = now(), count = $2`,
      [`llm:user:${userId}`, LLM_CALLS_PER_USER],
    );
  const tokensToday = async (userId: number) =>
    Number(
      (
        await server.pool.query<{ tokens: string }>(
          'SELECT tokens FROM token_usage WHERE payer = $1 AND day = $2',
          [`user:${userId}`, utcDay().day],
        )
      ).rows[0]?.tokens ?? 0,
    );
  const held = async (userId: number) => {
    const { rows } = await server.pool.query<{ chats: string; leases: string }>(
      `SELECT (SELECT count(*) FROM chats WHERE user_id = $1) AS chats,
              (SELECT count(*) FROM stream_leases WHERE user_id = $1) AS leases`,
      [userId],
    );
    return { chats: Number(rows[0]!.chats), leases: Number(rows[0]!.leases) };
  };

  it('each send counts one model call, a send sent again too', async () => {
    const { user, client } = await loggedInClient(server);
    const send = buildSend(`First question ${randomUUID()}`);
    expect((await client.post('/api/chat', send)).status).toBe(200);
    expect(await hits(user.id)).toBe(1);

    const again = await client.post('/api/chat', send);
    expect(again.status).toBe(200);
    expect(await hits(user.id)).toBe(2);
    expect((await client.get(`/api/chats/${send.chatId}`)).body.messages).toHaveLength(2);
  });

  it('a send past the model-call limit is a 429 saying when to try again: nothing stored, no model asked, no slot or tokens held', async () => {
    const { user, client } = await loggedInClient(server);
    await useUpCalls(user.id);
    const send = buildSend(`Over the limit ${randomUUID()}`);

    const refused = await client.post('/api/chat', send);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please try again later.',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(LLM_WINDOW_MS / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(LLM_WINDOW_MS / 1000);
    expect(await held(user.id)).toEqual({ chats: 0, leases: 0 });
    expect(await tokensToday(user.id)).toBe(0);
    expect(
      server.fake.requests.some((r) => r.messages.at(-1)?.content === send.messages[0]!.content),
    ).toBe(false);

    // A send with bad input is told what was wrong, whatever the limit says.
    const bad = await client.post('/api/chat', { ...send, messages: [] });
    expect(bad.status).toBe(400);
  });

  it('a send already stored, sent again past the limit, is refused the same way and its reply stays as it was', async () => {
    const { user, client } = await loggedInClient(server);
    const send = buildSend(`Stored before ${randomUUID()}`);
    const first = await client.post('/api/chat', send);
    expect(first.status).toBe(200);
    await useUpCalls(user.id);

    expect((await client.post('/api/chat', send)).status).toBe(429);
    const { messages } = (await client.get(`/api/chats/${send.chatId}`)).body;
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({ id: first.body.message.id, status: 'complete' });
  });

  it("a send into a chat reserves its chat's history too: the same message reserves that many bytes more than in a new chat", async () => {
    const { user, client } = await loggedInClient(server);
    const earlier = buildSend(
      `Tell me about pricing pages. ${'Details matter here. '.repeat(150)}`,
    );
    expect((await client.post('/api/chat', earlier)).status).toBe(200);
    const { rows } = await server.pool.query<{ bytes: string }>(
      'SELECT sum(octet_length(content)) AS bytes FROM messages WHERE chat_id = $1',
      [earlier.chatId],
    );
    const historyBytes = Number(rows[0]!.bytes);
    expect(historyBytes).toBeGreaterThan(5_000);

    // The fake model waits before its first word, so each reservation is read while it is held.
    const reservedFor = async (send: ReturnType<typeof buildSend>) => {
      const before = await tokensToday(user.id);
      const answer = client.post('/api/chat', send);
      const reserved = await expect
        .poll(async () => (await tokensToday(user.id)) - before, { timeout: 5_000 })
        .toBeGreaterThan(0)
        .then(async () => (await tokensToday(user.id)) - before);
      expect((await answer).status).toBe(200);
      return reserved;
    };
    const question = '[[first:1500]] And for a team of five?';
    const inNewChat = await reservedFor(buildSend(question));
    const inTheChat = await reservedFor(buildSend(question, { chatId: earlier.chatId }));
    expect(inTheChat - inNewChat).toBe(historyBytes);
  });
});
