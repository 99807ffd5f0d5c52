import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelTestServer, type ModelTestServer } from '../support/server';
import { TestClient } from '../support/client';
import { loggedInClient, uniqueCredentials } from '../factories/users';
import { buildSend } from '../factories/chats';

let server: ModelTestServer;
beforeAll(async () => {
  server = await startModelTestServer();
});
afterAll(() => server?.close());

const NUL = 'before\u0000after';
const LONE_SURROGATE = 'before\ud800after';
const count = async (sql: string, values: unknown[] = []) =>
  Number(
    (await server.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, values)).rows[0]!.n,
  );
/** Calls the fake model received whose text holds `marker`. */
const modelCallsWith = (marker: string) =>
  server.fake.requests.filter((r) => r.messages.some((m) => m.content.includes(marker))).length;

describe('text with a NUL or an unpaired surrogate is refused', () => {
  it('a NUL in a chat message is a 400 naming the field; nothing is stored and the model is not asked', async () => {
    const { user, client } = await loggedInClient(server);
    const marker = randomUUID();
    const send = buildSend(`${marker} ${NUL}`);
    const res = await client.post('/api/chat', send);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'invalid_request',
      message: 'messages.0.content: must not contain a NUL character (\\u0000)',
    });
    expect(await count('chats WHERE user_id = $1', [user.id])).toBe(0);
    expect(await count('messages WHERE chat_id = $1', [send.chatId])).toBe(0);
    expect(modelCallsWith(marker)).toBe(0);
  });

  it('an unpaired surrogate in a chat message is a 400 naming the field, also as a stream', async () => {
    const { user, client } = await loggedInClient(server);
    const marker = randomUUID();
    const later = {
      ...buildSend('fine'),
      messages: [
        { role: 'user', content: 'fine' },
        { role: 'user', content: `${marker} ${LONE_SURROGATE}` },
      ],
    };
    const res = await client.request('POST', '/api/chat', later, {
      headers: { accept: 'text/event-stream' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'invalid_request',
      message: 'messages.1.content: must be valid text (it holds an unpaired UTF-16 surrogate)',
    });
    // A trailing low half without its high half is just as broken.
    const low = await client.post('/api/chat', buildSend(`${marker} \udc00`));
    expect(low.body.message).toMatch(/^messages\.0\.content: must be valid text/);
    expect(await count('chats WHERE user_id = $1', [user.id])).toBe(0);
    expect(modelCallsWith(marker)).toBe(0);
  });

  it('a proper surrogate pair (an emoji) is ordinary text and goes through', async () => {
    const { client } = await loggedInClient(server);
    const res = await client.post('/api/chat', buildSend('Pitch this 🚀 to a plumber'));
    expect(res.status).toBe(200);
    expect(res.body.message.content).toBe('You said: Pitch this 🚀 to a plumber');
  });

  it('a NUL in a register username is a 400 naming it, and no user is created', async () => {
    const creds = uniqueCredentials('nul');
    const res = await new TestClient(server.url).post('/api/auth/register', {
      ...creds,
      username: `${creds.username}\u0000x`,
      name: 'Nul',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'invalid_request',
      message: 'username: must not contain a NUL character (\\u0000)',
    });
    expect(await count('users WHERE email = $1', [creds.email])).toBe(0);
  });

  it('a NUL in a workflow title (create or rename) is a 400 naming it; nothing is stored', async () => {
    const { user, client } = await loggedInClient(server);
    const id = randomUUID().replace(/-/g, '').slice(0, 21);
    const created = await client.post('/api/workflows', {
      id,
      name: `Cold email ${NUL}`,
      workflowType: 'Cold Email',
      path: '/chat',
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({
      code: 'invalid_request',
      message: 'name: must not contain a NUL character (\\u0000)',
    });
    expect(await count('workflows WHERE user_id = $1', [user.id])).toBe(0);

    expect(
      (
        await client.post('/api/workflows', {
          id,
          name: 'Cold email',
          workflowType: 'Cold Email',
          path: '/chat',
        })
      ).status,
    ).toBe(201);
    const renamed = await client.patch(`/api/workflows/${id}`, { name: LONE_SURROGATE });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe(
      'name: must be valid text (it holds an unpaired UTF-16 surrogate)',
    );
    expect(
      (await server.pool.query('SELECT name FROM workflows WHERE id = $1', [id])).rows,
    ).toEqual([{ name: 'Cold email' }]);
  });

  it('a NUL in the idea analysis is a 400 naming it, before any model call; nothing is stored', async () => {
    const marker = randomUUID();
    const before = await count('idea_analyses');
    const res = await new TestClient(server.url).post('/api/analyze-startup', {
      idea: `${marker} ${NUL}`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'invalid_request',
      message: 'idea: must not contain a NUL character (\\u0000)',
    });
    expect(modelCallsWith(marker)).toBe(0);
    expect(await count('idea_analyses')).toBe(before);
  });

  it('a NUL the model writes is dropped, so the answer is stored rather than lost to a database error', async () => {
    const { client } = await loggedInClient(server);
    server.fake.enqueue({ reply: 'Dear Dana,\u0000 here is the pitch.' });
    const res = await client.post('/api/chat', buildSend('Write to Dana'));
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      status: 'complete',
      content: 'Dear Dana, here is the pitch.',
    });
  });

  it('a NUL that reaches the database another way (a path parameter) is a 400, never a 500', async () => {
    const { client } = await loggedInClient(server);
    const res = await client.get('/api/workflows/abc%00def');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
  });
});
