// @vitest-environment jsdom
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearUserData, openUserDb, type PitchpadDb } from './db';
import { uuidv7 } from './ids';
import { enqueue } from './outbox';
import { SwMessage } from './swShared';
import { startSync, type SyncEngine } from './sync';
import { chatHandlers } from '../features/chat/engine/chatDelivery';
import { queuedSends } from '../app/queuedWork';
import {
  profileValues,
  pullProfile,
  readLocalProfile,
  saveProfileEdits,
} from '../features/profile/profileStore';

let db: PitchpadDb;
let userId = 9400;
let engine: SyncEngine | undefined;
/** How many times the engine handed over the work other than chat sends. */
let pushes: number;
/** How many flushes the engine made. */
let flushes: number;
/** Every request the app made, in order. */
let requests: string[];
const workerMessages = new EventTarget();

beforeEach(() => {
  db = openUserDb(++userId);
  pushes = 0;
  flushes = 0;
  requests = [];
  // The server, signed in as this user, with no chats yet.
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url);
    if (url === '/api/csrf-token') return Response.json({ csrfToken: 't' });
    if (url === '/api/auth/user')
      return Response.json({ id: userId, username: 'ada', email: 'ada@example.com' });
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
    handlers: chatHandlers(async () => ({ kind: 'done' })),
    pushOther: async () => {
      pushes += 1;
    },
    onFlushed: () => {
      flushes += 1;
    },
  });
}

/** A saved-history change made here that the server does not have yet. */
async function historyChangeWaiting(): Promise<void> {
  await db.workflows.put({
    id: uuidv7(),
    type: 'email',
    title: 'Cold Email to Dana',
    answers: {},
    createdAt: '',
    updatedAt: '',
    synced: false,
  });
}

/** The app comes back on screen. */
function comeBackOnScreen(): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the sync engine hands over every kind of queued work, not only chat sends', () => {
  it('when the app comes back on screen (all there is after closing it, where the browser has no Background Sync)', async () => {
    await historyChangeWaiting();
    start();
    await vi.waitFor(() => expect(pushes).toBe(1));
    comeBackOnScreen();
    await vi.waitFor(() => expect(pushes).toBe(2));
  });

  it("when the worker relays the browser's sync to a page on screen", async () => {
    await historyChangeWaiting();
    start();
    await vi.waitFor(() => expect(pushes).toBe(1));
    workerMessages.dispatchEvent(
      new MessageEvent('message', { data: { type: SwMessage.flushOutbox } }),
    );
    await vi.waitFor(() => expect(pushes).toBe(2));
  });
});

describe('the sync engine hands over work waiting out a hold when it is due', () => {
  it('an entry held until a time (a GTM plan whose delivery failed) is tried again then, with no start, reconnect or return to the screen', async () => {
    const tries: number[] = [];
    engine = startSync({
      db,
      userId,
      handlers: {
        'test-held': {
          // The first try fails and holds the entry 300 ms; the second delivers it.
          deliver: async () => {
            tries.push(Date.now());
            return tries.length === 1
              ? { kind: 'retry', reason: 'The model failed.', notBefore: Date.now() + 300 }
              : { kind: 'delivered' };
          },
        },
      },
    });
    await db.transaction('rw', db.outbox, () =>
      enqueue(db, { kind: 'test-held', line: 'held', clientId: uuidv7() }),
    );
    await vi.waitFor(() => expect(tries).toHaveLength(1));
    await vi.waitFor(() => expect(tries).toHaveLength(2), { timeout: 3000 });
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(300);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(tries).toHaveLength(2);
  });
});

describe('the sync engine asks the server nothing when no work waits', () => {
  it('with nothing queued here, coming back on screen and a relayed sync make no request at all (not even "who is signed in")', async () => {
    start();
    // The start's own flush and pull of the chat list.
    await vi.waitFor(() => expect(flushes).toBe(1));
    await vi.waitFor(() => expect(requests).toContain('/api/chats'));
    requests.length = 0;

    comeBackOnScreen();
    await vi.waitFor(() => expect(flushes).toBe(2));
    workerMessages.dispatchEvent(
      new MessageEvent('message', { data: { type: SwMessage.flushOutbox } }),
    );
    await vi.waitFor(() => expect(flushes).toBe(3));
    expect(requests).toEqual([]);
    expect(pushes).toBe(0);
  });

  it('with a saved-history change queued meanwhile, coming back on screen checks the session and delivers it', async () => {
    start();
    await vi.waitFor(() => expect(flushes).toBe(1));
    await vi.waitFor(() => expect(requests).toContain('/api/chats'));
    requests.length = 0;

    await historyChangeWaiting();
    comeBackOnScreen();
    await vi.waitFor(() => expect(flushes).toBe(2));
    expect(requests).toEqual(['/api/auth/user']);
    expect(pushes).toBe(1);
  });
});

describe('the sync engine keeps the profile on the device fresh', () => {
  it('a profile edited on another device is on this one after the start and after a reconnect, for a flow opened with no signal later', async () => {
    let company = 'Freightly';
    vi.stubGlobal('fetch', async (url: string) => {
      requests.push(url);
      if (url === '/api/profile')
        return Response.json({
          fields: { company: { value: company, editedAt: new Date().toISOString() } },
        });
      return Response.json([]);
    });
    engine = startSync({ db, userId, handlers: {}, pullOther: () => pullProfile(db) });
    await vi.waitFor(async () =>
      expect(profileValues(await readLocalProfile(db))).toEqual({ company: 'Freightly' }),
    );

    company = 'Freightly Inc.';
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () =>
      expect(profileValues(await readLocalProfile(db))).toEqual({ company: 'Freightly Inc.' }),
    );
  });

  it('a queued profile edit the server answers 401 tells the app its session is gone, and the edit waits', async () => {
    await saveProfileEdits(db, { company: 'Freightly' });
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      requests.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/csrf-token') return Response.json({ csrfToken: 't' });
      if (url === '/api/profile' && init?.method === 'PATCH')
        return Response.json(
          { code: 'unauthorized', message: 'You must be logged in' },
          { status: 401 },
        );
      if (url === '/api/profile') return Response.json({ fields: {} });
      return Response.json([]);
    });
    let lost = 0;
    engine = startSync({ db, userId, handlers: queuedSends, onSessionLost: () => (lost += 1) });
    await vi.waitFor(() => expect(lost).toBeGreaterThan(0));
    expect(requests).toContain('PATCH /api/profile');
    expect((await db.outbox.toArray()).map((entry) => entry.state)).toEqual(['queued']);
  });
});
