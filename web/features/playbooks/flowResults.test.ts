// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { clearUserData, openUserDb, type PitchpadDb } from '../../data/db';
import { saveGtmPlanChat } from './flowResults';

const NOW = Date.UTC(2026, 0, 1, 9);
let userId = 9300;
let db: PitchpadDb;
afterEach(() => clearUserData());

/** A plan drafted here offline, in a chat of its own. Answers its chat. */
async function draftPlan(): Promise<string> {
  const chatId = crypto.randomUUID();
  await saveGtmPlanChat(db, {
    chatId,
    title: 'GTM plan',
    markdown: '# Plan',
    byOfflineDrafter: true,
    at: NOW - 60_000,
    pitchDeckAt: NOW,
  });
  return chatId;
}

describe('a plan drafted offline is outbox work', () => {
  it('is queued with its chat, on a line of its own, to be written for real by the server', async () => {
    db = openUserDb(++userId);
    const chatId = await draftPlan();
    expect(
      (await db.outbox.toArray()).map((e) => [e.kind, e.line, e.payload, e.state, e.attempts]),
    ).toEqual([['gtm-plan', `plan:${chatId}`, { chatId }, 'queued', 0]]);
    expect(await db.chats.get(chatId)).toMatchObject({ playbookType: 'gtmplan', synced: false });
  });
});
