import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelTestServer, type ModelTestServer } from '../support/server';
import { postStream, type TestClient } from '../support/client';
import { loggedInClient } from '../factories/users';
import { buildSend, eventually } from '../factories/chats';
import type { FakeOpenAI } from '../fakes/openai';
import { MAX_CONCURRENT_STREAMS_PER_USER } from '../../domain/limits';

let server: ModelTestServer;
let fake: FakeOpenAI;
beforeAll(async () => {
  server = await startModelTestServer({ LLM_TIMEOUT_MS: '10000' });
  fake = server.fake;
});
afterAll(() => server?.close());

const TOO_MANY = {
  code: 'rate_limited',
  message:
    'You already have 4 answers being written. This one will start as soon as one of them finishes.',
};

/** Start a send whose answer takes `ms` before its first word, and leave once the server took it (a phone losing signal). */
async function startSlowSend(client: TestClient, ms: number) {
  const send = buildSend(`[[first:${ms}]] slow ${randomUUID()}`);
  const { status, events } = await postStream(client, '/api/chat', send, (evs) =>
    evs.some((e) => e.event === 'start'),
  );
  expect(status).toBe(200);
  return { send, replyId: events[0]!.data.replyId as number };
}

const replyStatus = async (replyId: number) =>
  (
    await server.pool.query<{ status: string }>('SELECT status FROM messages WHERE id = $1', [
      replyId,
    ])
  ).rows[0]?.status;
const chatCount = async (userId: number) =>
  Number(
    (await server.pool.query('SELECT count(*) AS n FROM chats WHERE user_id = $1', [userId]))
      .rows[0].n,
  );

describe('fair use: concurrent model streams per user', () => {
  it('a 5th concurrent stream is a 429 with a message and stores nothing; after one finishes the next is accepted; another user is unaffected', async () => {
    const { user, client } = await loggedInClient(server);
    const short = await startSlowSend(client, 1500);
    for (let i = 1; i < MAX_CONCURRENT_STREAMS_PER_USER; i++) await startSlowSend(client, 6000);
    expect(await chatCount(user.id)).toBe(4);

    const fifth = buildSend(`fifth ${randomUUID()}`);
    const refused = await client.post('/api/chat', fifth);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const streamed = await postStream(client, '/api/chat', fifth);
    expect(streamed.status).toBe(429);
    expect(JSON.parse(streamed.text)).toEqual(TOO_MANY);
    expect(await chatCount(user.id)).toBe(4);
    expect(
      fake.requests.some((r) => r.messages.at(-1)?.content === fifth.messages[0]!.content),
    ).toBe(false);

    const other = await loggedInClient(server);
    expect(
      (await other.client.post('/api/chat', buildSend('Another rep, unaffected'))).status,
    ).toBe(200);

    // The queued send comes again, with the same ids, once a stream has finished: it goes through.
    await eventually(async () => (await replyStatus(short.replyId)) === 'complete');
    const accepted = await client.post('/api/chat', fifth);
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toMatchObject({
      status: 'complete',
      content: `You said: ${fifth.messages[0]!.content}`,
    });
  });

  it('ten sends at the same moment from one rep: four are answered, six are told to wait, and six store nothing', async () => {
    const { user, client } = await loggedInClient(server);
    const sends = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postStream(client, '/api/chat', buildSend(`[[first:1500]] at once ${i}`), (evs) =>
          evs.some((e) => e.event === 'start'),
        ),
      ),
    );
    const statuses = sends.map((s) => s.status).toSorted();
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
    expect(await chatCount(user.id)).toBe(MAX_CONCURRENT_STREAMS_PER_USER);
  });

  it('a replayed send that follows its running stream is not a new stream: it is answered even at the limit', async () => {
    const { client } = await loggedInClient(server);
    const first = await startSlowSend(client, 2500);
    for (let i = 1; i < MAX_CONCURRENT_STREAMS_PER_USER; i++) await startSlowSend(client, 2500);
    expect((await client.post('/api/chat', buildSend('one too many'))).status).toBe(429);

    const replay = await postStream(client, '/api/chat', first.send);
    expect(replay.status).toBe(200);
    expect(replay.events.at(-1)).toMatchObject({
      event: 'done',
      data: { message: { id: first.replyId, status: 'complete' } },
    });
  });

  it('a regenerate, a competitor analysis and a signed-in idea analysis count too; over the limit they are 429 and change nothing', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const done = await client.post('/api/chat', buildSend('Pitch a CRM to plumbers'));
    const chatId = done.body.chat.id as string;
    const answer = done.body.message.content as string;

    // Three slow chat streams and one slow competitor analysis fill the slots.
    for (let i = 1; i < MAX_CONCURRENT_STREAMS_PER_USER; i++) await startSlowSend(client, 3000);
    const analysis = client.post('/api/competitor-analysis', {
      productDescription: `[[first:3000]] CRM ${randomUUID()}`,
    });
    await eventually(
      async () =>
        Number(
          (
            await server.pool.query(
              "SELECT count(*) AS n FROM stream_leases WHERE kind = 'competitor-analysis'",
            )
          ).rows[0].n,
        ) > 0,
    );

    const regenerate = await client.post(`/api/chats/${chatId}/regenerate`, {});
    expect(regenerate.status).toBe(429);
    expect(regenerate.body).toEqual(TOO_MANY);
    expect((await client.get(`/api/chats/${chatId}`)).body.messages.at(-1)).toMatchObject({
      role: 'assistant',
      status: 'complete',
      content: answer,
    });
    const idea = await client.post('/api/analyze-startup', { idea: 'A CRM for plumbers' });
    expect(idea.status).toBe(429);
    expect(idea.body).toEqual(TOO_MANY);
    expect(
      (await client.post('/api/competitor-analysis', { productDescription: 'Another one' })).status,
    ).toBe(429);
    await analysis;
  });

  it('a competitor analysis whose client went away gives its slot back at once, not when the model finishes', async () => {
    const { user, client } = await loggedInClient(server, { pro: true });
    const leases = async () =>
      Number(
        (
          await server.pool.query('SELECT count(*) AS n FROM stream_leases WHERE user_id = $1', [
            user.id,
          ])
        ).rows[0].n,
      );
    const controller = new AbortController();
    // Forty words at half a second each: the model would take twenty seconds.
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const res = await fetch(`${server.url}/api/competitor-analysis`, {
      method: 'POST',
      signal: controller.signal,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': client.ip,
        'x-csrf-token': await client.token(),
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify({ productDescription: `[[delay:500]] ${words}` }),
    });
    expect(res.status).toBe(200);
    await res.body!.getReader().read();
    expect(await leases()).toBe(1);
    controller.abort();
    await eventually(async () => (await leases()) === 0, 5000);
  });

  it('slots left behind by a server that died stop counting once their heartbeat is stale', async () => {
    const { user, client } = await loggedInClient(server);
    await server.pool.query(
      `INSERT INTO stream_leases (user_id, kind, heartbeat_at) SELECT $1, 'chat', now() - interval '5 minutes' FROM generate_series(1, $2)`,
      [user.id, MAX_CONCURRENT_STREAMS_PER_USER],
    );
    expect((await client.post('/api/chat', buildSend('After a crash'))).status).toBe(200);
    expect(
      (
        await server.pool.query('SELECT count(*) AS n FROM stream_leases WHERE user_id = $1', [
          user.id,
        ])
      ).rows[0].n,
    ).toBe('0');
  });
});
