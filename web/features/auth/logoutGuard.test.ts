// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { buildLocalUserMessage } from '../../../tests/factories/localMessages';
import { afterEach, describe, expect, it } from 'vitest';
import { clearUserData, openUserDb, type PitchpadDb } from '../../data/db';
import { uuidv7 } from '../../data/ids';
import { queueSend } from '../chat/engine/chatDelivery';
import { countUnsentWork, NO_UNSENT_WORK } from '../../data/unsentWork';
import { queueKitFile } from '../kit/kitUploads';
import { saveProfileEdits } from '../profile/profileStore';
import { confirmLogout, describeUnsentWork, type AskAboutUnsentWork } from './logoutGuard';

let userId = 7000;
afterEach(() => clearUserData());

/** Two messages waiting (queued, 'Not sent'), one the server holds, a plan drafted offline, a rename not synced. */
async function someUnsentWork(db: PitchpadDb): Promise<void> {
  const chat = uuidv7();
  const queued = buildLocalUserMessage(chat, {});
  await db.messages.bulkPut([
    queued,
    buildLocalUserMessage(chat, { status: 'failed' }),
    buildLocalUserMessage(chat, { status: 'sent', serverId: 4 }),
  ]);
  await queueSend(db, { clientId: queued.clientId!, chatId: chat, messageKey: queued.key });
  await db.messages.put({
    ...buildLocalUserMessage(uuidv7(), {}),
    key: `a:${uuidv7()}`,
    role: 'assistant',
    status: 'complete',
    clientId: null,
  });
  await db.workflows.put({
    id: uuidv7(),
    type: 'email',
    title: 'Renamed',
    answers: {},
    createdAt: '',
    updatedAt: '',
    synced: false,
  });
  await db.workflows.put({
    id: uuidv7(),
    type: 'email',
    title: 'On the server',
    answers: {},
    createdAt: '',
    updatedAt: '',
    synced: true,
  });
}

describe('the work a logout would delete', () => {
  it('counts messages the server has not stored, flows drafted offline, and saved-history changes', async () => {
    const db = openUserDb(++userId);
    expect(await countUnsentWork(db)).toEqual(NO_UNSENT_WORK);
    await someUnsentWork(db);
    expect(await countUnsentWork(db)).toEqual({
      ...NO_UNSENT_WORK,
      messages: 2,
      flows: 1,
      history: 1,
    });
  });

  it('counts a profile save and a sales-kit file picked offline, and says so', async () => {
    const db = openUserDb(++userId);
    await saveProfileEdits(db, { company: 'Freightly' });
    await queueKitFile(db, {
      name: 'deck.pdf',
      type: 'application/pdf',
      blob: new Blob(['%PDF-1.7']),
    });
    const work = await countUnsentWork(db);
    expect(work).toMatchObject({ messages: 0, profile: 1, files: 1 });
    expect(describeUnsentWork(work)).toEqual([
      "Changes to your profile haven't been saved to your account yet",
      "1 sales-kit file hasn't been uploaded yet",
    ]);
  });

  it('says it in plain words, one line per kind', () => {
    expect(describeUnsentWork({ ...NO_UNSENT_WORK, messages: 2 })).toEqual([
      "2 messages haven't been sent yet",
    ]);
    expect(describeUnsentWork({ ...NO_UNSENT_WORK, messages: 1, flows: 1, history: 3 })).toEqual([
      "1 message hasn't been sent yet",
      "Answers to 1 guided flow haven't been sent yet",
      "3 saved-history changes haven't been sent yet",
    ]);
  });

  it('lets a logout with nothing waiting go at once, and asks when something waits', async () => {
    const id = ++userId;
    const asked: unknown[] = [];
    const answering =
      (logOut: boolean): AskAboutUnsentWork =>
      async (who, work) => {
        asked.push([who, work]);
        return logOut;
      };
    expect(await confirmLogout(id, answering(false))).toBe(true);
    expect(asked).toEqual([]);

    await someUnsentWork(openUserDb(id));
    // The user's answer decides: stay, or log out.
    expect(await confirmLogout(id, answering(false))).toBe(false);
    expect(await confirmLogout(id, answering(true))).toBe(true);
    expect(asked).toEqual([
      [id, { ...NO_UNSENT_WORK, messages: 2, flows: 1, history: 1 }],
      [id, { ...NO_UNSENT_WORK, messages: 2, flows: 1, history: 1 }],
    ]);
  });
});
