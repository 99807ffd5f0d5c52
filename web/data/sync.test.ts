// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearUserData, openUserDb, type PitchpadDb } from './db';
import { SwMessage } from './swShared';
import { startSync, type SyncEngine } from './sync';

let db: PitchpadDb;
let userId = 9400;
let engine: SyncEngine | undefined;
/** How many times the engine handed over the work other than chat sends. */
let pushes: number;
const workerMessages = new EventTarget();

beforeEach(() => {
  db = openUserDb(++userId);
  pushes = 0;
  // The server, signed in as this user, with no chats yet.
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/csrf-token') return Response.json({ csrfToken: 't' });
    if (url === '/api/auth/user') return Response.json({ id: userId, username: 'ada', email: 'ada@example.com' });
    return Response.json([]);
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: workerMessages });
});

afterEach(async () => {
  engine?.stop();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(document, 'visibilityState');
  await clearUserData(userId);
});

function start(): void {
  engine = startSync({
    db,
    userId,
    deliver: async () => ({ kind: 'done' }),
    pushOther: async () => {
      pushes += 1;
    },
  });
}

describe('the sync engine hands over every kind of queued work, not only chat sends', () => {
  it('trust: 6. when the app comes back on screen (all there is after closing it, where the browser has no Background Sync)', async () => {
    start();
    await vi.waitFor(() => expect(pushes).toBe(1));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(pushes).toBe(2));
  });

  it("trust: 6. when the worker relays the browser's sync to a page on screen", async () => {
    start();
    await vi.waitFor(() => expect(pushes).toBe(1));
    workerMessages.dispatchEvent(new MessageEvent('message', { data: { type: SwMessage.flushOutbox } }));
    await vi.waitFor(() => expect(pushes).toBe(2));
  });
});
