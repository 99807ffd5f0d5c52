/**
 * What a prep brief is made from, gathered from the rep's own data: earlier chats, call analyses,
 * debriefs and notes pushed to the CRM that name the company or a person of the meeting (newest
 * first, one excerpt around the first mention), and the kit passages that best match the meeting.
 * Bounded: a few pieces of a few hundred characters each, so the brief's prompt stays small and the
 * brief, which keeps them as its sources, stays light enough to keep on the phone.
 */
import type { BriefPerson, BriefSource } from '../../domain/contract/calendar';
import type { ProfileValues } from '../../domain/contract/profile';
import { passagePlace } from '../../domain/profile/promptBlock';
import { cutAtWord } from '../../domain/playbooks/flow';
import type { Pool } from '../db';
import { searchKit } from '../kit/kit.sql';

/** The longest excerpt a piece keeps, in characters. */
export const PIECE_MAX_CHARS = 600;
/** Earlier work (chats, calls, debriefs, CRM notes) a brief cites at most, and kit passages. */
const WORK_PIECES_MAX = 6;
const KIT_PIECES_MAX = 3;

/** The words whose mention makes earlier work about this meeting: companies, full names, addresses. */
export function searchTerms(
  people: readonly BriefPerson[],
  companies: readonly string[],
): string[] {
  const terms = new Set<string>();
  for (const company of companies) if (company.length >= 3) terms.add(company.toLowerCase());
  for (const person of people) {
    terms.add(person.email);
    // A full name only, of words of three letters or more: 'Dana' alone names too many people,
    // and 'Al Li' is inside 'usual link'.
    if (person.name && /^\p{L}{3,}(\s+\p{L}{3,})+$/u.test(person.name.trim()))
      terms.add(person.name.trim().toLowerCase());
  }
  return [...terms].slice(0, 20);
}

const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The text around the first mention of a term, cut at words: what the brief quotes of a piece. */
export function excerptAround(text: string, terms: readonly string[]): string {
  const lower = text.toLowerCase();
  const at = Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0), text.length);
  if (at === text.length || at < PIECE_MAX_CHARS / 3) return cutAtWord(text, PIECE_MAX_CHARS);
  // Start at the line or sentence the mention is in, at most a third of an excerpt before it.
  const before = text.slice(0, at);
  const start = Math.max(
    before.lastIndexOf('\n'),
    before.lastIndexOf('. ') + 1,
    at - Math.floor(PIECE_MAX_CHARS / 3),
  );
  return `…${cutAtWord(text.slice(start).trim(), PIECE_MAX_CHARS)}`;
}

interface WorkRow {
  kind: 'chat' | 'call' | 'debrief' | 'crm';
  label: string;
  text: string;
  at: Date;
  chat_id: string | null;
}

/** Earlier work naming any of `terms`, newest first, one piece per chat, recording or note. */
async function earlierWork(pool: Pool, userId: number, terms: string[]): Promise<BriefSource[]> {
  if (!terms.length) return [];
  const patterns = terms.map(containing);
  const { rows } = await pool.query<WorkRow>(
    `(SELECT * FROM (
        SELECT DISTINCT ON (c.id) CASE WHEN c.playbook_type = 'call' THEN 'call' ELSE 'chat' END AS kind,
               c.title AS label, m.content AS text, m.timestamp AS at, c.id AS chat_id
          FROM messages m JOIN chats c ON c.id = m.chat_id
         WHERE c.user_id = $1 AND c.deleted_at IS NULL AND m.role <> 'system' AND m.status = 'complete'
           AND m.content ILIKE ANY ($2::text[])
         ORDER BY c.id, m.timestamp DESC) newest_per_chat
      ORDER BY at DESC LIMIT $3)
     UNION ALL
     (SELECT 'debrief', coalesce(title, 'a meeting'), transcript, created_at, NULL
        FROM recordings
       WHERE user_id = $1 AND status = 'transcribed'
         AND (transcript ILIKE ANY ($2::text[]) OR coalesce(title, '') ILIKE ANY ($2::text[]))
       ORDER BY created_at DESC LIMIT $3)
     UNION ALL
     (SELECT 'crm', title, body, created_at, NULL
        FROM crm_pushes
       WHERE user_id = $1 AND state = 'written'
         AND (body ILIKE ANY ($2::text[]) OR title ILIKE ANY ($2::text[]))
       ORDER BY created_at DESC LIMIT $3)`,
    [userId, patterns, WORK_PIECES_MAX],
  );
  const label = { chat: 'Chat', call: 'Call analysis', debrief: 'Debrief', crm: 'CRM note' };
  return rows
    .toSorted((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime())
    .slice(0, WORK_PIECES_MAX)
    .map((row) => ({
      kind: row.kind,
      label: `${label[row.kind]}: ${row.label}`,
      at: new Date(row.at).toISOString(),
      text: excerptAround(row.text, terms),
      ...(row.chat_id ? { chatId: row.chat_id } : {}),
    }));
}

/** The kit passages that best match the meeting: its companies, title and the rep's industry. */
async function kitPieces(pool: Pool, userId: number, query: string): Promise<BriefSource[]> {
  const found = await searchKit(pool, userId, query, KIT_PIECES_MAX);
  return found.map((p) => ({
    kind: 'kit',
    label: passagePlace(p),
    text: cutAtWord(p.text.trim(), PIECE_MAX_CHARS),
    passageId: p.id,
  }));
}

/** The numbered pieces of a brief: earlier work first (newest first), then the kit. */
export async function briefPieces(
  pool: Pool,
  userId: number,
  meeting: { title: string },
  people: readonly BriefPerson[],
  companies: readonly string[],
  profile: ProfileValues,
): Promise<BriefSource[]> {
  const work = await earlierWork(pool, userId, searchTerms(people, companies));
  const query = [...companies, meeting.title, profile.industry ?? ''].join(' ');
  return [...work, ...(await kitPieces(pool, userId, query))];
}
