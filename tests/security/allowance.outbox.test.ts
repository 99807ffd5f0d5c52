// The app's real send path (web/features/chat/engine/sendMessage.ts and the outbox, on fake-indexeddb)
// against the real server: what a rep's phone keeps when the server refuses a send for the day's
// AI allowance.
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in node
import 'fake-indexeddb/auto';
// oxlint-disable-next-line import/no-unassigned-import -- Node 20 has no Web Locks, which the outbox needs
import '../support/setupWebLocks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../web/data/api';
import { PitchpadDb, userDbName } from '../../web/data/db';
import { uuidv7 } from '../../web/data/ids';
import { flushOutbox, nextDueAt, waitingSends } from '../../web/data/outbox';
import { chatSends, sendMessage } from '../../web/features/chat/engine/sendMessage';
import { spendAllowance } from '../factories/chats';
import { loggedInClient } from '../factories/users';
import { browserFetch } from '../support/browserFetch';
import { PAYMENTS_ON, startModelTestServer, type ModelTestServer } from '../support/server';

let server: ModelTestServer;
beforeAll(async () => {
  server = await startModelTestServer({ ...PAYMENTS_ON, LLM_DAILY_TOKENS_FREE: '2000' });
});
afterAll(() => server?.close());

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.useRealTimers();
});

describe("a send refused for the day's AI allowance", () => {
  it("stays queued on the phone with the server's reason, and nothing reaches the server or the model", async () => {
    const { user, client } = await loggedInClient(server);
    // The day's allowance used up by an earlier long question.
    await spendAllowance(client);

    api.resetCsrfToken();
    globalThis.fetch = browserFetch(client);
    const db = new PitchpadDb(userDbName(user.id));
    try {
      const chatId = uuidv7();
      const content = `Write the follow-up email ${uuidv7()}`;
      const outcome = await sendMessage(db, { chatId, content });

      const reason =
        /^You've used today's AI allowance\. It resets at 00:00 UTC \(in (\d+ h)?( ?\d+ min)?\)\.$/;
      expect(outcome).toEqual({ kind: 'queued', notice: expect.stringMatching(reason) });
      const [entry] = await db.outbox.toArray();
      expect(entry).toMatchObject({
        chatId,
        state: 'queued',
        attempts: 1,
        lastError: expect.stringMatching(reason),
      });
      expect(entry!.nextAttemptAt).toBeGreaterThan(Date.now());
      expect(await db.messages.get(entry!.messageKey!)).toMatchObject({
        content,
        status: 'queued',
        serverId: null,
      });

      expect(
        (await server.pool.query('SELECT id FROM chats WHERE id = $1', [chatId])).rows,
      ).toEqual([]);
      expect(server.fake.requests.some((r) => r.messages.at(-1)?.content === content)).toBe(false);
    } finally {
      db.close();
    }
  });

  it("is not tried again before the allowance resets (the server's Retry-After), even by a forced flush after a reload; then it goes", async () => {
    const { user, client } = await loggedInClient(server);
    await spendAllowance(client);

    api.resetCsrfToken();
    const calls: string[] = [];
    globalThis.fetch = browserFetch(client, calls);
    let db = new PitchpadDb(userDbName(user.id));
    try {
      const chatId = uuidv7();
      expect(
        await sendMessage(db, { chatId, content: `Write the follow-up email ${uuidv7()}` }),
      ).toMatchObject({ kind: 'queued' });
      const [entry] = await db.outbox.toArray();
      // The server's Retry-After: the seconds until the next 00:00 UTC.
      const midnight = new Date();
      midnight.setUTCHours(24, 0, 0, 0);
      expect(entry!.notBefore).toBeGreaterThan(midnight.getTime() - 5000);
      expect(entry!.notBefore).toBeLessThan(midnight.getTime() + 5000);

      // The app is reloaded, comes back on screen, the network returns: a forced flush sends nothing.
      db.close();
      db = new PitchpadDb(userDbName(user.id));
      calls.length = 0;
      const early = await flushOutbox(db, chatSends, { force: true });
      expect(early.outcomes.size).toBe(0);
      expect(calls).toEqual([]);
      // Still visibly queued with the server's reason, the engine's timer set for the reset.
      expect(await db.outbox.get(entry!.seq!)).toMatchObject({
        state: 'queued',
        lastError: expect.stringMatching(/It resets at 00:00 UTC/),
      });
      expect(await db.messages.get(entry!.messageKey!)).toMatchObject({ status: 'queued' });
      expect(nextDueAt(await waitingSends(db))).toBe(entry!.notBefore);

      // Past the reset (the server's day has turned too): the send goes, and is answered.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(entry!.notBefore! + 1000);
      const later = await flushOutbox(db, chatSends, { force: true });
      expect(calls).toContain('POST /api/chat');
      expect(later.outcomes.get(entry!.clientId)).toMatchObject({
        state: 'sent',
        detail: { kind: 'done' },
      });
      expect(
        (await server.pool.query('SELECT id FROM chats WHERE id = $1', [chatId])).rows,
      ).toHaveLength(1);
    } finally {
      db.close();
    }
  });
});
