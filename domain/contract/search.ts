// Search over the rep's work: what the phone finds in what it holds, and what the server's search
// (GET /api/search) adds. One hit shape for both, so the screen merges them and drops duplicates.
import { z } from 'zod';

/** What a search covers, as the filter names it. */
export const SEARCH_KINDS = ['chat', 'email', 'flow', 'debrief', 'kit', 'profile'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The time filter: hits from the last 7 days, the last 30, or any time. */
export const SEARCH_RANGES = ['week', 'month', 'all'] as const;
export type SearchRange = (typeof SEARCH_RANGES)[number];

/** The longest query taken, in characters; a longer one is refused with a message. */
export const SEARCH_QUERY_MAX = 500;
/** Hits on one page of the server's answer. */
export const SEARCH_PAGE_SIZE = 20;

/** GET /api/search?q=&kinds=chat,kit&range=month&cursor= */
export const SearchQuery = z.object({
  q: z
    .string({ error: 'Type what to search for.' })
    .max(SEARCH_QUERY_MAX, `A search has at most ${SEARCH_QUERY_MAX} characters.`),
  kinds: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const kinds = value.split(',').filter(Boolean);
      const unknown = kinds.filter((k) => !(SEARCH_KINDS as readonly string[]).includes(k));
      if (unknown.length) {
        ctx.addIssue({ code: 'custom', message: `Unknown kind: ${unknown.join(', ')}.` });
        return z.NEVER;
      }
      return kinds as SearchKind[];
    }),
  range: z.enum(SEARCH_RANGES).optional(),
  /** The server's own cursor from the previous page, opaque to the phone. */
  cursor: z.string().max(200).optional(),
});
export type SearchQuery = z.input<typeof SearchQuery>;

/** Where a hit opens. */
export type SearchTarget =
  /** A message in its chat, scrolled to and highlighted: the server's id or the send's client id. */
  | { kind: 'message'; chatId: string; serverId: number | null; clientId: string | null }
  /** A finished flow's result: its chat. */
  | { kind: 'chat'; chatId: string }
  /** A passage of the sales kit, opened as the chat's Sources open it. */
  | { kind: 'passage'; passageId: string }
  /** A voice debrief on /debrief. */
  | { kind: 'recording'; recordingId: string }
  /** A field of the profile on /profile. */
  | { kind: 'profile'; field: string };

/** One hit: what it is, where it is from, the words matched in context, and where it opens. */
export interface SearchHit {
  kind: SearchKind;
  /**
   * The same thing found on the phone and on the server has the same key: `msg:<chatId>:<clientId
   * or s<serverId>>`, `email:<chatId>:<clientId or s<serverId>>`, `kit:<passageId>`,
   * `rec:<recordingId>`, `profile:<field>`, `chat:<chatId>`.
   */
  key: string;
  /** The chat's or flow's name, the file's name ('deck.pdf, p. 3'), 'Debrief: Freightly'. */
  title: string;
  /** When it was written (ISO); null for the profile and the kit. */
  at: string | null;
  /** The text around the match, plain (never HTML), at most about 240 characters. */
  snippet: string;
  /** The matched words in `snippet`, as [start, end) character offsets, in order. */
  marks: [number, number][];
  target: SearchTarget;
}

/** The server's answer: a page of hits, best first, and the cursor of the next page (null: the last). */
export interface SearchResponse {
  hits: SearchHit[];
  nextCursor: string | null;
}

/** The key of a message hit: the send's client id where there is one, else the server's id. */
export const messageHitKey = (
  chatId: string,
  clientId: string | null,
  serverId: number | null,
): string => `msg:${chatId}:${clientId ?? `s${serverId}`}`;
