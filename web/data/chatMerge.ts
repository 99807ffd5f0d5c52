/**
 * How the server's answers merge into the local cache (pure functions; chatStore.ts writes them).
 *
 * The rule: the server wins for what it holds, except where this device knows better:
 *  1. A row written here after the server's snapshot was taken (`touchedAt > fetchStartedAt`) is
 *     newer than the snapshot and is kept: a reply streaming in right now, a send just acknowledged.
 *  2. A reply this device holds as finished is not put back to 'streaming' by a snapshot: replies
 *     only reopen through a retry or regenerate, and those write here first.
 *  3. Local work the server has never acknowledged (a user message 'queued', 'sending' or 'failed'
 *     with no server id, a chat whose first send has not started) stays until it is sent.
 *  Anything else the server no longer has (a chat deleted on another device) is removed.
 */
import type { Chat, EmailEdit, Message } from '../../domain/contract/chat';
import type { LocalChat, LocalMessage, LocalMessageStatus } from './db';

export const userMessageKey = (clientId: string) => `u:${clientId}`;

/** The reply's key follows its user message's key: `u:<id>` → `r:<id>`, `s:<n>` → `r:s<n>`. */
export function replyKeyFor(userKey: string): string {
  return userKey.startsWith('u:') ? `r:${userKey.slice(2)}` : `r:${userKey}`;
}

function keyOfServerUser(m: Pick<Message, 'id' | 'clientId'>): string {
  return m.clientId ? userMessageKey(m.clientId) : `s:${m.id}`;
}

const FINISHED: ReadonlySet<LocalMessageStatus> = new Set(['complete', 'partial', 'failed']);

/** A reply that will not change any more (until a retry or regenerate). */
export function isFinishedReply(m: Pick<LocalMessage, 'role' | 'status'>): boolean {
  return m.role === 'assistant' && FINISHED.has(m.status);
}

/** A user message the server has never acknowledged. */
export function isUnsent(m: Pick<LocalMessage, 'role' | 'status' | 'serverId'>): boolean {
  return (
    m.role === 'user' &&
    m.serverId === null &&
    (m.status === 'queued' || m.status === 'sending' || m.status === 'failed')
  );
}

/**
 * The server's messages as local rows. Local-only details (ordering time, why a reply stopped) are
 * carried over from `existing` rows of the same key.
 */
export function serverMessagesToLocal(
  server: readonly Message[],
  existing: ReadonlyMap<string, LocalMessage>,
  touchedAt: number,
): LocalMessage[] {
  const byId = new Map(server.map((m) => [m.id, m]));
  return server.map((m) => {
    let key: string;
    let replyToKey: string | null = null;
    if (m.role === 'user') key = keyOfServerUser(m);
    else if (m.role === 'assistant' && m.replyTo !== null) {
      const parent = byId.get(m.replyTo);
      replyToKey = parent ? keyOfServerUser(parent) : `s:${m.replyTo}`;
      key = replyKeyFor(replyToKey);
    } else key = `s:${m.id}`;

    const before = existing.get(key);
    const status: LocalMessageStatus = m.role === 'user' ? 'sent' : m.status;
    const row: LocalMessage = {
      key,
      chatId: m.chatId,
      role: m.role,
      content: m.content,
      status,
      sortAt: before?.sortAt ?? Date.parse(m.timestamp),
      timestamp: m.timestamp,
      clientId: m.role === 'user' ? m.clientId : null,
      replyToKey,
      serverId: m.id,
      model: m.model,
      touchedAt,
    };
    // Why a reply ended early is only known here; keep it while the reply is still unfinished or partial.
    if (
      before?.note &&
      (status === 'partial' || (status === 'streaming' && before.note === 'interrupted'))
    )
      row.note = before.note;
    // A regenerate that failed leaves the earlier answer, marked so, until the answer changes.
    const keptAfterFailedRegenerate =
      status === 'complete' && before?.status === 'complete' && before.content === m.content;
    if (
      before?.errorMessage &&
      (status === 'partial' || status === 'failed' || keptAfterFailedRegenerate)
    )
      row.errorMessage = before.errorMessage;
    // An edit waiting here was made on the answer this row held: one regenerated elsewhere since is another email.
    const edit = mergeEmailEdit(
      before?.content === m.content ? before : undefined,
      m.emailEdit ?? null,
    );
    if (m.sources?.length) row.sources = m.sources;
    if (edit.emailEdit) row.emailEdit = edit.emailEdit;
    if (edit.emailEditPending) row.emailEditPending = true;
    return row;
  });
}

/**
 * The rep's email edit a merged row keeps: an edit saved here and not yet stored by the server
 * stays (still to be sent) unless the server holds a newer one (made on another device later); else
 * the server's. Last edit made wins, by `editedAt`, as on the server.
 */
export function mergeEmailEdit(
  local: Pick<LocalMessage, 'emailEdit' | 'emailEditPending'> | undefined,
  server: EmailEdit | null,
): { emailEdit?: EmailEdit; emailEditPending?: true } {
  const pending = local?.emailEditPending ? local.emailEdit : undefined;
  if (pending && (!server || Date.parse(server.editedAt) < Date.parse(pending.editedAt)))
    return { emailEdit: pending, emailEditPending: true };
  return server ? { emailEdit: server } : {};
}

function sameEdit(a: LocalMessage, b: LocalMessage): boolean {
  return (
    a.emailEdit?.editedAt === b.emailEdit?.editedAt &&
    a.emailEdit?.subject === b.emailEdit?.subject &&
    a.emailEdit?.body === b.emailEdit?.body &&
    Boolean(a.emailEditPending) === Boolean(b.emailEditPending)
  );
}

function sameMessage(a: LocalMessage, b: LocalMessage): boolean {
  return (
    a.content === b.content &&
    a.status === b.status &&
    a.serverId === b.serverId &&
    a.model === b.model &&
    a.note === b.note &&
    a.replyToKey === b.replyToKey &&
    a.timestamp === b.timestamp &&
    a.errorMessage === b.errorMessage &&
    JSON.stringify(a.sources ?? []) === JSON.stringify(b.sources ?? []) &&
    sameEdit(a, b)
  );
}

export interface MergePlan<T> {
  put: T[];
  remove: string[];
}

/** An assistant message that answers no send: a document such as a GTM plan. */
export function isDocument(m: Pick<LocalMessage, 'role' | 'replyToKey'>): boolean {
  return m.role === 'assistant' && m.replyToKey === null;
}

/**
 * A document only this device holds: a GTM plan drafted here offline. A pull never removes it; it
 * goes when the server's own plan replaces it (flowResults.ts, its outbox entry).
 */
export function isLocalDocument(m: LocalMessage): boolean {
  return isDocument(m) && m.serverId === null;
}

/** Merge one chat's server messages into its local rows (see the rule at the top). */
export function mergeMessages(
  local: readonly LocalMessage[],
  server: readonly Message[],
  fetchStartedAt: number,
): MergePlan<LocalMessage> {
  const localByKey = new Map(local.map((m) => [m.key, m]));
  const incoming = serverMessagesToLocal(server, localByKey, fetchStartedAt);
  const put: LocalMessage[] = [];
  for (const row of incoming) {
    const before = localByKey.get(row.key);
    if (before) {
      if (before.touchedAt > fetchStartedAt) continue;
      if (isFinishedReply(before) && row.status === 'streaming') continue;
      if (sameMessage(before, row)) continue;
    }
    put.push(row);
  }
  const onServer = new Set(incoming.map((m) => m.key));
  const remove = local
    .filter(
      (m) =>
        !onServer.has(m.key) &&
        !isUnsent(m) &&
        !isLocalDocument(m) &&
        m.touchedAt <= fetchStartedAt,
    )
    .map((m) => m.key);
  return { put, remove };
}

export function serverChatToLocal(chat: Chat, touchedAt: number): LocalChat {
  return { ...chat, synced: true, touchedAt };
}

/**
 * Merge the server's chat list into the local one (see the rule at the top). Chats in `withUnsent`
 * hold messages not sent yet: they are never removed (rule 3), so what the user typed survives even
 * a chat deleted on another device (its send is then refused, and offered for Delete).
 */
export function mergeChats(
  local: readonly LocalChat[],
  server: readonly Chat[],
  fetchStartedAt: number,
  withUnsent: ReadonlySet<string> = new Set(),
): MergePlan<LocalChat> {
  const localById = new Map(local.map((c) => [c.id, c]));
  const put = server
    .map((c) => serverChatToLocal(c, fetchStartedAt))
    .filter((row) => {
      const before = localById.get(row.id);
      if (!before) return true;
      if (before.touchedAt > fetchStartedAt) return false;
      return (
        before.title !== row.title ||
        before.updatedAt !== row.updatedAt ||
        !before.synced ||
        before.playbookType !== row.playbookType
      );
    });
  const onServer = new Set(server.map((c) => c.id));
  const remove = local
    .filter(
      (c) =>
        !onServer.has(c.id) && c.synced && c.touchedAt <= fetchStartedAt && !withUnsent.has(c.id),
    )
    .map((c) => c.id);
  return { put, remove };
}

/**
 * The conversation in reading order: messages by when they were written (typed here, or the
 * server's time), each reply right after the message it answers. System messages are not shown.
 */
export function orderMessages(messages: readonly LocalMessage[]): LocalMessage[] {
  const visible = messages.filter((m) => m.role !== 'system');
  const keys = new Set(visible.map((m) => m.key));
  const replies = new Map<string, LocalMessage>();
  const roots: LocalMessage[] = [];
  for (const m of visible) {
    if (m.replyToKey && keys.has(m.replyToKey)) replies.set(m.replyToKey, m);
    else roots.push(m);
  }
  roots.sort((a, b) => a.sortAt - b.sortAt || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return roots.flatMap((m) => {
    const reply = replies.get(m.key);
    return reply ? [m, reply] : [m];
  });
}
