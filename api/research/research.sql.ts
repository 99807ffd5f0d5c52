import type {
  Research,
  ResearchClaim,
  ResearchSource,
  ResearchSummary,
} from '../../domain/contract/research';
import type { Pool } from '../db';

interface ResearchRow {
  id: string;
  subject: string;
  question: string | null;
  claims: ResearchClaim[];
  unconfirmed: string[];
  sources: ResearchSource[];
  notes: string[];
  made_with_model: boolean;
  made_at: Date;
}

const COLUMNS =
  'id, subject, question, claims, unconfirmed, sources, notes, made_with_model, made_at';

const present = (row: ResearchRow): Research => ({
  id: row.id,
  subject: row.subject,
  question: row.question,
  claims: row.claims,
  unconfirmed: row.unconfirmed,
  sources: row.sources,
  notes: row.notes,
  madeWithModel: row.made_with_model,
  madeAt: new Date(row.made_at).toISOString(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The rep's research on a subject (by its folded key), or undefined. */
export async function findResearchOn(
  pool: Pool,
  userId: number,
  subjectKey: string,
): Promise<Research | undefined> {
  const { rows } = await pool.query<ResearchRow>(
    `SELECT ${COLUMNS} FROM research WHERE user_id = $1 AND subject_key = $2`,
    [userId, subjectKey],
  );
  return rows[0] && present(rows[0]);
}

/** One research of the rep's, or undefined (another rep's, or no such id, alike). */
export async function findResearch(
  pool: Pool,
  userId: number,
  id: string,
): Promise<Research | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await pool.query<ResearchRow>(
    `SELECT ${COLUMNS} FROM research WHERE user_id = $1 AND id = $2`,
    [userId, id],
  );
  return rows[0] && present(rows[0]);
}

/** The rep's research, newest first, without the pages' text. */
export async function listResearch(pool: Pool, userId: number): Promise<ResearchSummary[]> {
  const { rows } = await pool.query<{
    id: string;
    subject: string;
    made_at: Date;
    source_count: number;
  }>(
    `SELECT id, subject, made_at, jsonb_array_length(sources) AS source_count
       FROM research WHERE user_id = $1 ORDER BY made_at DESC LIMIT 200`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    madeAt: new Date(row.made_at).toISOString(),
    sourceCount: Number(row.source_count),
  }));
}

/**
 * Keep a research: the subject's earlier one is replaced (a refresh), under the id it had, so a
 * link to it and the phone's copy stay the same research.
 */
export async function saveResearch(
  pool: Pool,
  userId: number,
  subjectKey: string,
  research: Omit<Research, 'madeAt'>,
): Promise<Research> {
  const { rows } = await pool.query<ResearchRow>(
    `INSERT INTO research AS r
       (id, user_id, subject, subject_key, question, claims, unconfirmed, sources, notes, made_with_model)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (user_id, subject_key) DO UPDATE SET
       subject = EXCLUDED.subject,
       question = EXCLUDED.question,
       claims = EXCLUDED.claims,
       unconfirmed = EXCLUDED.unconfirmed,
       sources = EXCLUDED.sources,
       notes = EXCLUDED.notes,
       made_with_model = EXCLUDED.made_with_model,
       made_at = now()
     RETURNING ${COLUMNS}`,
    [
      research.id,
      userId,
      research.subject,
      subjectKey,
      research.question,
      JSON.stringify(research.claims),
      JSON.stringify(research.unconfirmed),
      JSON.stringify(research.sources),
      JSON.stringify(research.notes),
      research.madeWithModel,
    ],
  );
  return present(rows[0]!);
}

/** Forget one research; false when the rep has no such research. */
export async function deleteResearch(pool: Pool, userId: number, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const { rowCount } = await pool.query('DELETE FROM research WHERE user_id = $1 AND id = $2', [
    userId,
    id,
  ]);
  return (rowCount ?? 0) > 0;
}

/**
 * The passages that best answer `query`, ranked by Postgres full-text search as the sales kit's
 * are (ts_rank_cd over the query's words, any of them): their indexes, best first. English words:
 * the web pages research reads are mostly in it, and a page's language is not known.
 */
export async function rankPassages(
  pool: Pool,
  query: string,
  passages: readonly string[],
): Promise<{ index: number; rank: number }[]> {
  if (!passages.length || !query.trim()) return [];
  const { rows } = await pool.query<{ index: number; rank: number }>(
    `WITH q AS (
       SELECT (SELECT string_agg(quote_literal(w.word), ' | ')
                 FROM unnest(tsvector_to_array(to_tsvector('english', $1))) AS w(word)) AS words
     )
     SELECT (p.i - 1)::int AS index,
            CASE WHEN q.words IS NULL THEN 0
                 ELSE ts_rank_cd(to_tsvector('english', p.t), q.words::tsquery) END AS rank
       FROM unnest($2::text[]) WITH ORDINALITY AS p(t, i), q
      ORDER BY rank DESC, index`,
    [query, passages],
  );
  return rows.map((row) => ({ index: Number(row.index), rank: Number(row.rank) }));
}
