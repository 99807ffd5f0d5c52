// The cursor of a search's next page: where the page before ended (its last hit's score and key) and
// the moment the search is as of, so every page ranks and ranges alike. Signed with the server's
// secret over the rep and the search it belongs to: the phone cannot read into it, change it, or
// carry it to another rep or another search. Whatever it says, hits are only ever the session's
// rep's: the cursor places a page, it never chooses whose rows are read.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where a page ends: the moment the search is as of, and its last hit. */
export interface SearchPosition {
  asOf: Date;
  score: number;
  key: string;
}

/** What a cursor belongs to: the rep and the search (a cursor of another search is refused). */
export interface CursorScope {
  userId: number;
  q: string;
  kinds: readonly string[];
  range: string;
}

/** 16 bytes of HMAC-SHA256: 22 characters, enough that a forged cursor is never accepted. */
const SIGNATURE_BYTES = 16;

function signature(secret: string, scope: CursorScope, body: string): Buffer {
  return createHmac('sha256', secret)
    .update(
      JSON.stringify([
        'search-cursor',
        scope.userId,
        scope.q,
        scope.kinds.toSorted(),
        scope.range,
        body,
      ]),
    )
    .digest()
    .subarray(0, SIGNATURE_BYTES);
}

/**
 * `asOf.score.key.signature`: the time in base 36, the score's 8 bytes (exact, so the next page
 * starts exactly after it), the key, the signature; all URL-safe, about 150 characters for the
 * longest key (a message's: two UUIDs).
 */
export function encodeCursor(secret: string, scope: CursorScope, at: SearchPosition): string {
  const score = Buffer.alloc(8);
  score.writeDoubleBE(at.score);
  const body = [
    at.asOf.getTime().toString(36),
    score.toString('base64url'),
    Buffer.from(at.key).toString('base64url'),
  ].join('.');
  return `${body}.${signature(secret, scope, body).toString('base64url')}`;
}

/** The position a cursor names, or undefined when it is not one this server gave for this search. */
export function decodeCursor(
  secret: string,
  scope: CursorScope,
  cursor: string,
): SearchPosition | undefined {
  const parts = cursor.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^[\w-]+$/.test(part))) return undefined;
  const [time, score, key, signed] = parts as [string, string, string, string];
  const given = Buffer.from(signed, 'base64url');
  const expected = signature(secret, scope, `${time}.${score}.${key}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const scoreBytes = Buffer.from(score, 'base64url');
  const asOf = new Date(parseInt(time, 36));
  if (scoreBytes.length !== 8 || Number.isNaN(asOf.getTime())) return undefined;
  return {
    asOf,
    score: scoreBytes.readDoubleBE(0),
    key: Buffer.from(key, 'base64url').toString(),
  };
}
