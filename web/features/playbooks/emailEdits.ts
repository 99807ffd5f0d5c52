/**
 * The rep's edits of email results (issue 14, 'Edit before sending'), kept on this device and with
 * the chat on the server, so the laptop later shows the same email.
 *
 * An AI reply's edit lives on its message row (`emailEdit`, `emailEditPending` until the server has
 * stored it: PUT /api/chats/{id}/messages/{messageId}/email). It is saved here first, so it works
 * offline and survives a reload, then handed to the server now when online, else by the sync
 * engine on start, on reconnect and on return to the screen (chatSync.ts, with the saved-history
 * changes), by the worker's Background Sync with the app closed (asked for with each edit), and by
 * logout's 'Send first'. The last edit made wins, here (chatMerge.ts mergeEmailEdit) as on the server.
 *
 * The offline drafter's email has no message on the server: its edit is kept on this device with
 * the draft (flowResults.ts) until the flow's answer is stored there. Then the draft's edit, the
 * rep's own version of the email, goes onto that answer, to be sent like any other and so shown on
 * every device (`adoptOfflineDraftEdits`): the server's offline drafter's reply is the same email,
 * and a model's is another draft of it, under which the rep's version shows.
 */
import { Message, type EmailEdit } from '../../../domain/contract/chat';
import type { EmailDraft } from '../../../domain/drafts/coldEmail';
import { ApiError, OfflineError, SessionMismatchError, api } from '../../data/api';
import { syncWhenStored } from '../../data/backgroundSync';
import { userIdOfDb, type LocalMessage, type PitchpadDb } from '../../data/db';
import type { QueuedFeature } from '../../data/queue/registry';
import { OFFLINE_DRAFT_EDIT_PREFIX, offlineEmailEditOf } from './flowResults';

/** An edit made now. */
export function editNow(email: EmailDraft): EmailEdit {
  return { subject: email.subject, body: email.body, editedAt: new Date().toISOString() };
}

/** Keep the rep's edit of a reply here (to be sent), then hand it to the server if it can be reached. */
export async function saveReplyEmailEdit(
  db: PitchpadDb,
  messageKey: string,
  email: EmailDraft,
): Promise<void> {
  await db.messages.update(messageKey, {
    emailEdit: editNow(email),
    emailEditPending: true,
    touchedAt: Date.now(),
  });
  syncWhenStored(db);
  if (globalThis.navigator?.onLine !== false)
    void pushPendingEmailEdits(db).catch((error: unknown) =>
      console.warn('Could not save the edit yet', error),
    );
}

/** The edits saved here the server has not stored yet. */
function pendingEdits(db: PitchpadDb): Promise<LocalMessage[]> {
  return db.messages
    .filter((m) => m.emailEditPending === true && m.serverId !== null && m.emailEdit !== undefined)
    .toArray();
}

/**
 * Hand every edit waiting here to the server. Stops when the server cannot be reached (or the
 * browser's session is someone else's: it waits for its owner); an edit the server refuses for good
 * (its message is gone) stays on this device only.
 */
export async function pushPendingEmailEdits(db: PitchpadDb): Promise<void> {
  await adoptOfflineDraftEdits(db);
  for (const row of await pendingEdits(db)) {
    const sent = row.emailEdit!;
    try {
      const stored = Message.parse(
        await api.put(
          `/api/chats/${encodeURIComponent(row.chatId)}/messages/${row.serverId}/email`,
          sent,
          userIdOfDb(db),
        ),
      );
      await settle(db, row.key, sent, stored.emailEdit ?? sent);
    } catch (error) {
      // No network, or the browser's session is another account's: all wait for the next try.
      if (error instanceof OfflineError || error instanceof SessionMismatchError) return;
      // Signed out, rate-limited, a failing server: this one waits for the next try, the rest go on.
      if (!isRefusedForGood(error)) continue;
      // The message is gone, or the edit will never do: it stays on this device only.
      await settle(db, row.key, sent, sent);
      console.warn('An edited email could not be saved to the account', error);
    }
  }
}

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
  other: {
    has: (db) => hasEmailEditsToPush(db),
    async push(db) {
      await pushPendingEmailEdits(db);
      return (await hasEmailEditsToPush(db)) ? 'retry' : 'settled';
    },
  },
};
