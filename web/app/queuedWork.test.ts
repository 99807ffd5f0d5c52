// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildLocalReply } from '../../tests/factories/localMessages';
import { clearUserData, openUserDb, type PitchpadDb } from '../data/db';
import { saveOfflineEmailEdit } from '../features/playbooks/flowResults';
import { hasOtherWork } from './queuedWork';

let db: PitchpadDb;
let userId = 9700;

beforeEach(() => {
  db = openUserDb(++userId);
});
afterEach(async () => {
  await clearUserData(userId);
});

const chatId = '0195f0a0-0000-7000-8000-0000000000a1';
const answer = buildLocalReply({ key: 'r:a1', chatId, replyToKey: 'u:a1' });

describe('the work the sync engine hands over besides chat sends (it asks the server nothing without any)', () => {
  it("an offline draft's edit counts once the flow's answer is on the server, to go onto it", async () => {
    expect(await hasOtherWork(db)).toBe(false);
    await saveOfflineEmailEdit(db, chatId, {
      subject: 'Hi Dana',
      body: 'My version',
      editedAt: new Date().toISOString(),
    });
    // No answer from the server yet: nothing to hang the edit on.
    expect(await hasOtherWork(db)).toBe(false);
    await db.messages.put(answer);
    expect(await hasOtherWork(db)).toBe(true);
  });

  it('an edit of a reply the server has not stored does not count; one of a stored reply does', async () => {
    const edit = { subject: 'Hi Dana', body: 'Edited', editedAt: new Date().toISOString() };
    await db.messages.put({ ...answer, serverId: null, emailEdit: edit, emailEditPending: true });
    expect(await hasOtherWork(db)).toBe(false);
    await db.messages.update(answer.key, { serverId: 7 });
    expect(await hasOtherWork(db)).toBe(true);
  });
});
