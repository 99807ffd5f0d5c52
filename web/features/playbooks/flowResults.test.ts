// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildLocalReply } from '../../../tests/factories/localMessages';
import { clearUserData, openUserDb, type LocalMessage, type PitchpadDb } from '../../data/db';
import { isLocalDocument } from '../../data/chatMerge';
import { uuidv7 } from '../../data/ids';
import { hasPlansDue, isPlanDue, nextPlanAttemptAt, saveGtmPlanChat } from './flowResults';

const NOW = Date.UTC(2026, 0, 1, 9);
let userId = 9300;
let db: PitchpadDb;
afterEach(() => clearUserData());

/** A plan drafted here offline, in a chat of its own, with `planDelivery` as its tries left it. */
async function draftPlan(planDelivery?: LocalMessage['planDelivery']): Promise<void> {
  const chatId = crypto.randomUUID();
  await saveGtmPlanChat(db, {
    chatId,
    title: 'GTM plan',
    markdown: '# Plan',
    byOfflineDrafter: true,
    at: NOW - 60_000,
    pitchDeckAt: NOW,
  });
  if (planDelivery) await db.messages.where('chatId').equals(chatId).modify({ planDelivery });
}

/** Every other kind of message a phone holds: a user message, a reply, the server's document. */
async function otherMessages(): Promise<void> {
  const chatId = crypto.randomUUID();
  await db.messages.bulkPut([
    buildLocalReply({ key: `u:${uuidv7()}`, chatId, role: 'user', replyToKey: null, serverId: 1 }),
    buildLocalReply({ key: `r:${uuidv7()}`, chatId }),
    // A queued message not yet on the server, and the server's own plan (a document).
    buildLocalReply({
      key: `u:${uuidv7()}`,
      chatId,
      role: 'user',
      replyToKey: null,
      serverId: null,
    }),
    buildLocalReply({ key: 's:41', chatId, replyToKey: null, serverId: 41 }),
  ]);
}

/** What the sync engine's questions answer when every message is read (the narrowed queries must agree). */
async function byFullScan() {
  const all = await db.messages.toArray();
  const waiting = all
    .filter((m) => isLocalDocument(m) && m.planDelivery && !m.planDelivery.refused)
    .map((m) => m.planDelivery!.nextAttemptAt)
    .filter((at) => at > NOW);
  return {
    due: all.some((m) => isLocalDocument(m) && isPlanDue(m, NOW)),
    next: waiting.length ? Math.min(...waiting) : null,
  };
}

/** The state a plan's failed tries leave: due again at `at`. */
const waiting = (at: number) => ({
  attempts: 2,
  nextAttemptAt: at,
  lastError: 'Busy',
  refused: false,
});

const asked = async () => ({
  due: await hasPlansDue(db, NOW),
  next: await nextPlanAttemptAt(db, NOW),
});

describe('plans drafted offline: which are due, read without a scan of every message', () => {
  it('answers as a scan of every message does, for each mix of drafts and other messages', async () => {
    db = openUserDb(++userId);
    await otherMessages();
    expect(await asked()).toEqual({ due: false, next: null });
    expect(await asked()).toEqual(await byFullScan());

    // A draft refused for good is neither due nor waiting.
    const refused = { attempts: 1, nextAttemptAt: Infinity, lastError: 'No', refused: true };
    await draftPlan(refused);
    expect(await asked()).toEqual({ due: false, next: null });
    expect(await asked()).toEqual(await byFullScan());

    // Two waiting out their backoff: the earlier time is the next try.
    await draftPlan(waiting(NOW + 90_000));
    await draftPlan(waiting(NOW + 30_000));
    expect(await asked()).toEqual({ due: false, next: NOW + 30_000 });
    expect(await asked()).toEqual(await byFullScan());

    // One whose backoff is over, and one never tried: due.
    await draftPlan(waiting(NOW - 1));
    await draftPlan();
    expect(await asked()).toEqual({ due: true, next: NOW + 30_000 });
    expect(await asked()).toEqual(await byFullScan());
  });
});
