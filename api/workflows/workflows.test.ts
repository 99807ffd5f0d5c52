import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import { loggedInClient } from '../../tests/factories/users';
import { buildSend } from '../../tests/factories/chats';
import { WORKFLOW_WRITES_PER_USER } from '../../domain/limits';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** A 21-character id like the client's. */
const newId = () => crypto.randomUUID().replace(/-/g, '').slice(0, 21);
const item = (overrides: Record<string, unknown> = {}) => ({
  id: newId(),
  name: 'Cold Email to Dana',
  workflowType: 'Cold Email',
  path: '/chat',
  ...overrides,
});

describe('/api/workflows', () => {
  it('saves history items and lists them newest first', async () => {
    const { client } = await loggedInClient(server);
    const older = item({ name: 'Older', date: '2024-03-05T15:07:00.000Z' });
    const newer = item({ name: 'Newer', date: '2024-03-06T09:00:00.000Z' });
    expect((await client.post('/api/workflows', older)).status).toBe(201);
    expect((await client.post('/api/workflows', newer)).body).toEqual({
      ...newer,
      date: '2024-03-06T09:00:00.000Z',
    });
    expect((await client.get('/api/workflows')).body.map((w: { name: string }) => w.name)).toEqual([
      'Newer',
      'Older',
    ]);
  });

  it('saves the same id once, however often it is sent', async () => {
    const { client } = await loggedInClient(server);
    const w = item();
    await client.post('/api/workflows', w);
    await client.post('/api/workflows', { ...w, name: 'Changed on replay' });
    const list = (await client.get('/api/workflows')).body;
    expect(list).toHaveLength(1);
    expect(list[0].name).toBe('Cold Email to Dana');
  });

  it('renames (trimmed) and deletes', async () => {
    const { client } = await loggedInClient(server);
    const w = item();
    await client.post('/api/workflows', w);
    expect(
      (await client.patch(`/api/workflows/${w.id}`, { name: '  Dana, take two  ' })).body.name,
    ).toBe('Dana, take two');
    expect((await client.delete(`/api/workflows/${w.id}`)).status).toBe(200);
    expect((await client.get('/api/workflows')).body).toEqual([]);
    expect((await client.delete(`/api/workflows/${w.id}`)).status).toBe(404);
  });

  it.each([
    ['a bad id', { id: 'short' }, 'id: must be a 21-character id'],
    ['a blank name', { name: '   ' }, 'name: must not be empty'],
    ['a path outside the app', { path: 'https://evil.example' }, 'path: must be an app path'],
    ['a bad date', { date: 'yesterday' }, 'date: must be an ISO date'],
    [
      'a result too long',
      { result: 'x'.repeat(200_001) },
      'result: must be at most 200000 characters',
    ],
  ])('refuses %s with a 400', async (_label, change, message) => {
    const { client } = await loggedInClient(server);
    const res = await client.post('/api/workflows', item(change));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'invalid_request', message });
    expect((await client.get('/api/workflows')).body).toEqual([]);
  });

  it('keeps what a workflow produced, answered for the one item and left out of the list', async () => {
    const { client } = await loggedInClient(server);
    const result = JSON.stringify({ topic: 'CRM for plumbers', competitors: [] });
    const w = item({
      name: 'Competitive Analysis: CRM for plumbers',
      workflowType: 'Competitive Analysis',
      path: '/competitive?workflow=x',
      result,
    });
    const saved = await client.post('/api/workflows', w);
    expect(saved.body).not.toHaveProperty('result');
    expect((await client.get('/api/workflows')).body[0]).not.toHaveProperty('result');
    const one = await client.get(`/api/workflows/${w.id}`);
    expect(one.body).toMatchObject({
      id: w.id,
      name: w.name,
      path: '/competitive?workflow=x',
      result,
    });
    // An item without one answers null; another user's, or a deleted one, is not found.
    const plain = item();
    await client.post('/api/workflows', plain);
    expect((await client.get(`/api/workflows/${plain.id}`)).body.result).toBeNull();
    const bob = await loggedInClient(server);
    expect((await bob.client.get(`/api/workflows/${w.id}`)).status).toBe(404);
    await client.delete(`/api/workflows/${w.id}`);
    expect((await client.get(`/api/workflows/${w.id}`)).status).toBe(404);
    expect((await new TestClient(server.url).get(`/api/workflows/${plain.id}`)).status).toBe(401);
  });

  it('renaming a saved item renames its chat, in the database too, and leaves its place in the recent list', async () => {
    const { client } = await loggedInClient(server);
    const send = buildSend('Write a cold email to Dana');
    expect((await client.post('/api/chat', { ...send, title: 'Cold Email to Dana' })).status).toBe(
      200,
    );
    const before = (await client.get(`/api/chats/${send.chatId}`)).body.chat;
    const w = item({ path: `/chat?chat=${send.chatId}` });
    await client.post('/api/workflows', w);

    const renamed = await client.patch(`/api/workflows/${w.id}`, {
      name: '  Dana at Freightly, second try ',
    });
    expect(renamed.body.name).toBe('Dana at Freightly, second try');
    const chat = (await client.get(`/api/chats/${send.chatId}`)).body.chat;
    expect(chat).toMatchObject({
      title: 'Dana at Freightly, second try',
      updatedAt: before.updatedAt,
    });
    const { rows } = await server.pool.query('SELECT title FROM chats WHERE id = $1', [
      send.chatId,
    ]);
    expect(rows).toEqual([{ title: 'Dana at Freightly, second try' }]);
    expect(
      (await client.get('/api/chats')).body.find((c: { id: string }) => c.id === send.chatId).title,
    ).toBe('Dana at Freightly, second try');
  });

  it("Bob's saved item naming Alice's chat cannot rename it; an item with no chat renames only itself", async () => {
    const alice = await loggedInClient(server);
    const bob = await loggedInClient(server);
    const send = buildSend('Alice asks');
    await alice.client.post('/api/chat', { ...send, title: 'Alice chat' });
    const bobs = item({ path: `/chat?chat=${send.chatId}` });
    await bob.client.post('/api/workflows', bobs);
    expect(
      (await bob.client.patch(`/api/workflows/${bobs.id}`, { name: 'Taken over' })).status,
    ).toBe(200);
    expect((await alice.client.get(`/api/chats/${send.chatId}`)).body.chat.title).toBe(
      'Alice chat',
    );

    const plain = item({ path: '/competitive?workflow=abc' });
    await alice.client.post('/api/workflows', plain);
    expect(
      (await alice.client.patch(`/api/workflows/${plain.id}`, { name: 'Competitors, renamed' }))
        .body.name,
    ).toBe('Competitors, renamed');
    expect((await alice.client.get(`/api/chats/${send.chatId}`)).body.chat.title).toBe(
      'Alice chat',
    );
  });

  it('refuses a blank new name', async () => {
    const { client } = await loggedInClient(server);
    const w = item();
    await client.post('/api/workflows', w);
    expect((await client.patch(`/api/workflows/${w.id}`, { name: ' ' })).status).toBe(400);
    expect((await client.get('/api/workflows')).body[0].name).toBe('Cold Email to Dana');
  });

  it("keeps Bob out of Alice's history", async () => {
    const alice = await loggedInClient(server);
    const bob = await loggedInClient(server);
    const w = item({ name: 'Alice only' });
    await alice.client.post('/api/workflows', w);
    expect((await bob.client.get('/api/workflows')).body).toEqual([]);
    expect((await bob.client.patch(`/api/workflows/${w.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await bob.client.delete(`/api/workflows/${w.id}`)).status).toBe(404);
    expect((await bob.client.post('/api/workflows', w)).status).toBe(404);
    expect((await alice.client.get('/api/workflows')).body[0].name).toBe('Alice only');
  });

  it('answers 401 without a session and 403 without a CSRF token', async () => {
    const guest = new TestClient(server.url);
    expect((await guest.get('/api/workflows')).status).toBe(401);
    expect((await guest.post('/api/workflows', item())).status).toBe(401);
    const { client } = await loggedInClient(server);
    expect((await client.post('/api/workflows', item(), { csrf: false })).status).toBe(403);
  });

  it('counts finished workflows on the dashboard', async () => {
    const { client } = await loggedInClient(server);
    // A flow's item whose chat holds no answer a model wrote saves no time (api/users/users.sql.ts);
    // an idea analysis, saved only from a model's answer, does.
    await client.post('/api/workflows', item());
    await client.post(
      '/api/workflows',
      item({ workflowType: 'Idea analysis', name: 'My idea', path: '/onboarding?analysis=1' }),
    );
    expect((await client.get('/api/user/usage')).body).toMatchObject({
      ideasAnalyzed: 1,
      timeSavedMinutes: 30,
    });
  });

  it('saves and renames are rate-limited per user (429 with a message); another user is unaffected', async () => {
    const { client } = await loggedInClient(server);
    const first = item();
    expect((await client.post('/api/workflows', first)).status).toBe(201);
    const writes = [];
    for (let i = 1; i < WORKFLOW_WRITES_PER_USER; i++)
      writes.push(
        i % 2
          ? client.patch(`/api/workflows/${first.id}`, { name: `Take ${i}` })
          : client.post('/api/workflows', item()),
      );
    expect((await Promise.all(writes)).map((r) => r.status).filter((s) => s >= 300)).toEqual([]);

    const over = await client.post('/api/workflows', item());
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please try again later.',
    });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await client.patch(`/api/workflows/${first.id}`, { name: 'One more' })).status).toBe(
      429,
    );
    // Reading is not limited, and the refused writes stored nothing.
    const list = (await client.get('/api/workflows')).body;
    expect(list).toHaveLength(WORKFLOW_WRITES_PER_USER / 2);
    expect(list.find((w: { id: string }) => w.id === first.id).name).not.toBe('One more');

    const other = await loggedInClient(server);
    expect((await other.client.post('/api/workflows', item())).status).toBe(201);
  });
});
