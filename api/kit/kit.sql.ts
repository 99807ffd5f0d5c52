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

/** How many files the user's kit holds. */
export async function countKitFiles(pool: Pool, userId: number): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM kit_files WHERE user_id = $1',
    [userId],
  );
  return rows[0]!.n;
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
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${FILE_COLUMNS}`,
      [userId, file.id, file.name, file.kind, file.bytes, file.pages, passages.length, opts.config],
    );
    await client.query(
      `INSERT INTO kit_passages (user_id, file_id, ord, page, text, config, tsv)
       SELECT $1, $2, p.ord - 1, p.page, p.text, $5::text, to_tsvector($5::text::regconfig, p.text)
         FROM unnest($3::int[], $4::text[]) WITH ORDINALITY AS p(page, text, ord)`,
      [userId, file.id, passages.map((p) => p.page), passages.map((p) => p.text), opts.config],
    );
    await client.query(
      `INSERT INTO kit_terms (user_id, file_id, word, ndoc)
       SELECT $1, $2, word, ndoc
         FROM ts_stat(format('SELECT tsv FROM kit_passages WHERE user_id = %s AND file_id = %L', $1::int, $2::text))`,
      [userId, file.id],
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
 * language the files were indexed in. A question's words rarely all stand in one passage, and a word
 * on every page (the product's name) says nothing of which page answers, so a passage is found when
 * it holds all the words (`websearch_to_tsquery`: "a phrase", -not) or any word that is rare in this
 * rep's kit (in at most a twentieth of its passages, or 50), those with all the words first, then by
 * `ts_rank_cd` over the words that tell passages apart (how many, how close together): a word in
 * more than half of a large kit's passages adds about as much to each, and ranking by it was most
 * of the search's time. Two queries: the first turns the
 * question into search terms, so the second is a plain indexed search with them, on the index of
 * (rep, words): it reads this rep's passages that hold a word, whatever other reps' kits hold.
 */
export async function searchKit(
  pool: Pool,
  userId: number,
  query: string,
  limit: number,
): Promise<KitPassage[]> {
  if (!query.trim()) return [];
  const { rows: plans } = await pool.query<{
    config: string;
    every: string;
    rare: string | null;
    words: string;
    telling: string | null;
  }>({
    // Named: every send asks it, and Postgres parses it once per connection. The passages' search
    // below stays unnamed, so it is always planned for its own words (a generic plan made for
    // other words could scan the wrong way).
    name: 'kit-search-terms',
    // Each word of the question in each language the rep's files are in, with how many of the
    // rep's passages hold it; a language none of whose words are left (all stop words) has no row.
    text: `WITH total AS (SELECT coalesce(sum(passages), 0) AS n FROM kit_files WHERE user_id = $1),
          asked AS (
            SELECT c.config, w.word,
                   (SELECT coalesce(sum(t.ndoc), 0) FROM kit_terms t WHERE t.user_id = $1 AND t.word = w.word) AS ndoc
              FROM (SELECT DISTINCT config FROM kit_files WHERE user_id = $1) c,
                   unnest(tsvector_to_array(to_tsvector(c.config::regconfig, $2))) AS w(word))
     SELECT asked.config,
            websearch_to_tsquery(asked.config::regconfig, $2)::text AS every,
            string_agg(quote_literal(word), ' | ')
              FILTER (WHERE ndoc BETWEEN 1 AND greatest(50, total.n / 20)) AS rare,
            string_agg(quote_literal(word), ' | ') AS words,
            string_agg(quote_literal(word), ' | ')
              FILTER (WHERE ndoc <= greatest(50, total.n / 2)) AS telling
       FROM asked, total
      GROUP BY asked.config, total.n`,
    values: [userId, query],
  });
  const found: (PassageRow & { rank: number; complete: boolean })[] = [];
  for (const plan of plans) {
    const { rows } = await pool.query<PassageRow & { rank: number; complete: boolean }>(
      `SELECT p.id, p.file_id, f.name AS file_name, p.page, p.text,
              p.tsv @@ $3::tsquery AS complete, ts_rank_cd(p.tsv, $5::tsquery) AS rank
         FROM kit_passages p
         JOIN kit_files f ON f.user_id = p.user_id AND f.id = p.file_id
        WHERE p.user_id = $1 AND p.config = $2
          -- One query of either, not two conditions joined by OR: one scan of the index.
          AND p.tsv @@ ($3::tsquery || $4::tsquery)
        ORDER BY complete DESC, rank DESC, p.id
        LIMIT $6`,
      [userId, plan.config, plan.every, plan.rare ?? plan.every, plan.telling ?? plan.words, limit],
    );
    found.push(...rows);
  }
  return found
    .toSorted((a, b) => Number(b.complete) - Number(a.complete) || b.rank - a.rank)
    .slice(0, limit)
    .map(presentPassage);
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
