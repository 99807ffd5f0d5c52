// The app's real send path (web/features/chat/sendMessage.ts and the outbox, on fake-indexeddb)
// against the real server: what a rep's phone keeps when the server refuses a send for the day's
// AI allowance.
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in node
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../web/data/api';
import { PitchpadDb, userDbName } from '../../web/data/db';
import { uuidv7 } from '../../web/data/ids';
import { sendMessage } from '../../web/features/chat/sendMessage';
import { buildSend } from '../factories/chats';
import { loggedInClient } from '../factories/users';
import type { TestClient } from '../support/client';
import { startModelTestServer, type ModelTestServer } from '../support/server';

let server: ModelTestServer;
beforeAll(async () => {
  server = await startModelTestServer({ LLM_DAILY_TOKENS_FREE: '2000' });
});
afterAll(() => server?.close());

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** The app's same-origin fetch, as this browser: the server's origin, the session's cookies and address. */
function browserFetch(client: TestClient): typeof fetch {
  const fetcher = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    headers.set('x-forwarded-for', client.ip);
    const res = await realFetch(server.url + String(input), { ...init, headers });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      client.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return res;
  };
  return Object.assign(fetcher, { preconnect: () => {} }) as typeof fetch;
}

describe("trust: 2. a send refused for the day's AI allowance", () => {
  it("trust: 2. stays queued on the phone with the server's reason, and nothing reaches the server or the model", async () => {
    const { user, client } = await loggedInClient(server);
    // The day's allowance used up by an earlier long question (about 2,000 tokens each way).
    expect((await client.post('/api/chat', buildSend('The quick brown fox jumps over the lazy dog. '.repeat(200)))).status).toBe(200);

    api.resetCsrfToken();
    globalThis.fetch = browserFetch(client);
    const db = new PitchpadDb(userDbName(user.id));
    try {
      const chatId = uuidv7();
      const content = `Write the follow-up email ${uuidv7()}`;
      const outcome = await sendMessage(db, { chatId, content });

      const reason = /^You've used today's AI allowance\. It resets at 00:00 UTC \(in (\d+ h)?( ?\d+ min)?\)\.$/;
      expect(outcome).toEqual({ kind: 'queued', notice: expect.stringMatching(reason) });
      const [entry] = await db.outbox.toArray();
      expect(entry).toMatchObject({ chatId, state: 'queued', attempts: 1, lastError: expect.stringMatching(reason) });
      expect(entry!.nextAttemptAt).toBeGreaterThan(Date.now());
      expect((await db.messages.get(entry!.messageKey))).toMatchObject({ content, status: 'queued', serverId: null });

      expect((await server.pool.query('SELECT id FROM chats WHERE id = $1', [chatId])).rows).toEqual([]);
      expect(server.fake.requests.some((r) => r.messages.at(-1)?.content === content)).toBe(false);
    } finally {
      db.close();
    }
  });
});
