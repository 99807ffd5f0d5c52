import type { Pool } from '../db';
import { PlaybookType } from '../../domain/playbooks/types';
import { CHAT_CONTEXT_MESSAGES } from '../../domain/limits';
import type { EmailEdit, MessageSource } from '../../domain/contract/chat';

export interface ChatRow {
  id: string;
  title: string;
  user_id: number;
  created_at: Date;
  updated_at: Date;
  is_playbook: string;
  playbook_type: string;
}

export interface MessageRow {
  id: number;
  chat_id: string;
  role: 'system' | 'user' | 'assistant';
  content: string;
  timestamp: Date;
  client_id: string | null;
  status: 'streaming' | 'complete' | 'partial' | 'failed';
  reply_to: number | null;
  model: string | null;
  updated_at: Date;
  /** A flow prompt's answers by question id (user messages only). */
  answers: Record<string, string> | null;
  /** Replies: the answer a regenerate under way replaces, put back if the attempt produces nothing. */
  kept_content: string | null;
  /** An email reply as the rep edited it; null until edited. */
  email_edit: EmailEdit | null;
  /** A reply's sales-kit passages (what its [1], [2] cite); null when it had none. */
  sources: MessageSource[] | null;
}

/**
 * The columns a MessageRow is read from, never `*`: a message also stores its words for search (two
 * tsvectors, about half again the row's bytes) that nothing here reads. Checked against the type, so
 * a field added to one and not the other fails to compile.
 */
const MESSAGE_COLUMN_NAMES = Object.keys({
  id: true,
  chat_id: true,
  role: true,
  content: true,
  timestamp: true,
  client_id: true,
  status: true,
  reply_to: true,
  model: true,
  updated_at: true,
  answers: true,
  kept_content: true,
  email_edit: true,
  sources: true,
} satisfies Record<keyof MessageRow, true>);

/** A MessageRow's columns as a select list, of `table` (a name or an alias of messages). */
const messageColumns = (table = 'messages') =>
  MESSAGE_COLUMN_NAMES.map((column) => `${table}.${column}`).join(', ');

const LIVE_CHAT = 'deleted_at IS NULL';

/** A stored playbook type, or 'none' for anything unknown. Built once: zod builds a schema per `.catch()`. */
const StoredPlaybookType = PlaybookType.catch('none');

export async function findChat(
  pool: Pool,
  userId: number,
  chatId: string,
): Promise<ChatRow | undefined> {
  const { rows } = await pool.query<ChatRow>(
    `SELECT * FROM chats WHERE id = $1 AND user_id = $2 AND ${LIVE_CHAT}`,
    [chatId, userId],
  );
  return rows[0];
}

/** A stored chat's playbook type ('none' for anything unknown). */
export function playbookTypeOf(chat: Pick<ChatRow, 'playbook_type'>): PlaybookType {
  return StoredPlaybookType.parse(chat.playbook_type);
}

/** Whether any chat (anyone's, deleted or not) has this id. */
export async function chatExists(pool: Pool, chatId: string): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM chats WHERE id = $1', [chatId]);
  return (rowCount ?? 0) > 0;
}

/** A chat as the list reads it: the columns the presenter sends, the timestamps already as text. */
export type ChatListRow = Pick<ChatRow, 'id' | 'title' | 'is_playbook' | 'playbook_type'> & {
  created_at: string;
  updated_at: string;
};

/** A timestamptz as ISO-8601 text, exactly as Date#toISOString writes it (UTC, milliseconds cut, 'Z'). */
const isoText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The user's live chats, newest first. Every pull reads this list, so it is kept lean: only the
 * presented columns, and Postgres writes the timestamps as the API sends them (parsing 60 of them
 * into Dates only to format them again took an eighth of the request: tests/bench/overhead.bench.ts).
 */
export async function listChats(pool: Pool, userId: number): Promise<ChatListRow[]> {
  const { rows } = await pool.query<ChatListRow>({
    name: 'chats-list',
    text: `SELECT id, title, ${isoText('created_at')} AS created_at, ${isoText('updated_at')} AS updated_at, is_playbook, playbook_type
             FROM chats WHERE user_id = $1 AND ${LIVE_CHAT} ORDER BY chats.updated_at DESC, chats.id`,
    values: [userId],
  });
  return rows;
}

export async function listMessages(pool: Pool, chatId: string): Promise<MessageRow[]> {
  const { rows } = await pool.query<MessageRow>(
    `SELECT ${messageColumns()} FROM messages WHERE chat_id = $1 ORDER BY id`,
    [chatId],
  );
  return rows;
}

export async function renameChat(
  pool: Pool,
  userId: number,
  chatId: string,
  title: string,
): Promise<ChatRow | undefined> {
  const { rows } = await pool.query<ChatRow>(
    `UPDATE chats SET title = $3, updated_at = now() WHERE id = $1 AND user_id = $2 AND ${LIVE_CHAT} RETURNING *`,
    [chatId, userId, title],
  );
  return rows[0];
}

/**
 * Soft delete: the row stays as a tombstone so offline clients learn of the deletion. The chat's
 * share links are revoked in the same statement: their pages answer 410 at once, their content gone.
 */
export async function deleteChat(pool: Pool, userId: number, chatId: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `WITH deleted AS (
       UPDATE chats SET deleted_at = now() WHERE id = $1 AND user_id = $2 AND ${LIVE_CHAT}
       RETURNING id
     ),
     revoked AS (
       UPDATE shares SET revoked_at = now(), content = NULL, email_subject = NULL, shown_name = NULL
        WHERE chat_id IN (SELECT id FROM deleted) AND revoked_at IS NULL
     )
     SELECT 1 FROM deleted`,
    [chatId, userId],
  );
  return (rowCount ?? 0) > 0;
}

/** A message the model sees as history: a user's, or a reply with words that was not cut off by a failure. */
const SEEN_AS_CONTEXT = `content <> '' AND (role = 'user' OR (role = 'assistant' AND status IN ('complete', 'partial')))`;

/**
 * One round trip for a send: find the user's chat (creating it if the id is new), store the user
 * message and its empty, streaming reply, and touch the chat. Undefined when the chat belongs to
 * someone else or was deleted; `sent` is undefined when nothing was inserted: the chat already
 * holds this client id (a replay), or it is a guided flow's chat and the user may not write there.
 * `sent.context` is the stored conversation before the message, as contextBefore reads it (the
 * statement's own inserts are not in what it reads), for a chat that was there before.
 */
export async function storeSend(
  pool: Pool,
  s: {
    chatId: string;
    userId: number;
    title: string;
    playbookType: PlaybookType;
    content: string;
    clientId: string;
    model: string;
    answers: Record<string, string> | undefined;
    /** False for a user without Pro: a message into a guided flow's chat is then not stored. */
    mayWriteInPlaybooks: boolean;
  },
): Promise<
  | {
      chat: ChatRow;
      created: boolean;
      sent: { user: MessageRow; reply: MessageRow; context: ContextMessage[] } | undefined;
    }
  | undefined
> {
  const { rows } = await pool.query<{
    chat: ChatRow & { created: boolean };
    user: MessageRow | null;
    reply: MessageRow | null;
    context: ContextMessage[] | null;
  }>({
    // Named: Postgres parses this statement once per connection, not on every send.
    name: 'chat-store-send',
    text: `WITH new_chat AS (
       INSERT INTO chats (id, title, user_id, is_playbook, playbook_type)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING RETURNING *
     ), chat AS (
       SELECT id, title, user_id, created_at, updated_at, is_playbook, playbook_type, true AS created FROM new_chat
       UNION ALL
       SELECT id, title, user_id, created_at, updated_at, is_playbook, playbook_type, false FROM chats
        WHERE id = $1 AND user_id = $3 AND ${LIVE_CHAT}
       LIMIT 1
     ), u AS (
       INSERT INTO messages (chat_id, role, content, client_id, answers) SELECT id, 'user', $6, $7, $9::jsonb FROM chat
        WHERE $10::boolean OR playbook_type = 'none'
       ON CONFLICT (chat_id, client_id) WHERE client_id IS NOT NULL DO NOTHING RETURNING ${messageColumns()}
     ), r AS (
       INSERT INTO messages (chat_id, role, content, status, reply_to, model)
       SELECT chat_id, 'assistant', '', 'streaming', id, $8 FROM u RETURNING ${messageColumns()}
     ), touch AS (
       UPDATE chats SET updated_at = now() WHERE id = $1 AND EXISTS (SELECT 1 FROM u)
     ), history AS (
       SELECT id, role, content FROM messages
        WHERE chat_id = (SELECT id FROM chat WHERE NOT created) AND EXISTS (SELECT 1 FROM u)
          AND ${SEEN_AS_CONTEXT}
        ORDER BY id DESC LIMIT $11
     )
     SELECT row_to_json(chat) AS chat, (SELECT row_to_json(u) FROM u) AS user, (SELECT row_to_json(r) FROM r) AS reply,
            (SELECT json_agg(json_build_object('role', role, 'content', content) ORDER BY id) FROM history) AS context
       FROM chat`,
    values: [
      s.chatId,
      s.title,
      s.userId,
      s.playbookType === 'none' ? 'false' : 'true',
      s.playbookType,
      s.content,
      s.clientId,
      s.model,
      s.answers ? JSON.stringify(s.answers) : null,
      s.mayWriteInPlaybooks,
      CHAT_CONTEXT_MESSAGES,
    ],
  });
  const row = rows[0];
  if (!row) return undefined;
  const { created, ...chat } = row.chat;
  return {
    chat: reviveChat(chat),
    created,
    sent:
      row.user && row.reply
        ? {
            user: reviveMessage(row.user),
            reply: reviveMessage(row.reply),
            context: row.context ?? [],
          }
        : undefined,
  };
}

/**
 * A new chat whose first message is a finished document from the assistant (a GTM plan), in one
 * statement. Undefined when the id is taken (by this user or anyone else): nothing is written then.
 */
export async function storeDocumentChat(
  pool: Pool,
  d: {
    chatId: string;
    userId: number;
    title: string;
    playbookType: PlaybookType;
    content: string;
    model: string;
  },
): Promise<{ chat: ChatRow; message: MessageRow } | undefined> {
  const { rows } = await pool.query<{ chat: ChatRow; message: MessageRow }>(
    `WITH chat AS (
       INSERT INTO chats (id, title, user_id, is_playbook, playbook_type)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING RETURNING *
     ), m AS (
       INSERT INTO messages (chat_id, role, content, status, model) SELECT id, 'assistant', $6, 'complete', $7 FROM chat
        RETURNING ${messageColumns()}
     )
     SELECT row_to_json(chat) AS chat, (SELECT row_to_json(m) FROM m) AS message FROM chat`,
    [
      d.chatId,
      d.title,
      d.userId,
      d.playbookType === 'none' ? 'false' : 'true',
      d.playbookType,
      d.content,
      d.model,
    ],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { chat: reviveChat(row.chat), message: reviveMessage(row.message) };
}

/** row_to_json turns timestamps into strings; give them back their Date type. */
function reviveChat(c: ChatRow): ChatRow {
  return { ...c, created_at: new Date(c.created_at), updated_at: new Date(c.updated_at) };
}

function reviveMessage(m: MessageRow): MessageRow {
  return { ...m, timestamp: new Date(m.timestamp), updated_at: new Date(m.updated_at) };
}

/** The user message of an earlier send, and its reply if there is one. */
export async function findSend(
  pool: Pool,
  chatId: string,
  clientId: string,
): Promise<{ user: MessageRow; reply: MessageRow | undefined } | undefined> {
  const { rows } = await pool.query<{ user: MessageRow; reply: MessageRow | null }>(
    `SELECT row_to_json(u) AS user, row_to_json(r) AS reply
       FROM (SELECT ${messageColumns()} FROM messages
              WHERE chat_id = $1 AND client_id = $2 AND role = 'user') u
       LEFT JOIN (SELECT ${messageColumns()} FROM messages) r ON r.reply_to = u.id`,
    [chatId, clientId],
  );
  const row = rows[0];
  return (
    row && {
      user: reviveMessage(row.user),
      reply: row.reply ? reviveMessage(row.reply) : undefined,
    }
  );
}

/** Whether the user's chat holds the send `clientId` already (a replay). */
export async function holdsSend(
  pool: Pool,
  userId: number,
  chatId: string,
  clientId: string,
): Promise<boolean> {
  const { rows } = await pool.query<{ stored: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM messages m JOIN chats c ON c.id = m.chat_id
                     WHERE m.chat_id = $1 AND m.client_id = $2 AND c.user_id = $3 AND c.deleted_at IS NULL) AS stored`,
    [chatId, clientId, userId],
  );
  return rows[0]!.stored;
}

/** What take_send_slot asks for a send: its rate-limit hit, its chat, its slot and its cost. */
export interface SendSlotAsk {
  userId: number;
  hit: { key: string; limit: number; windowSeconds: number };
  /** The chat the send names and its id there; undefined for a send that makes a new chat. */
  chatId: string | undefined;
  clientId: string;
  leases: { max: number; staleSeconds: number };
  /** The payer's day and allowance; null for a call that costs nothing (the offline drafter). */
  tokens: { key: string; day: string; allowance: number | null } | null;
  cost: { always: number; moreHistory: number; maxContext: number; answer: number };
}

/** What take_send_slot answered: refused (and by what), the send already held, or a slot taken. */
export interface SendSlotTaken {
  refusedBy: 'rate' | 'streams' | 'tokens' | null;
  /** Seconds until the rate limit's window ends, when it refused. */
  retryIn: number | null;
  stored: boolean;
  leaseId: string | null;
  /** The tokens reserved. */
  wanted: number;
}

/**
 * The send's rate-limit hit, whether its chat holds it already, and for a new send its stream slot
 * and its largest possible cost against the payer's day (the chat's history read in the same call),
 * in one round trip: the database's take_send_slot.
 */
export async function takeSendSlot(pool: Pool, ask: SendSlotAsk): Promise<SendSlotTaken> {
  const { rows } = await pool.query<{
    refused_by: SendSlotTaken['refusedBy'];
    retry_in: number | null;
    stored: boolean;
    lease_id: string | null;
    wanted: string | null;
  }>({
    // Named, as are the other statements every send and stream runs: Postgres parses them once per
    // connection, not on every send.
    name: 'chat-send-slot',
    text: `SELECT refused_by, retry_in, stored, lease_id, wanted
             FROM take_send_slot($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    values: [
      ask.userId,
      ask.hit.key,
      ask.hit.limit,
      ask.hit.windowSeconds,
      ask.chatId ?? null,
      ask.clientId,
      CHAT_CONTEXT_MESSAGES,
      ask.leases.max,
      ask.leases.staleSeconds,
      ask.tokens?.key ?? null,
      ask.tokens?.day ?? null,
      Math.ceil(ask.cost.always),
      Math.ceil(ask.cost.moreHistory),
      ask.cost.maxContext,
      ask.cost.answer,
      ask.tokens?.allowance ?? null,
    ],
  });
  const row = rows[0]!;
  return {
    refusedBy: row.refused_by,
    retryIn: row.retry_in,
    stored: row.stored,
    leaseId: row.lease_id,
    wanted: Number(row.wanted ?? 0),
  };
}

/**
 * Take over the reply of an earlier send for a new generation: when it failed, or was left
 * streaming by a process that died (no write for `staleSeconds`). Creates it when missing.
 * Undefined when another request holds it.
 */
export async function claimReply(
  pool: Pool,
  user: MessageRow,
  model: string,
  staleSeconds: number,
): Promise<MessageRow | undefined> {
  return takeOverReply(pool, user, model, staleSeconds, {
    step: 'claimed',
    keep: 'timestamp = now()',
    when: "status = 'failed'",
  });
}

/**
 * A reply as its follower sees it, and whether it is `abandoned`: still 'streaming' but not written
 * for `staleSeconds`, judged by the database's clock (the one that stamped its writes).
 */
export async function findFollowedReply(
  pool: Pool,
  id: number,
  staleSeconds: number,
): Promise<(MessageRow & { abandoned: boolean }) | undefined> {
  const { rows } = await pool.query<MessageRow & { abandoned: boolean }>(
    `SELECT ${messageColumns()}, (status = 'streaming' AND updated_at < now() - make_interval(secs => $2)) AS abandoned
       FROM messages WHERE id = $1`,
    [id, staleSeconds],
  );
  return rows[0];
}

/** A message of the conversation as the model sees it. */
export interface ContextMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** The conversation before a message, oldest first, as the model sees it. */
export async function contextBefore(
  pool: Pool,
  chatId: string,
  beforeId: number,
): Promise<ContextMessage[]> {
  const { rows } = await pool.query<ContextMessage>({
    name: 'chat-context-before',
    text: `SELECT role, content FROM messages
      WHERE chat_id = $1 AND id < $2 AND ${SEEN_AS_CONTEXT}
      ORDER BY id DESC LIMIT $3`,
    values: [chatId, beforeId, CHAT_CONTEXT_MESSAGES],
  });
  return rows.toReversed();
}

/**
 * A ceiling on what the history of the user's chat can add to a call, in bytes (no token is shorter
 * than a byte): the newest messages that can go as context. 0 for a chat that is not the user's (yet).
 */
export async function historyBytes(pool: Pool, userId: number, chatId: string): Promise<number> {
  const { rows } = await pool.query<{ bytes: string }>(
    // take_send_slot (db/migrations) reads the same sum for a new send.
    `SELECT coalesce(sum(octet_length(m.content)), 0) AS bytes FROM (
       SELECT m.content FROM messages m JOIN chats c ON c.id = m.chat_id
        WHERE c.id = $1 AND c.user_id = $2 ORDER BY m.id DESC LIMIT $3) m`,
    [chatId, userId, CHAT_CONTEXT_MESSAGES],
  );
  return Number(rows[0]?.bytes ?? 0);
}

/**
 * The condition that this writer still holds the reply: it is streaming and no one has written it
 * since the writer's own last write at `$writtenAt` (the database's time, as its write returned it,
 * known to the millisecond here). Anyone taking it over writes it at least REPLY_STALE_MS later.
 */
const STILL_WRITTEN_BY = (table: string, param: string) =>
  `${table}.status = 'streaming' AND ${table}.updated_at < ${param}::timestamptz + interval '1 second'`;

/**
 * Save what has streamed so far, or with no `content` (nothing new came) only mark the reply as
 * still being written: the writer's heartbeat. Answers whether someone asked to stop and the time of
 * this write, or undefined when the reply is no longer this writer's (finished, or taken over).
 */
export async function saveProgress(
  pool: Pool,
  replyId: number,
  content: string | undefined,
  writtenAt: Date,
): Promise<{ stopRequested: boolean; writtenAt: Date } | undefined> {
  const { rows } = await pool.query<{ stop_requested: boolean; updated_at: Date }>({
    // Named: a streaming reply writes this every second.
    name: 'chat-save-progress',
    text: `UPDATE messages SET content = coalesce($2, content), updated_at = now()
      WHERE id = $1 AND ${STILL_WRITTEN_BY('messages', '$3')} RETURNING stop_requested, updated_at`,
    values: [replyId, content ?? null, writtenAt],
  });
  return rows[0] && { stopRequested: rows[0].stop_requested, writtenAt: rows[0].updated_at };
}

/**
 * End a generation, if the reply is still this writer's (see saveProgress), and mark its chat as
 * just changed, in one statement. A regenerate's attempt that ends with no text at all puts the
 * answer it was replacing back (`restored`), so a failed regenerate never destroys an answer; with
 * text, it wins.
 */
export async function finishReply(
  pool: Pool,
  replyId: number,
  content: string,
  status: 'complete' | 'partial' | 'failed',
  writtenAt: Date,
  sources: readonly MessageSource[] = [],
): Promise<(MessageRow & { restored: boolean }) | undefined> {
  const { rows } = await pool.query<MessageRow & { restored: boolean }>({
    name: 'chat-finish-reply',
    text: `WITH finished AS (
     UPDATE messages m SET
       content = CASE WHEN $2 = '' AND old.kept_status IS NOT NULL THEN old.kept_content ELSE $2 END,
       status = CASE WHEN $2 = '' AND old.kept_status IS NOT NULL THEN old.kept_status ELSE $3 END,
       model = CASE WHEN $2 = '' AND old.kept_status IS NOT NULL THEN old.kept_model ELSE old.model END,
       -- The rep's edit was of the answer replaced: a new answer starts unedited.
       email_edit = CASE WHEN $2 = '' AND old.kept_status IS NOT NULL THEN old.email_edit ELSE NULL END,
       -- The passages the new answer was written with (a restored answer keeps its own).
       sources = CASE WHEN $2 = '' AND old.kept_status IS NOT NULL THEN old.sources ELSE $5::jsonb END,
       kept_content = NULL, kept_status = NULL, kept_model = NULL, updated_at = now()
      FROM messages old
     WHERE m.id = $1 AND old.id = $1 AND ${STILL_WRITTEN_BY('old', '$4')}
     RETURNING ${messageColumns('m')}, ($2 = '' AND old.kept_status IS NOT NULL) AS restored
    ), touched AS (
     UPDATE chats SET updated_at = now() WHERE id = (SELECT chat_id FROM finished)
    )
    SELECT * FROM finished`,
    values: [
      replyId,
      content,
      status,
      writtenAt,
      content && sources.length ? JSON.stringify(sources) : null,
    ],
  });
  return rows[0];
}

/** Ask a streaming reply to stop (it is kept as partial). Scoped to the user's own chat. */
export async function requestStop(
  pool: Pool,
  userId: number,
  chatId: string,
  clientId: string,
): Promise<Pick<MessageRow, 'id'> | undefined> {
  const { rows } = await pool.query<Pick<MessageRow, 'id'>>(
    `UPDATE messages r SET stop_requested = true
       FROM messages u JOIN chats c ON c.id = u.chat_id
      WHERE r.reply_to = u.id AND u.chat_id = $1 AND u.client_id = $2 AND c.user_id = $3 AND c.deleted_at IS NULL
      RETURNING r.id`,
    [chatId, clientId, userId],
  );
  return rows[0];
}

/** The last user message of a chat, for regenerate. */
export async function lastUserMessage(pool: Pool, chatId: string): Promise<MessageRow | undefined> {
  const { rows } = await pool.query<MessageRow>(
    `SELECT ${messageColumns()} FROM messages WHERE chat_id = $1 AND role = 'user' ORDER BY id DESC LIMIT 1`,
    [chatId],
  );
  return rows[0];
}

/**
 * Start a regenerate in the reply's own row: its answer is kept aside (kept_*) and the row streams
 * afresh. One row per user message, so a regenerate never leaves a second or an orphan reply. A
 * reply still streaming is refused (undefined) unless its writer died (no write for
 * `staleSeconds`); taking that over keeps the answer already kept aside. Creates the reply when missing.
 */
export async function resetReply(
  pool: Pool,
  user: MessageRow,
  model: string,
  staleSeconds: number,
): Promise<MessageRow | undefined> {
  return takeOverReply(pool, user, model, staleSeconds, {
    step: 'restarted',
    keep: `kept_content = CASE WHEN status = 'streaming' THEN kept_content ELSE content END,
           kept_status = CASE WHEN status = 'streaming' THEN kept_status ELSE status END,
           kept_model = CASE WHEN status = 'streaming' THEN kept_model ELSE model END`,
    when: "status <> 'streaming'",
  });
}

/**
 * The reply of `user` set streaming afresh for `model`, with `keep`'s columns set too, when `when`
 * holds of its row or its writer died (streaming, no write for `staleSeconds`); created streaming
 * when it has none yet. Undefined when the row is there but neither holds (another request has it).
 * `step` names the statement's update, so the database's log tells a claim from a regenerate.
 */
async function takeOverReply(
  pool: Pool,
  user: MessageRow,
  model: string,
  staleSeconds: number,
  { step, keep, when }: { step: 'claimed' | 'restarted'; keep: string; when: string },
): Promise<MessageRow | undefined> {
  const { rows } = await pool.query<MessageRow>(
    `WITH ${step} AS (
       UPDATE messages SET ${keep},
         content = '', status = 'streaming', stop_requested = false, model = $2, updated_at = now()
        WHERE reply_to = $1
          AND (${when} OR (status = 'streaming' AND updated_at < now() - make_interval(secs => $3)))
        RETURNING ${messageColumns()}
     ), created AS (
       INSERT INTO messages (chat_id, role, content, status, reply_to, model)
       SELECT $4, 'assistant', '', 'streaming', $1, $2 WHERE NOT EXISTS (SELECT 1 FROM messages WHERE reply_to = $1)
       ON CONFLICT (reply_to) WHERE reply_to IS NOT NULL DO NOTHING RETURNING ${messageColumns()}
     )
     SELECT * FROM ${step} UNION ALL SELECT * FROM created`,
    [user.id, model, staleSeconds, user.chat_id],
  );
  return rows[0];
}

/**
 * Keep the rep's edit of a reply in the user's live chat. The last edit made wins: an edit older
 * than the one stored (a late replay from another device) changes nothing. Answers the message as
 * it stands after, or undefined when the user has no such reply (someone else's, deleted, no reply).
 * A time ahead of the server's clock (a device whose clock runs fast) counts as now, so it cannot
 * hold off every later edit.
 */
export async function saveEmailEdit(
  pool: Pool,
  userId: number,
  chatId: string,
  messageId: number,
  edit: EmailEdit,
): Promise<MessageRow | undefined> {
  const editedAt = new Date(Math.min(Date.parse(edit.editedAt), Date.now())).toISOString();
  const { rows } = await pool.query<MessageRow>(
    `WITH target AS (
       SELECT m.id FROM messages m JOIN chats c ON c.id = m.chat_id
        WHERE m.id = $3 AND m.chat_id = $2 AND c.user_id = $1 AND c.${LIVE_CHAT} AND m.role = 'assistant'
     ),
     updated AS (
       UPDATE messages SET email_edit = $4::jsonb
        WHERE id = (SELECT id FROM target)
          AND (email_edit IS NULL OR (email_edit->>'editedAt')::timestamptz <= ($4::jsonb->>'editedAt')::timestamptz)
        RETURNING ${messageColumns()}
     )
     SELECT * FROM updated
     UNION ALL
     SELECT ${messageColumns()} FROM messages WHERE id = (SELECT id FROM target) AND NOT EXISTS (SELECT 1 FROM updated)`,
    [
      userId,
      chatId,
      messageId,
      JSON.stringify({
        subject: edit.subject,
        body: edit.body,
        editedAt,
        ...(edit.kept?.length ? { kept: edit.kept } : {}),
      }),
    ],
  );
  return rows[0];
}
