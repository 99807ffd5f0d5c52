// What GET /api/account/export reads: every query takes the user's id, so another user's rows cannot
// be read by construction. Rows come in pages (keyset on a column that never changes), each page one
// short query: a large account is never held in memory whole, and no connection is held while the
// ZIP waits for a slow phone (the embedded database has one connection for every request).
import type { Research } from '../../domain/contract/research';
import type { Pool } from '../db';
import type { EmailEdit, MessageSource } from '../../domain/contract/chat';
import type { StoredProfile } from '../../domain/profile/merge';

const PAGE = 100;
const MESSAGE_PAGE = 200;

/** A timestamptz as ISO-8601 text (UTC, milliseconds, 'Z'). */
const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface ExportAccount {
  username: string;
  email: string;
  name: string | null;
  createdAt: string;
  plan: 'pro' | 'free';
  wantsUpdates: boolean;
  profile: StoredProfile;
}

export async function readAccount(pool: Pool, userId: number): Promise<ExportAccount | undefined> {
  const { rows } = await pool.query<ExportAccount>(
    `SELECT u.username, u.email, u.name, ${iso('u.created_at')} AS "createdAt",
            CASE WHEN u.subscription_tier = 'pro' AND u.subscription_active = 'true' THEN 'pro' ELSE 'free' END AS plan,
            u.wants_updates AS "wantsUpdates", coalesce(p.fields, '{}'::jsonb) AS profile
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  return rows[0];
}

export interface ExportChat {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  playbookType: string;
}

export interface ExportMessage {
  id: number;
  role: 'system' | 'user' | 'assistant';
  content: string;
  timestamp: string;
  status: string;
  model: string | null;
  answers: Record<string, string> | null;
  emailEdit: EmailEdit | null;
  sources: MessageSource[] | null;
}

/** Keyset pages of `query(after)` until one comes back short. */
async function* paged<T, K>(
  page: number,
  query: (after: K | null) => Promise<T[]>,
  keyOf: (row: T) => K,
): AsyncGenerator<T> {
  let after: K | null = null;
  for (;;) {
    const rows = await query(after);
    yield* rows;
    if (rows.length < page) return;
    after = keyOf(rows.at(-1)!);
  }
}

/** The user's chats (not the ones they deleted), oldest first; `at` is the page key (created_at, exact). */
export function chatsOf(pool: Pool, userId: number): AsyncGenerator<ExportChat & { at: string }> {
  return paged(
    PAGE,
    async (after: { at: string; id: string } | null) =>
      (
        await pool.query<ExportChat & { at: string }>(
          `SELECT id, title, ${iso('created_at')} AS "createdAt", ${iso('updated_at')} AS "updatedAt",
                  playbook_type AS "playbookType", created_at::text AS at
             FROM chats
            WHERE user_id = $1 AND deleted_at IS NULL
              AND ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::text))
            ORDER BY created_at, id LIMIT ${PAGE}`,
          [userId, after?.at ?? null, after?.id ?? null],
        )
      ).rows,
    (row) => ({ at: row.at, id: row.id }),
  );
}

/** A chat's messages in order; the chat is the user's (the join checks it again). */
export function messagesOf(
  pool: Pool,
  userId: number,
  chatId: string,
): AsyncGenerator<ExportMessage> {
  return paged(
    MESSAGE_PAGE,
    async (after: number | null) =>
      (
        await pool.query<ExportMessage>(
          `SELECT m.id, m.role, m.content, ${iso('m.timestamp')} AS timestamp, m.status, m.model,
                  m.answers, m.email_edit AS "emailEdit", m.sources
             FROM messages m JOIN chats c ON c.id = m.chat_id
            WHERE m.chat_id = $1 AND c.user_id = $2 AND m.id > $3
            ORDER BY m.id LIMIT ${MESSAGE_PAGE}`,
          [chatId, userId, after ?? 0],
        )
      ).rows,
    (row) => row.id,
  );
}

export interface ExportEditedEmail {
  messageId: number;
  chatId: string;
  chatTitle: string;
  original: string;
  edit: EmailEdit;
}

/** Every email reply the rep edited, in the chats they kept. */
export function editedEmailsOf(pool: Pool, userId: number): AsyncGenerator<ExportEditedEmail> {
  return paged(
    MESSAGE_PAGE,
    async (after: number | null) =>
      (
        await pool.query<ExportEditedEmail>(
          `SELECT m.id AS "messageId", c.id AS "chatId", c.title AS "chatTitle", m.content AS original,
                  m.email_edit AS edit
             FROM messages m JOIN chats c ON c.id = m.chat_id
            WHERE c.user_id = $1 AND c.deleted_at IS NULL AND m.email_edit IS NOT NULL AND m.id > $2
            ORDER BY m.id LIMIT ${MESSAGE_PAGE}`,
          [userId, after ?? 0],
        )
      ).rows,
    (row) => row.messageId,
  );
}

export interface ExportSavedItem {
  id: string;
  name: string;
  type: string;
  path: string;
  date: string;
  result: string | null;
}

/** The saved workflow history (not the items deleted), oldest first. */
export function savedItemsOf(pool: Pool, userId: number): AsyncGenerator<ExportSavedItem> {
  return paged(
    PAGE,
    async (after: string | null) =>
      (
        await pool.query<ExportSavedItem>(
          `SELECT id, name, workflow_type AS type, path, ${iso('date')} AS date, result
             FROM workflows
            WHERE user_id = $1 AND deleted_at IS NULL AND ($2::text IS NULL OR id > $2)
            ORDER BY id LIMIT ${PAGE}`,
          [userId, after],
        )
      ).rows,
    (row) => row.id,
  );
}

export interface ExportAnalysis {
  id: number;
  idea: string;
  summary: unknown;
  createdAt: string;
}

export function analysesOf(pool: Pool, userId: number): AsyncGenerator<ExportAnalysis> {
  return paged(
    PAGE,
    async (after: number | null) =>
      (
        await pool.query<ExportAnalysis>(
          `SELECT id, idea, summary, ${iso('created_at')} AS "createdAt"
             FROM idea_analyses WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT ${PAGE}`,
          [userId, after ?? 0],
        )
      ).rows,
    (row) => row.id,
  );
}

export interface ExportKitFile {
  id: string;
  name: string;
  kind: string;
  bytes: number;
  pages: number | null;
  passages: number;
  uploadedAt: string;
}

/** The sales kit's files (a few dozen at most: KIT_MAX_FILES). */
export async function kitFilesOf(pool: Pool, userId: number): Promise<ExportKitFile[]> {
  const { rows } = await pool.query<ExportKitFile>(
    `SELECT id, name, kind, bytes, pages, passages, ${iso('created_at')} AS "uploadedAt"
       FROM kit_files WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

/** A kit file's passages' text, in order. */
export function kitPassagesOf(
  pool: Pool,
  userId: number,
  fileId: string,
): AsyncGenerator<{ ord: number; page: number | null; text: string }> {
  return paged(
    MESSAGE_PAGE,
    async (after: number | null) =>
      (
        await pool.query<{ ord: number; page: number | null; text: string }>(
          `SELECT ord, page, text FROM kit_passages
            WHERE user_id = $1 AND file_id = $2 AND ord > $3 ORDER BY ord LIMIT ${MESSAGE_PAGE}`,
          [userId, fileId, after ?? -1],
        )
      ).rows,
    (row) => row.ord,
  );
}

export interface ExportRecording {
  id: string;
  title: string | null;
  container: string;
  bytes: number;
  durationMs: number | null;
  status: 'transcribed' | 'no_speech';
  transcript: string;
  recordedAt: string;
  transcribedAt: string;
}

/**
 * The voice debriefs' transcripts (never their audio, which the server does not keep), oldest
 * first; none still being transcribed.
 */
export async function* recordingsOf(pool: Pool, userId: number): AsyncGenerator<ExportRecording> {
  const pages = paged(
    PAGE,
    async (after: { at: string; id: string } | null) =>
      (
        await pool.query<ExportRecording & { at: string }>(
          `SELECT id, title, container, bytes, duration_ms AS "durationMs", status, transcript,
                  ${iso('created_at')} AS "recordedAt", ${iso('transcribed_at')} AS "transcribedAt",
                  created_at::text AS at
             FROM recordings
            WHERE user_id = $1 AND status <> 'transcribing'
              AND ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::text))
            ORDER BY created_at, id LIMIT ${PAGE}`,
          [userId, after?.at ?? null, after?.id ?? null],
        )
      ).rows,
    (row) => ({ at: row.at, id: row.id }),
  );
  // The page key is the reading's, not the rep's data.
  for await (const { at: _at, ...recording } of pages) yield recording;
}

/** What a research is in the export: as the app shows it, with the passages of each page it read. */
export type ExportResearch = Research;

/** The rep's research, oldest first, each with its sources' passages. */
export async function* researchOf(pool: Pool, userId: number): AsyncGenerator<ExportResearch> {
  const pages = paged(
    PAGE,
    async (after: { at: string; id: string } | null) =>
      (
        await pool.query<ExportResearch & { at: string }>(
          `SELECT id, subject, question, claims, unconfirmed, sources, notes,
                  made_with_model AS "madeWithModel", ${iso('made_at')} AS "madeAt",
                  made_at::text AS at
             FROM research
            WHERE user_id = $1
              AND ($2::timestamptz IS NULL OR (made_at, id) > ($2::timestamptz, $3::uuid))
            ORDER BY made_at, id LIMIT ${PAGE}`,
          [userId, after?.at ?? null, after?.id ?? null],
        )
      ).rows,
    (row) => ({ at: row.at, id: row.id }),
  );
  for await (const { at: _at, ...research } of pages) yield research;
}
