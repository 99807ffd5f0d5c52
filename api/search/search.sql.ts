// The server's search over one rep's work, in Postgres full-text search: chat messages, edited
// emails, saved flows, debrief transcripts, the sales kit and the profile. Every table is read
// through its index of (rep, words) (db/migrations/0031_add_search.sql), so a search visits only
// this rep's matching rows however many other reps there are.
import type { Pool } from '../db';
import type { SearchKind } from '../../domain/contract/search';

/**
 * The parameters of one statement, each bound once by name where the SQL uses it: Postgres cannot
 * type a parameter the statement never uses, and which ones it uses depends on the kinds asked for.
 */
class Binds {
  readonly values: unknown[] = [];
  private readonly named = new Map<string, string>();

  /** `$n::type` of the value bound as `name` (the same placeholder each time it is asked for). */
  bind(name: string, value: unknown, type: string): string {
    let placeholder = this.named.get(name);
    if (!placeholder) {
      this.values.push(value);
      placeholder = `$${this.values.length}::${type}`;
      this.named.set(name, placeholder);
    }
    if (!placeholder.endsWith(`::${type}`))
      throw new Error(`search: ${name} is bound as ${placeholder}, not as ${type}`);
    return placeholder;
  }
}

/** The text search configuration of the stored words: English stemming over accent-folded words. */
const CONFIG = `'pitchpad_search'`;

/** ts_headline marks the matched words with these (private-use characters, never in real text). */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';
/** Nothing is escaped: the phone shows the snippet as text, never as HTML. */
const MARKERS = `StartSel=${MARK_START}, StopSel=${MARK_END}`;
/** A text no longer than a snippet is shown whole, every match in it marked. */
const WHOLE_TEXT_MAX = 240;
const WHOLE_TEXT = `${MARKERS}, HighlightAll=true`;
/** A longer text: one fragment of about 15 to 35 words around the best match. */
const FRAGMENT = `${MARKERS}, MaxWords=35, MinWords=15, MaxFragments=1`;

/**
 * A hit's relevance is `ts_rank_cd` (matched words, how close together), divided by 1 + log of the
 * text's length so a long transcript does not win by length alone, scaled into [0, 1); then blended
 * with how recent it is: × (0.3 + 0.7 × ½^(age / 30 days)). Written today counts whole, a month ago
 * 65 %, a year ago about 30 %: newest first among equally relevant hits, while a much better match
 * from last year still beats a passing mention from today. The kit and the profile have no time of
 * their own: they count as a month old (0.65), reference that a fresh conversation about the same
 * words comes before.
 */
const RANK_NORMALIZATION = 1 | 32;
const HALF_LIFE_SECONDS = 30 * 24 * 3600;
const TIMELESS_WEIGHT = 0.65;

/** One statement's request and its parameters, as the parts of the search build it. */
interface Statement {
  request: HitsRequest;
  binds: Binds;
}

const userOf = ({ request, binds }: Statement) => binds.bind('user', request.userId, 'int');
const queryOf = ({ request, binds }: Statement) =>
  binds.bind('query', request.query.full, 'tsquery');

/**
 * The rows of `tsv` that match. The index answers for the whole words; a word still being typed
 * (a prefix) is checked on the rows the index gave, through `ts_match_vq` (the function behind @@,
 * which no index serves). An index asked for a prefix reads every rep's words that begin so, and
 * the more reps, the more it reads ('ne' begins thousands of words): checked on this rep's rows
 * instead, its cost is this rep's alone. With no whole word to find (only the word being typed),
 * the index gives all of the rep's rows.
 */
function matches(s: Statement, tsv: string): string {
  const { full, whole } = s.request.query;
  if (whole === full) return `${tsv} @@ ${queryOf(s)}`;
  const prefix = `ts_match_vq(${tsv}, ${queryOf(s)})`;
  if (whole === null) return prefix;
  return `${tsv} @@ ${s.binds.bind('wholeWords', whole, 'tsquery')} AND ${prefix}`;
}

/**
 * The score of a row: `tsv` its stored words, `at` its time (null: timeless), aged from the moment
 * the search is as of (kept in the cursor, so every page of one search scores alike).
 */
function score(s: Statement, tsv: string, at: string | null): string {
  const relevance = `ts_rank_cd(${tsv}, ${queryOf(s)}, ${RANK_NORMALIZATION})::float8`;
  if (!at) return `${relevance} * ${TIMELESS_WEIGHT}`;
  const asOf = s.binds.bind('asOf', s.request.asOf, 'timestamptz');
  const age = `greatest(0, extract(epoch FROM ${asOf} - ${at}))::float8`;
  return `${relevance} * (0.3 + 0.7 * power(0.5, ${age} / ${HALF_LIFE_SECONDS}))`;
}

/** Only what the range keeps (nothing for any time). */
const inRange = (s: Statement, at: string) =>
  s.request.since ? `AND ${at} >= ${s.binds.bind('since', s.request.since, 'timestamptz')}` : '';

/** One row of hits, every kind in the same columns. */
export interface HitRow {
  kind: SearchKind;
  key: string;
  /** The chat's title, the flow's name, the recording's title, the file's name, the profile field. */
  title: string | null;
  at: Date | null;
  /** The kit passage's page. */
  page: number | null;
  chat_id: string | null;
  server_id: number | null;
  client_id: string | null;
  /** The passage's, the recording's id, or the profile field's name. */
  ref: string | null;
  score: number;
  /** The text around the match, the matched words between MARK_START and MARK_END. */
  headline: string;
  /** Where the headline starts in the whole text (1-based; 0: not found as it is). */
  starts_at: number;
  /** The whole text's length in characters. */
  body_length: number;
}

const COLUMNS = 'kind, key, title, at, body, page, chat_id, server_id, client_id, ref, score';

/**
 * The rep's matching messages first, then their chats: `OFFSET 0` keeps the planner from starting
 * at the rep's chats and probing each for messages, a plan whose cost moves with the statistics of
 * every rep's rows.
 */
const MATCHED_FIRST = 'OFFSET 0';

/** The messages a rep and the model wrote, in chats the rep has not deleted: kind chat or flow. */
function messageHits(s: Statement): string | undefined {
  const chat = s.request.kinds.has('chat');
  const flow = s.request.kinds.has('flow');
  if (!chat && !flow) return undefined;
  const which = chat && flow ? '' : `AND c.is_playbook = '${flow}'`;
  return `SELECT CASE WHEN c.is_playbook = 'true' THEN 'flow' ELSE 'chat' END,
            'msg:' || m.chat_id || ':' || coalesce(m.client_id::text, 's' || m.id),
            c.title, m.timestamp, m.content, NULL::int, m.chat_id, m.id, m.client_id::text,
            NULL::text, m.score
       FROM (SELECT m.id, m.chat_id, m.client_id, m.timestamp, m.content,
                    ${score(s, 'm.search_tsv', 'm.timestamp')} AS score
               FROM messages m
              WHERE m.user_id = ${userOf(s)} AND ${matches(s, 'm.search_tsv')}
                    ${inRange(s, 'm.timestamp')}
              ${MATCHED_FIRST}) m
       JOIN chats c ON c.id = m.chat_id AND c.user_id = ${userOf(s)}
      WHERE c.deleted_at IS NULL ${which}`;
}

/** The rep's edits of email replies, subject and body, dated by the edit. */
function emailHits(s: Statement): string {
  const editedAt = `(m.email_edit ->> 'editedAt')::timestamptz`;
  return `SELECT 'email', 'email:' || m.chat_id || ':' || coalesce(m.client_id::text, 's' || m.id),
            c.title, m.at, m.body, NULL::int, m.chat_id, m.id, m.client_id::text, NULL::text,
            m.score
       FROM (SELECT m.id, m.chat_id, m.client_id, ${editedAt} AS at,
                    coalesce(m.email_edit ->> 'subject', '') || E'\\n\\n'
                      || coalesce(m.email_edit ->> 'body', '') AS body,
                    ${score(s, 'm.email_tsv', editedAt)} AS score
               FROM messages m
              WHERE m.user_id = ${userOf(s)} AND ${matches(s, 'm.email_tsv')} ${inRange(s, editedAt)}
              ${MATCHED_FIRST}) m
       JOIN chats c ON c.id = m.chat_id AND c.user_id = ${userOf(s)}
      WHERE c.deleted_at IS NULL`;
}

/**
 * Saved flows that open their result's chat (the item's path names it, '/chat?chat=<id>'), the chat
 * not deleted; one hit per chat. A saved item with no chat (a competitor analysis, opened on its own
 * screen) has nowhere to open from a search, and is left out.
 */
function savedFlowHits(s: Statement): string {
  return `SELECT * FROM (
       SELECT DISTINCT ON (c.id) 'flow' AS kind, 'chat:' || c.id AS key, w.name AS title,
              w.date AS at, w.name || coalesce(E'\\n\\n' || w.result, '') AS body, NULL::int AS page,
              c.id AS chat_id, NULL::int AS server_id, NULL::text AS client_id, NULL::text AS ref,
              ${score(s, 'w.search_tsv', 'w.date')} AS score
         FROM workflows w
         JOIN chats c ON c.user_id = w.user_id AND c.deleted_at IS NULL
              AND c.id = substring(w.path FROM '[?&]chat=([^&#]+)')
        WHERE w.user_id = ${userOf(s)} AND w.deleted_at IS NULL AND ${matches(s, 'w.search_tsv')}
              ${inRange(s, 'w.date')}
        ORDER BY c.id, score DESC, w.id
     ) saved`;
}

/** Transcribed debriefs (only those have words stored). */
function debriefHits(s: Statement): string {
  return `SELECT 'debrief', 'rec:' || r.id, r.title, r.created_at, r.transcript, NULL::int,
            NULL::text, NULL::int, NULL::text, r.id, ${score(s, 'r.search_tsv', 'r.created_at')}
       FROM recordings r
      WHERE r.user_id = ${userOf(s)} AND ${matches(s, 'r.search_tsv')} ${inRange(s, 'r.created_at')}`;
}

/** The sales kit's passages, with their file's name and page. */
function kitHits(s: Statement): string {
  return `SELECT 'kit', 'kit:' || p.id, f.name, NULL::timestamptz, p.text, p.page,
            NULL::text, NULL::int, NULL::text, p.id::text, ${score(s, 'p.search_tsv', null)}
       FROM kit_passages p JOIN kit_files f ON f.user_id = p.user_id AND f.id = p.file_id
      WHERE p.user_id = ${userOf(s)} AND ${matches(s, 'p.search_tsv')}`;
}

/**
 * The profile's fields that are searched (one row per rep, read by its key; a few short values, so
 * their words are read here rather than stored).
 */
function profileHits(s: Statement): string {
  const fields = s.binds.bind('fields', s.request.profileFields, 'text[]');
  return `SELECT 'profile', 'profile:' || f.key, f.key, NULL::timestamptz, f.value ->> 'value',
            NULL::int, NULL::text, NULL::int, NULL::text, f.key, ${score(s, 'v.tsv', null)}
       FROM profiles p
       CROSS JOIN LATERAL jsonb_each(p.fields) f
       CROSS JOIN LATERAL (SELECT to_tsvector(${CONFIG}, f.value ->> 'value') AS tsv) v
      WHERE p.user_id = ${userOf(s)} AND f.key = ANY(${fields}) AND ${matches(s, 'v.tsv')}`;
}

/** A search's tsquery, as Postgres writes it. */
export interface SearchTsquery {
  /** Everything typed: whole words, "phrases", -words, and the word being typed as a prefix. */
  full: string;
  /**
   * The part an index answers: `full` when no word is being typed, else the whole words alone
   * (null when there are none to find).
   */
  whole: string | null;
}

/**
 * The tsquery of what the rep typed, or null when it looks for nothing (only stop words or signs,
 * or only words to leave out). `head` goes through `websearch_to_tsquery` ("a phrase", -word, or;
 * never an error, whatever the characters); `last`, the word being typed (letters and digits only),
 * matches as a prefix: the one lexeme Postgres made of it, which Postgres itself quoted, gets ':*'.
 * Nothing the rep typed is ever pasted into tsquery syntax.
 */
export async function searchTsquery(
  pool: Pool,
  head: string,
  last: string | null,
): Promise<SearchTsquery | null> {
  const { rows } = await pool.query<{
    query: string;
    finds: boolean;
    head: string;
    head_finds: boolean;
    prefixed: boolean;
  }>(
    // querytree() is 'T' for a query that holds nothing to find, only words to leave out.
    `WITH typed AS (
       SELECT websearch_to_tsquery(${CONFIG}, $1) AS head, websearch_to_tsquery(${CONFIG}, $2) AS last
     ), q AS (
       SELECT head, numnode(last) = 1 AS prefixed,
              head && CASE WHEN numnode(last) = 1 THEN (last::text || ':*')::tsquery ELSE last END AS query
         FROM typed
     )
     SELECT query::text AS query, numnode(query) > 0 AND querytree(query) <> 'T' AS finds,
            head::text AS head, numnode(head) > 0 AND querytree(head) <> 'T' AS head_finds, prefixed
       FROM q`,
    [head, last ?? ''],
  );
  const found = rows[0]!;
  if (!found.finds) return null;
  if (!found.prefixed) return { full: found.query, whole: found.query };
  return { full: found.query, whole: found.head_finds ? found.head : null };
}

export interface HitsRequest {
  userId: number;
  /** What searchTsquery made. */
  query: SearchTsquery;
  kinds: ReadonlySet<SearchKind>;
  /** The moment the search is as of: its first page's. */
  asOf: Date;
  /** The range's start, or null for any time. */
  since: Date | null;
  /** The last hit of the page before (score, then key, in the order hits come). */
  after: { score: number; key: string } | null;
  /** The profile fields searched. */
  profileFields: readonly string[];
  limit: number;
}

/** The rep's hits, best first (score, then key), after `after`, at most `limit`, each with its snippet. */
export async function findHits(pool: Pool, request: HitsRequest): Promise<HitRow[]> {
  const s: Statement = { request, binds: new Binds() };
  const { kinds, after } = request;
  const branches = [
    messageHits(s),
    kinds.has('email') && emailHits(s),
    kinds.has('flow') && savedFlowHits(s),
    kinds.has('debrief') && debriefHits(s),
    kinds.has('kit') && kitHits(s),
    kinds.has('profile') && profileHits(s),
  ].filter((branch): branch is string => typeof branch === 'string');
  if (!branches.length) return [];
  const { binds } = s;
  const afterLast = after
    ? `WHERE score < ${binds.bind('score', after.score, 'float8')}
          OR (score = ${binds.bind('score', after.score, 'float8')}
              AND key COLLATE "C" > ${binds.bind('key', after.key, 'text')})`
    : '';
  const marks = binds.bind('marks', MARK_START + MARK_END, 'text');
  const { rows } = await pool.query<HitRow>(
    `WITH hits (${COLUMNS}) AS (
       ${branches.map((branch) => `(${branch})`).join('\n UNION ALL ')}
     ), page AS (
       SELECT * FROM hits ${afterLast}
        ORDER BY score DESC, key COLLATE "C" LIMIT ${binds.bind('limit', request.limit, 'int')}
     )
     SELECT page.kind, page.key, page.title, page.at, page.page, page.chat_id, page.server_id,
            page.client_id, page.ref, page.score, shown.headline,
            strpos(clean.body, translate(shown.headline, ${marks}, '')) AS starts_at,
            length(clean.body) AS body_length
       FROM page
       CROSS JOIN LATERAL (SELECT translate(page.body, ${marks}, '') AS body) clean
       CROSS JOIN LATERAL (
         SELECT ts_headline(${CONFIG}, clean.body, ${queryOf(s)},
                  CASE WHEN length(clean.body) <= ${WHOLE_TEXT_MAX}
                       THEN ${binds.bind('wholeText', WHOLE_TEXT, 'text')}
                       ELSE ${binds.bind('fragment', FRAGMENT, 'text')} END) AS headline
       ) shown
      ORDER BY page.score DESC, page.key COLLATE "C"`,
    binds.values,
  );
  return rows;
}
