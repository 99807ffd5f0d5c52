// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteWorkflow, renameWorkflow, saveWorkflow } from '../features/history/workflowStore';
import { saveReplyEmailEdit } from '../features/playbooks/emailEdits';
import { buildLocalReply } from '../../tests/factories/localMessages';
import { clearUserData, openUserDb, type PitchpadDb } from './db';
import { queueSend } from '../features/chat/engine/chatDelivery';
import { SYNC_TAG_PREFIX } from './swShared';

const syncTagOf = (id: number) => `${SYNC_TAG_PREFIX}${id}`;

/**
 * The browser's side of Background Sync, as Chromium has it: a registered service worker whose
 * registration keeps the tags asked for (each once) until their `sync` fires. `withSync: false` is
 * Safari or Firefox: no `sync` on the registration at all. Every `register` is counted, and whether
 * the test's own write had been stored (`stored.now`, set by the test) when it was made.
 */
function installServiceWorker({ withSync }: { withSync: boolean }) {
  const tags: string[] = [];
  const registers: string[] = [];
  const stored = { now: true, atRegister: [] as boolean[] };
  class Registration {
    readonly scope = '/';
  }
  if (withSync) {
    Object.defineProperty(Registration.prototype, 'sync', {
      get: () => ({
        async register(tag: string) {
          stored.atRegister.push(stored.now);
          registers.push(tag);
          if (!tags.includes(tag)) tags.push(tag);
        },
        getTags: async () => [...tags],
      }),
    });
  }
  const registration = new Registration();
  vi.stubGlobal('ServiceWorkerRegistration', Registration);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { tags, registers, stored };
}

let db: PitchpadDb;
let userId = 9300;

beforeEach(() => {
  db = openUserDb(++userId);
  // No signal: every call to the server fails as a dead network does.
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  await clearUserData(userId);
});

const reply = buildLocalReply();

describe('work queued offline asks the browser to deliver it with the app closed', () => {
  it('a saved-history change made offline (a save, a rename, a delete) registers the sync', async () => {
    const browser = installServiceWorker({ withSync: true });
    const item = await saveWorkflow(db, { type: 'email', name: 'Cold Email to Dana', answers: {} });
    await vi.waitFor(() => expect(browser.tags).toEqual([syncTagOf(userId)]));

    // Delivered meanwhile (the tag fired and is gone): the next change asks again.
    browser.tags.length = 0;
    await renameWorkflow(db, item.id, 'Cold Email to Dana Ortiz');
    await vi.waitFor(() => expect(browser.tags).toEqual([syncTagOf(userId)]));
    browser.tags.length = 0;
    await deleteWorkflow(db, item.id);
    await vi.waitFor(() => expect(browser.tags).toEqual([syncTagOf(userId)]));
    expect((await db.workflows.get(item.id))?.synced).toBe(false);
  });

  it('an email edit made offline registers the sync', async () => {
    const browser = installServiceWorker({ withSync: true });
    await db.messages.put(reply);
    await saveReplyEmailEdit(db, reply.key, { subject: 'New subject', body: 'New body' });
    await vi.waitFor(() => expect(browser.tags).toEqual([syncTagOf(userId)]));
    expect(await db.messages.get(reply.key)).toMatchObject({ emailEditPending: true });
  });

  it('a chat send registers the sync once its entry is stored, not before', async () => {
    const browser = installServiceWorker({ withSync: true });
    browser.stored.now = false;
    await db
      .transaction('rw', db.outbox, async () => {
        await queueSend(db, { clientId: 'c1', chatId: reply.chatId, messageKey: 'u:c1' });
      })
      .then(() => {
        browser.stored.now = true;
      });
    await vi.waitFor(() => expect(browser.tags).toEqual([syncTagOf(userId)]));
    expect(browser.stored.atRegister).toEqual([true]);
    expect(await db.outbox.count()).toBe(1);
  });

  it('work queued while the sync is firing asks for it again, so the worker wakes once more for it', async () => {
    const browser = installServiceWorker({ withSync: true });
    // Chromium lists the tag while its sync runs; the work queued meanwhile must still ask.
    browser.tags.push(syncTagOf(userId));
    await saveWorkflow(db, { type: 'email', name: 'Cold Email to Dana', answers: {} });
    await vi.waitFor(() => expect(browser.registers).toEqual([syncTagOf(userId)]));
  });

  it('where the browser has no Background Sync nothing is registered, and the work waits here', async () => {
    const browser = installServiceWorker({ withSync: false });
    await saveWorkflow(db, { type: 'email', name: 'Cold Email to Dana', answers: {} });
    await db.messages.put(reply);
    await saveReplyEmailEdit(db, reply.key, { subject: 'New subject', body: 'New body' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(browser.tags).toEqual([]);
    expect(await db.workflows.filter((w) => !w.synced).count()).toBe(1);
  });
});
