// What the phone's search and the server's share without zod: the filters, the limits, the hit's
// shape and key. The device index starts with every signed-in start and the search screen opens with
// these, not the query schema in search.ts: building it as the module loads held a slow phone's main
// thread.

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
