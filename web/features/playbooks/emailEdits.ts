/**
 * The rep's edits of email results ('Edit before sending'), kept on this device and with
 * the chat on the server, so the laptop later shows the same email.
 *
 * An AI reply's edit lives on its message row (`emailEdit`, `emailEditPending` until the server has
 * stored it: PUT /api/chats/{id}/messages/{messageId}/email). It is saved here first, so it works
 * offline and survives a reload, with an outbox entry of kind 'email-edit' on the reply's own line
 * once the server holds the reply, then handed to the server now when online, else by the sync
 * engine on start, on reconnect and on return to the screen (web/app/sync.ts, after the saved-history
 * changes), by the worker's Background Sync with the app closed (asked for with each edit), and by
 * logout's 'Send first'. The last edit made wins, here (chatMerge.ts mergeEmailEdit) as on the server.
 *
 * The offline drafter's email has no message on the server: its edit is kept on this device with
 * the draft (flowResults.ts) until the flow's answer is stored there. Then the draft's edit, the
 * rep's own version of the email, goes onto that answer, to be sent like any other and so shown on
 * every device (`adoptOfflineDraftEdits`): the server's offline drafter's reply is the same email,
 * and a model's is another draft of it, under which the rep's version shows.
 */
import type { EmailEdit } from '../../../domain/contract/chat';
import type { EmailDraft } from '../../../domain/drafts/coldEmail';
import { ApiError, api } from '../../data/api';
import { syncWhenStored } from '../../data/backgroundSync';
import {
  emailEditLine,
  EMAIL_EDIT,
  userIdOfDb,
  type LocalMessage,
  type PitchpadDb,
} from '../../data/db';
import { enqueueOnce, flushOutbox, type Answer, type KindHandler } from '../../data/outbox';
import { answerForError } from '../../data/queue/answers';
import type { QueuedFeature } from '../../data/queue/registry';
import { OFFLINE_DRAFT_EDIT_PREFIX, offlineEmailEditOf } from './flowResults';

/** An email as the rep saved it: with the facts they chose to keep with no source. */
export type EditedEmail = EmailDraft & { kept?: readonly string[] };

/** An edit made now. */
export function editNow(email: EditedEmail): EmailEdit {
  return {
    subject: email.subject,
    body: email.body,
    editedAt: new Date().toISOString(),
    ...(email.kept?.length ? { kept: [...email.kept] } : {}),
  };
}

/** Keep the rep's edit of a reply here (to be sent), then hand it to the server if it can be reached. */
export async function saveReplyEmailEdit(
  db: PitchpadDb,
  messageKey: string,
  email: EditedEmail,
): Promise<void> {
  await db.transaction('rw', db.messages, db.outbox, async () => {
    await db.messages.update(messageKey, {
      emailEdit: editNow(email),
      emailEditPending: true,
      touchedAt: Date.now(),
    });
    const message = await db.messages.get(messageKey);
    if (message?.serverId != null) await queueEdit(db, messageKey);
  });
  syncWhenStored(db);
  if (globalThis.navigator?.onLine !== false)
    void pushPendingEmailEdits(db).catch((error: unknown) =>
      console.warn('Could not save the edit yet', error),
    );
}

/** The edits saved here the server has not stored yet, of replies it holds. */
function pendingEdits(db: PitchpadDb): Promise<LocalMessage[]> {
  return db.messages
    .filter((m) => m.emailEditPending === true && m.serverId !== null && m.emailEdit !== undefined)
    .toArray();
}

/** The reply's edit to the outbox, inside a transaction that holds it (outbox.ts `enqueueOnce`). */
const queueEdit = async (db: PitchpadDb, messageKey: string, now = Date.now()) => {
  await enqueueOnce(
    db,
    { kind: EMAIL_EDIT, line: emailEditLine(messageKey), payload: { messageKey } },
    now,
  );
};

/**
 * Hand every edit waiting here to the server, through the outbox: an offline draft's edit goes onto
 * the flow's answer once the server holds it, and each edit of a reply the server holds gets its
 * entry (an edit of a reply not stored yet waits for it), then they go. An edit the server refuses
 * for good (its message is gone) stays on this device only.
 */
export async function pushPendingEmailEdits(db: PitchpadDb): Promise<void> {
  await adoptOfflineDraftEdits(db);
  await db.transaction('rw', db.messages, db.outbox, async () => {
    for (const row of await pendingEdits(db)) await queueEdit(db, row.key);
  });
  await flushOutbox(db, emailEditHandlers, { force: true });
}

/**
 * The outbox's handler of email edits: PUT /api/chats/{id}/messages/{messageId}/email with the
 * reply's edit as it is now. The last edit made wins on the server as here; the server's answer is
 * taken unless the rep edited again meanwhile. Refused for good (the message is gone, or the edit
 * will never do): it stays on this device only.
 */
export const emailEditHandler: KindHandler = {
  tables: ['messages'],
  async deliver(db, entry): Promise<Answer> {
    const row = await db.messages.get((entry.payload as { messageKey: string }).messageKey);
    // Gone, or stored by an earlier entry: nothing is left to send.
    if (!row?.emailEditPending || !row.emailEdit || row.serverId === null)
      return { kind: 'delivered' };
    const sent = row.emailEdit;
    try {
      // The schemas load with the first edit sent, not with the app (chatBasics.ts says why).
      const { Message } = await import('../../../domain/contract/chat');
      const stored = Message.parse(
        await api.put(
          `/api/chats/${encodeURIComponent(row.chatId)}/messages/${row.serverId}/email`,
          sent,
          userIdOfDb(db),
        ),
      );
      await settle(db, row.key, sent, stored.emailEdit ?? sent);
      return { kind: 'delivered' };
    } catch (error) {
      if (!isRefusedForGood(error)) return answerForError(error, Date.now());
      await settle(db, row.key, sent, sent);
      console.warn('An edited email could not be saved to the account', error);
      const reason = error instanceof Error ? error.message : String(error);
      return { kind: 'refused', reason, detail: error };
    }
  },
};

const emailEditHandlers = { [EMAIL_EDIT]: emailEditHandler };

/** A refusal no retry changes: the message is gone (404) or the edit is refused (400). */
function isRefusedForGood(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** The server has answered for `sent`: take its edit, unless the rep has edited again meanwhile. */
async function settle(
  db: PitchpadDb,
  key: string,
  sent: EmailEdit,
  stored: EmailEdit,
): Promise<void> {
  await db.transaction('rw', db.messages, async () => {
    const now = await db.messages.get(key);
    if (!now?.emailEditPending || now.emailEdit?.editedAt !== sent.editedAt) return;
    await db.messages.update(key, {
      emailEdit: stored,
      emailEditPending: false,
      touchedAt: Date.now(),
    });
  });
}

/**
 * Edits of offline drafts whose chat now holds the flow's answer on the server (its first finished
 * reply) without a newer edit of its own: each is to go onto that reply (`adoptOfflineDraftEdits`).
 */
async function offlineDraftEditsToAdopt(
  db: PitchpadDb,
): Promise<Array<{ reply: LocalMessage; edit: EmailEdit }>> {
  const edited = (
    await db.keyValues.where('key').startsWith(OFFLINE_DRAFT_EDIT_PREFIX).toArray()
  ).map((row) => row.key.slice(OFFLINE_DRAFT_EDIT_PREFIX.length));
  const toAdopt: Array<{ reply: LocalMessage; edit: EmailEdit }> = [];
  for (const chatId of edited) {
    const edit = await offlineEmailEditOf(db, chatId);
    const replies = await db.messages
      .where('chatId')
      .equals(chatId)
      .filter((m) => m.role === 'assistant' && m.status === 'complete' && m.serverId !== null)
      .sortBy('sortAt');
    const reply = replies[0];
    if (
      !edit ||
      !reply ||
      (reply.emailEdit && Date.parse(reply.emailEdit.editedAt) >= Date.parse(edit.editedAt))
    )
      continue;
    toAdopt.push({ reply, edit });
  }
  return toAdopt;
}

/** An edited offline draft's edit goes onto the flow's answer once the server holds it, to be sent. */
async function adoptOfflineDraftEdits(db: PitchpadDb): Promise<void> {
  for (const { reply, edit } of await offlineDraftEditsToAdopt(db))
    await db.messages.update(reply.key, {
      emailEdit: edit,
      emailEditPending: true,
      touchedAt: Date.now(),
    });
}

/**
 * Whether `pushPendingEmailEdits` has anything to hand the server: an edit of a reply it holds, or
 * an offline draft's edit whose answer has arrived. An edit of a message the server has not stored
 * yet is not: it waits for that message.
 */
export async function hasEmailEditsToPush(db: PitchpadDb): Promise<boolean> {
  return (await pendingEdits(db)).length > 0 || (await offlineDraftEditsToAdopt(db)).length > 0;
}

/**
 * Email edits as queued work, for the registry (web/app/queuedWork.ts). Edits still to push after a
 * push failed on the way (the network, the server): worth another try soon. The rest are stored, or
 * wait for their message.
 */
export const emailEditsQueue: QueuedFeature = {
  handlers: emailEditHandlers,
  other: {
    has: (db) => hasEmailEditsToPush(db),
    async push(db) {
      await pushPendingEmailEdits(db);
      return (await hasEmailEditsToPush(db)) ? 'retry' : 'settled';
    },
  },
};
