import type { Pool } from '../db';
import type { PlaybookType } from '../../domain/playbooks/types';
import { CHAT_CONTEXT_MESSAGES } from '../../domain/limits';

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
  stop_requested: boolean;
  updated_at: Date;
}

const LIVE_CHAT = 'deleted_at IS NULL';

/**
 * The user's chat with this id, created if the id is new (the client generates ids, so a chat made
 * offline keeps its id). Undefined when the id belongs to someone else or was deleted.
 */
export async function findOrCreateChat(
  pool: Pool,
  c: { id: string; userId: number; title: string; playbookType: PlaybookType },
): Promise<{ chat: ChatRow; created: boolean } | undefined> {
  const { rows } = await pool.query<ChatRow & { created: boolean }>(
    `WITH ins AS (
       INSERT INTO chats (id, title, user_id, is_playbook, playbook_type)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING RETURNING *
     )
     SELECT id, title, user_id, created_at, updated_at, is_playbook, playbook_type, true AS created FROM ins
     UNION ALL
     SELECT id, title, user_id, created_at, updated_at, is_playbook, playbook_type, false FROM chats
      WHERE id = $1 AND user_id = $3 AND ${LIVE_CHAT}
     LIMIT 1`,
    [c.id, c.title, c.userId, c.playbookType === 'none' ? 'false' : 'true', c.playbookType],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { created, ...chat } = row;
  return { chat, created };
}

export async function findChat(pool: Pool, userId: number, chatId: string): Promise<ChatRow | undefined> {
  const { rows } = await pool.query<ChatRow>(`SELECT * FROM chats WHERE id = $1 AND user_id = $2 AND ${LIVE_CHAT}`, [chatId, userId]);
  return rows[0];
}

export async function listChats(pool: Pool, userId: number): Promise<ChatRow[]> {
  const { rows } = await pool.query<ChatRow>(`SELECT * FROM chats WHERE user_id = $1 AND ${LIVE_CHAT} ORDER BY updated_at DESC, id`, [userId]);
  return rows;
}

export async function listMessages(pool: Pool, chatId: string): Promise<MessageRow[]> {
  const { rows } = await pool.query<MessageRow>('SELECT * FROM messages WHERE chat_id = $1 ORDER BY id', [chatId]);
  return rows;
}

export async function renameChat(pool: Pool, userId: number, chatId: string, title: string): Promise<ChatRow | undefined> {
  const { rows } = await pool.query<ChatRow>(
    `UPDATE chats SET title = $3, updated_at = now() WHERE id = $1 AND user_id = $2 AND ${LIVE_CHAT} RETURNING *`,
    [chatId, userId, title],
  );
  return rows[0];
}

/** Soft delete: the row stays as a tombstone so offline clients learn of the deletion. */
export async function deleteChat(pool: Pool, userId: number, chatId: string): Promise<boolean> {
  const { rowCount } = await pool.query(`UPDATE chats SET deleted_at = now() WHERE id = $1 AND user_id = $2 AND ${LIVE_CHAT}`, [chatId, userId]);
  return (rowCount ?? 0) > 0;
}

/**
 * Store a new user message and its (empty, streaming) reply in one statement, and touch the chat.
 * Nothing is inserted when the chat already holds this client id: a replay (returns undefined).
 */
export async function insertSend(
  pool: Pool,
  s: { chatId: string; content: string; clientId: string; model: string },
): Promise<{ user: MessageRow; reply: MessageRow } | undefined> {
  const { rows } = await pool.query<{ user: MessageRow; reply: MessageRow }>(
    `WITH u AS (
       INSERT INTO messages (chat_id, role, content, client_id) VALUES ($1, 'user', $2, $3)
       ON CONFLICT (chat_id, client_id) WHERE client_id IS NOT NULL DO NOTHING RETURNING *
     ), r AS (
       INSERT INTO messages (chat_id, role, content, status, reply_to, model)
       SELECT chat_id, 'assistant', '', 'streaming', id, $4 FROM u RETURNING *
     ), touch AS (
       UPDATE chats SET updated_at = now() WHERE id = $1 AND EXISTS (SELECT 1 FROM u)
     )
     SELECT row_to_json(u) AS user, row_to_json(r) AS reply FROM u, r`,
    [s.chatId, s.content, s.clientId, s.model],
  );
  return rows[0] && { user: reviveMessage(rows[0].user), reply: reviveMessage(rows[0].reply) };
}

/** row_to_json turns timestamps into strings; give them back their Date type. */
function reviveMessage(m: MessageRow): MessageRow {
  return { ...m, timestamp: new Date(m.timestamp), updated_at: new Date(m.updated_at) };
}

/** The user message of an earlier send, and its reply if there is one. */
export async function findSend(pool: Pool, chatId: string, clientId: string): Promise<{ user: MessageRow; reply: MessageRow | undefined } | undefined> {
  const { rows } = await pool.query<{ user: MessageRow; reply: MessageRow | null }>(
    `SELECT row_to_json(u) AS user, row_to_json(r) AS reply
       FROM messages u LEFT JOIN messages r ON r.reply_to = u.id
      WHERE u.chat_id = $1 AND u.client_id = $2 AND u.role = 'user'`,
    [chatId, clientId],
  );
  const row = rows[0];
  return row && { user: reviveMessage(row.user), reply: row.reply ? reviveMessage(row.reply) : undefined };
}

/**
 * Take over the reply of an earlier send for a new generation: when it failed, or was left
 * streaming by a process that died (no write for `staleSeconds`). Creates it when missing.
 * Undefined when another request holds it.
 */
export async function claimReply(pool: Pool, user: MessageRow, model: string, staleSeconds: number): Promise<MessageRow | undefined> {
  const { rows } = await pool.query<MessageRow>(
    `WITH claimed AS (
       UPDATE messages SET status = 'streaming', content = '', stop_requested = false, model = $2, updated_at = now(), timestamp = now()
        WHERE reply_to = $1 AND (status = 'failed' OR (status = 'streaming' AND updated_at < now() - make_interval(secs => $3)))
        RETURNING *
     ), created AS (
       INSERT INTO messages (chat_id, role, content, status, reply_to, model)
       SELECT $4, 'assistant', '', 'streaming', $1, $2 WHERE NOT EXISTS (SELECT 1 FROM messages WHERE reply_to = $1)
       ON CONFLICT (reply_to) WHERE reply_to IS NOT NULL DO NOTHING RETURNING *
     )
     SELECT * FROM claimed UNION ALL SELECT * FROM created`,
    [user.id, model, staleSeconds, user.chat_id],
  );
  return rows[0];
}

export async function findMessage(pool: Pool, id: number): Promise<MessageRow | undefined> {
  const { rows } = await pool.query<MessageRow>('SELECT * FROM messages WHERE id = $1', [id]);
  return rows[0];
}

/** The conversation before a message, oldest first, as the model sees it. */
export async function contextBefore(pool: Pool, chatId: string, beforeId: number): Promise<Array<{ role: 'user' | 'assistant'; content: string }>> {
  const { rows } = await pool.query<{ role: 'user' | 'assistant'; content: string }>(
    `SELECT role, content FROM messages
      WHERE chat_id = $1 AND id < $2 AND content <> '' AND (role = 'user' OR (role = 'assistant' AND status IN ('complete', 'partial')))
      ORDER BY id DESC LIMIT $3`,
    [chatId, beforeId, CHAT_CONTEXT_MESSAGES],
  );
  return rows.toReversed();
}

/** Save what has streamed so far; answers whether someone asked to stop. */
export async function saveProgress(pool: Pool, replyId: number, content: string): Promise<{ stopRequested: boolean }> {
  const { rows } = await pool.query<{ stop_requested: boolean }>(
    `UPDATE messages SET content = $2, updated_at = now() WHERE id = $1 AND status = 'streaming' RETURNING stop_requested`,
    [replyId, content],
  );
  return { stopRequested: rows[0]?.stop_requested ?? true };
}

export async function finishReply(pool: Pool, replyId: number, content: string, status: 'complete' | 'partial' | 'failed'): Promise<MessageRow> {
  const { rows } = await pool.query<MessageRow>(
    `UPDATE messages SET content = $2, status = $3, updated_at = now() WHERE id = $1 RETURNING *`,
    [replyId, content, status],
  );
  await pool.query('UPDATE chats SET updated_at = now() WHERE id = $1', [rows[0]!.chat_id]);
  return rows[0]!;
}

/** Ask a streaming reply to stop (it is kept as partial). Scoped to the user's own chat. */
export async function requestStop(pool: Pool, userId: number, chatId: string, clientId: string): Promise<MessageRow | undefined> {
  const { rows } = await pool.query<MessageRow>(
    `UPDATE messages r SET stop_requested = true
       FROM messages u JOIN chats c ON c.id = u.chat_id
      WHERE r.reply_to = u.id AND u.chat_id = $1 AND u.client_id = $2 AND c.user_id = $3 AND c.deleted_at IS NULL
      RETURNING r.*`,
    [chatId, clientId, userId],
  );
  return rows[0];
}

/** The last user message of a chat, for regenerate. */
export async function lastUserMessage(pool: Pool, chatId: string): Promise<MessageRow | undefined> {
  const { rows } = await pool.query<MessageRow>(`SELECT * FROM messages WHERE chat_id = $1 AND role = 'user' ORDER BY id DESC LIMIT 1`, [chatId]);
  return rows[0];
}

/** Replace a user message's finished reply with a fresh streaming one (regenerate). */
export async function resetReply(pool: Pool, user: MessageRow, model: string): Promise<MessageRow | undefined> {
  await pool.query(`DELETE FROM messages WHERE reply_to = $1 AND status <> 'streaming'`, [user.id]);
  const { rows } = await pool.query<MessageRow>(
    `INSERT INTO messages (chat_id, role, content, status, reply_to, model) VALUES ($2, 'assistant', '', 'streaming', $1, $3)
     ON CONFLICT (reply_to) WHERE reply_to IS NOT NULL DO NOTHING RETURNING *`,
    [user.id, user.chat_id, model],
  );
  return rows[0];
}
