// GET /api/search: a page of what the server holds of the rep's work that matches what they typed,
// best first, and the cursor of the next page.
import {
  SEARCH_KINDS,
  SEARCH_PAGE_SIZE,
  type SearchKind,
  type SearchQuery,
  type SearchRange,
  type SearchResponse,
} from '../../domain/contract/search';
import { PROFILE_FIELD_NAMES } from '../../domain/contract/profile';
import type { Pool } from '../db';
import { InvalidRequest } from '../errors';
import { decodeCursor, encodeCursor, type CursorScope } from './cursor';
import { presentHit } from './search.present';
import { findHits, searchTsquery } from './search.sql';

const DAY_MS = 24 * 3600 * 1000;
const RANGE_DAYS: Record<SearchRange, number | null> = { week: 7, month: 30, all: null };

/** The word being typed: letters and digits at the very end, after a space or nothing else. */
const LAST_WORD = /(?:^|\s)([\p{L}\p{N}]+)$/u;

/**
 * What the rep typed, with the word they are still typing apart, so it matches as a prefix
 * ('pric' finds 'pricing'). No word apart when the query ends in a space or a sign (the word is
 * done), inside an open "quote" (a phrase is matched as written), after '-' (a word to leave
 * out), or after 'or' (which joins it to the word before).
 */
export function typedParts(q: string): { head: string; last: string | null } {
  const found = LAST_WORD.exec(q);
  if (!found) return { head: q, last: null };
  const last = found[1]!;
  const head = q.slice(0, q.length - last.length);
  const openQuote = (head.match(/"/g)?.length ?? 0) % 2 === 1;
  if (openQuote || /(?:^|\s)or\s+$/i.test(head)) return { head: q, last: null };
  return { head, last };
}

export type SearchInput = Omit<SearchQuery, 'kinds'> & { kinds?: SearchKind[] | undefined };

/**
 * One page of the rep's hits. `secret` signs the cursor; a cursor that is not this server's for
 * this rep and this search is refused (400).
 */
export async function searchWork(
  pool: Pool,
  secret: string,
  userId: number,
  input: SearchInput,
): Promise<SearchResponse> {
  const kinds = input.kinds?.length ? input.kinds : [...SEARCH_KINDS];
  const range = input.range ?? 'all';
  const scope: CursorScope = { userId, q: input.q, kinds, range };
  const after = input.cursor ? decodeCursor(secret, scope, input.cursor) : null;
  if (after === undefined)
    throw InvalidRequest('cursor: not a page of this search; search again from the first page.');
  if (!input.q.trim()) return { hits: [], nextCursor: null };
  const { head, last } = typedParts(input.q);
  const query = await searchTsquery(pool, head, last);
  if (!query) return { hits: [], nextCursor: null };

  const asOf = after?.asOf ?? new Date();
  const days = RANGE_DAYS[range];
  const rows = await findHits(pool, {
    userId,
    query,
    kinds: new Set(kinds),
    asOf,
    since: days === null ? null : new Date(asOf.getTime() - days * DAY_MS),
    after,
    profileFields: PROFILE_FIELD_NAMES,
    limit: SEARCH_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, SEARCH_PAGE_SIZE);
  const end = page.at(-1);
  return {
    hits: page.map(presentHit),
    nextCursor:
      rows.length > SEARCH_PAGE_SIZE && end
        ? encodeCursor(secret, scope, { asOf, score: end.score, key: end.key })
        : null,
  };
}
