// Search over the rep's work: what the phone finds in what it holds, and what the server's search
// (GET /api/search) adds. One hit shape for both, so the screen merges them and drops duplicates.
import { z } from 'zod';
import { SEARCH_KINDS, SEARCH_QUERY_MAX, SEARCH_RANGES, type SearchKind } from './searchBasics';

export * from './searchBasics';

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
