// The sales kit, the rep's own documents. Shared by the API and the web app.
import { z } from 'zod';
import type { KitPassage } from './kitBasics';

export * from './kitBasics';

/** POST /api/kit/search */
export const KitSearchInput = z.object({
  query: z
    .string({ error: 'query is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(500, 'must be at most 500 characters'),
});
export interface KitSearchResponse {
  passages: KitPassage[];
}
