import type { Pool } from '../db';
import type { KitFile, KitPassage } from '../../domain/contract/kit';

interface FileRow {
  id: string;
  name: string;
  kind: KitFile['kind'];
  bytes: number;
  pages: number | null;
  passages: number;
  created_at: Date;
}

const presentFile = (r: FileRow): KitFile => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  bytes: r.bytes,
  pages: r.pages,
  passages: r.passages,
  createdAt: new Date(r.created_at).toISOString(),
});

const FILE_COLUMNS = 'id, name, kind, bytes, pages, passages, created_at';

export async function listKitFiles(pool: Pool, userId: number): Promise<KitFile[]> {
  const { rows } = await pool.query<FileRow>(
    `SELECT ${FILE_COLUMNS} FROM kit_files WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows.map(presentFile);
}

export async function findKitFile(
  pool: Pool,
  userId: number,
  id: string,
): Promise<KitFile | undefined> {
  const { rows } = await pool.query<FileRow>(
    `SELECT ${FILE_COLUMNS} FROM kit_files WHERE user_id = $1 AND id = $2`,
    [userId, id],
  );
  return rows[0] && presentFile(rows[0]);
}

export type SaveOutcome = { saved: KitFile; created: boolean } | { overCount: true };

/**
 * Store a file and its passages in one transaction: all of it or nothing. The user's row is locked
 * while the files are counted, so two uploads at once cannot both take the last place. A file with
 * this id already stored (a queued upload sent again) is answered as it is.
 */
export async function saveKitFile(
  pool: Pool,
  userId: number,
  file: { id: string; name: string; kind: KitFile['kind']; bytes: number; pages: number | null },
  passages: { page: number | null; text: string }[],
  opts: { maxFiles: number; config: string },
): Promise<SaveOutcome> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const existing = await client.query<FileRow>(
      `SELECT ${FILE_COLUMNS} FROM kit_files WHERE user_id = $1 AND id = $2`,
      [userId, file.id],
    );
    if (existing.rows[0]) {
      await client.query('COMMIT');
      return { saved: presentFile(existing.rows[0]), created: false };
    }
    const count = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM kit_files WHERE user_id = $1',
      [userId],
    );
    if (count.rows[0]!.n >= opts.maxFiles) {
      await client.query('ROLLBACK');
      return { overCount: true };
    }
    const inserted = await client.query<FileRow>(
      `INSERT INTO kit_files (user_id, id, name, kind, bytes, pages, passages, config)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::regconfig) RETURNING ${FILE_COLUMNS}`,
      [userId, file.id, file.name, file.kind, file.bytes, file.pages, passages.length, opts.config],
    );
    await client.query(
      `INSERT INTO kit_passages (user_id, file_id, ord, page, text, config)
       SELECT $1, $2, p.ord - 1, p.page, p.text, $5::regconfig
         FROM unnest($3::int[], $4::text[]) WITH ORDINALITY AS p(page, text, ord)`,
      [userId, file.id, passages.map((p) => p.page), passages.map((p) => p.text), opts.config],
    );
    await client.query('COMMIT');
    return { saved: presentFile(inserted.rows[0]!), created: true };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Delete a file of the user's, and its passages with it; false when they have none by that id. */
export async function deleteKitFile(pool: Pool, userId: number, id: string): Promise<boolean> {
  const { rowCount } = await pool.query('DELETE FROM kit_files WHERE user_id = $1 AND id = $2', [
    userId,
    id,
  ]);
  return Boolean(rowCount);
}

interface PassageRow {
  id: string;
  file_id: string;
  file_name: string;
  page: number | null;
  text: string;
}

const presentPassage = (r: PassageRow): KitPassage => ({
  id: String(r.id),
  fileId: r.file_id,
  fileName: r.file_name,
  page: r.page,
  text: r.text,
});

/**
 * The user's passages that best answer `query`, best first, by Postgres full-text search in each
 * language the files were indexed in. `websearch_to_tsquery` reads the rep's words ("a phrase",
 * -not); a question's words rarely all appear in one passage, so a passage holding any of them is
 * found, those holding all of them first, then by `ts_rank_cd` (how many, how close together).
 * Only this user's passages.
 */
export async function searchKit(
  pool: Pool,
  userId: number,
  query: string,
  limit: number,
): Promise<KitPassage[]> {
  if (!query.trim()) return [];
  const { rows } = await pool.query<PassageRow>(
    `SELECT p.id, p.file_id, f.name AS file_name, p.page, p.text
       FROM (SELECT DISTINCT config FROM kit_files WHERE user_id = $1) c
       CROSS JOIN LATERAL (SELECT websearch_to_tsquery(c.config, $2) AS every) q
       CROSS JOIN LATERAL (SELECT replace(q.every::text, ' & ', ' | ')::tsquery AS any) w
       JOIN kit_passages p ON p.user_id = $1 AND p.config = c.config AND p.tsv @@ w.any
       JOIN kit_files f ON f.user_id = p.user_id AND f.id = p.file_id
      ORDER BY p.tsv @@ q.every DESC, ts_rank_cd(p.tsv, w.any) DESC, p.id
      LIMIT $3`,
    [userId, query, limit],
  );
  return rows.map(presentPassage);
}

/** One passage of the user's (a 'Sources' entry tapped), or undefined. */
export async function findKitPassage(
  pool: Pool,
  userId: number,
  id: string,
): Promise<KitPassage | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const { rows } = await pool.query<PassageRow>(
    `SELECT p.id, p.file_id, f.name AS file_name, p.page, p.text
       FROM kit_passages p JOIN kit_files f ON f.user_id = p.user_id AND f.id = p.file_id
      WHERE p.user_id = $1 AND p.id = $2`,
    [userId, id],
  );
  return rows[0] && presentPassage(rows[0]);
}
