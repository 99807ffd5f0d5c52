// The closed app's Background Sync (deliverQueuedWork) when the browser's session is no longer the
// queue's owner's: the app's real outbox on fake-indexeddb, against the real server over HTTP. Every
// kind of work, not only chat sends, then waits for its owner's next sign-in instead of asking the
// browser to wake the worker again (and sending the upload or the PATCH again each time).
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in node
import 'fake-indexeddb/auto';
// oxlint-disable-next-line import/no-unassigned-import -- Node 20 has no Web Locks, which the outbox needs
import '../../tests/support/setupWebLocks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../tests/factories/users';
import { browserFetch } from '../../tests/support/browserFetch';
import { TestClient } from '../../tests/support/client';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { api } from '../data/api';
import { PitchpadDb, userDbName } from '../data/db';
import { queueKitFile } from '../features/kit/kitUploads';
import { saveProfileEdits } from '../features/profile/profileStore';
import { deliverQueuedWork } from './queuedWork';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server?.close());

const realFetch = globalThis.fetch;
const dbs: PitchpadDb[] = [];
afterEach(() => {
  globalThis.fetch = realFetch;
  for (const db of dbs.splice(0)) db.close();
});

/** Alice's phone with a profile edit and a kit file queued; `browseAs` is whose cookies the browser holds. */
async function aliceQueuedWork() {
  const alice = await loggedInClient(server);
  const db = new PitchpadDb(userDbName(alice.user.id));
  dbs.push(db);
  await saveProfileEdits(db, { company: 'Freightly' });
  await queueKitFile(db, {
    name: 'pricing.md',
    type: 'text/markdown',
    blob: new Blob(['# Pricing\n\nFreightly costs $49 a seat a month.'], { type: 'text/markdown' }),
  });
  const calls: string[] = [];
  const browseAs = (client: TestClient) => {
    api.resetCsrfToken();
    globalThis.fetch = browserFetch(client, calls);
  };
  return { alice, db, calls, browseAs };
}

async function storedOf(userId: number) {
  const profile = await server.pool.query('SELECT fields FROM profiles WHERE user_id = $1', [
    userId,
  ]);
  const files = await server.pool.query('SELECT name FROM kit_files WHERE user_id = $1', [userId]);
  return { profile: profile.rows.length, files: files.rows.length };
}

const sends = (calls: string[]) =>
  calls.filter((call) => call.startsWith('PATCH') || call.startsWith('PUT'));

describe("the closed app's sync with the session gone: every kind of work waits for its owner", () => {
  it('signed out (401): a profile edit and a kit file are tried once, stay queued, and the browser is not asked to try again', async () => {
    const { alice, db, calls, browseAs } = await aliceQueuedWork();
    browseAs(new TestClient(server.url));

    expect((await deliverQueuedWork(db)).left).toBe('settled');
    expect(sends(calls)).toHaveLength(2);
    expect((await db.outbox.toArray()).map((entry) => entry.state)).toEqual(['queued', 'queued']);
    expect(await storedOf(alice.user.id)).toEqual({ profile: 0, files: 0 });

    // Alice signs in again: her next sync delivers both.
    browseAs(alice.client);
    expect((await deliverQueuedWork(db)).left).toBe('settled');
    expect((await db.outbox.toArray()).map((entry) => entry.state)).toEqual(['sent', 'sent']);
    expect(await storedOf(alice.user.id)).toEqual({ profile: 1, files: 1 });
  });

  it("Bob signed in on Alice's phone (409 session_mismatch): nothing is stored in his account, and nothing is retried", async () => {
    const { alice, db, calls, browseAs } = await aliceQueuedWork();
    const bob = await loggedInClient(server);
    browseAs(bob.client);

    expect((await deliverQueuedWork(db)).left).toBe('settled');
    expect(sends(calls)).toHaveLength(2);
    expect((await db.outbox.toArray()).map((entry) => entry.state)).toEqual(['queued', 'queued']);
    expect(await storedOf(bob.user.id)).toEqual({ profile: 0, files: 0 });
    expect(await storedOf(alice.user.id)).toEqual({ profile: 0, files: 0 });
  });
});
