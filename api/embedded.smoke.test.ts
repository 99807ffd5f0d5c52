import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { startModelTestServer, type ModelTestServer } from '../tests/support/server';
import { TestClient, postStream } from '../tests/support/client';
import { uniqueCredentials } from '../tests/factories/users';
import { buildSend } from '../tests/factories/chats';
import { fillAccount } from '../tests/factories/accountData';

// CI runs the API suite once, on the machine's Postgres. The embedded PGlite a fresh install runs
// on keeps its own tests (db/, tests/security/embedded.test.ts) and this walk through every area
// of the app, so SQL that only Postgres accepts fails here and not on a rep's laptop.

let server: ModelTestServer;
beforeAll(async () => {
  // An empty DATABASE_URL means "no Postgres": the in-memory PGlite, whatever the suite runs on.
  server = await startModelTestServer({ DATABASE_URL: '' });
});
afterAll(() => server?.close());

describe('every area of the app on the embedded database', () => {
  it('runs on PGlite, not on the Postgres the rest of the suite may use', () => {
    expect(server.config.databaseUrl).toBeUndefined();
  });

  it('registers a rep who chats, streams, saves, fills the profile and kit, records, exports and deletes the account', async () => {
    const creds = uniqueCredentials('embedded');
    const client = new TestClient(server.url);
    const registered = await client.post('/api/auth/register', { ...creds, name: 'Ada Embedded' });
    expect(registered.status).toBe(201);
    const me = await client.get('/api/auth/user');
    expect(me.body).toMatchObject({ username: creds.username, name: 'Ada Embedded' });

    const filled = await fillAccount(server, client, me.body.id, 'narwhal');

    const streamed = buildSend('Three channels for a dev tool', { chatId: filled.chatId });
    const { events } = await postStream(client, '/api/chat', streamed);
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { message: { content: 'You said: Three channels for a dev tool' } },
    });
    const chat = (await client.get(`/api/chats/${filled.chatId}`)).body;
    expect(chat.messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);

    expect((await client.get('/api/workflows')).body).toMatchObject([
      { id: filled.workflowId, name: 'Saved narwhal' },
    ]);
    expect((await client.get('/api/profile')).body.fields.company.value).toBe('Company narwhal');
    const found = await client.post('/api/kit/search', { query: 'pricing beats narwhal' });
    expect(found.status).toBe(200);
    expect(found.body.passages[0].text).toContain('Our pricing beats narwhal');
    const recordings = (await client.get('/api/recordings')).body.recordings as { id: string }[];
    expect(recordings.map((r) => r.id)).toContain(filled.recordingId);

    const exported = await fetch(`${server.url}/api/account/export`, {
      headers: {
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-forwarded-for': client.ip,
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(exported.status).toBe(200);
    const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    expect(strFromU8(files['chats.json']!)).toContain('Draft a cold email about narwhal');

    const deleted = await client.post('/api/account/delete', { currentPassword: creds.password });
    expect(deleted.status).toBe(200);
    const { rows } = await server.pool.query(
      `SELECT (SELECT count(*)::int FROM users WHERE id = $1) AS users,
              (SELECT count(*)::int FROM chats WHERE user_id = $1) AS chats,
              (SELECT count(*)::int FROM kit_passages WHERE user_id = $1) AS passages`,
      [me.body.id],
    );
    expect(rows[0]).toEqual({ users: 0, chats: 0, passages: 0 });
  });
});
