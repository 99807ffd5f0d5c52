// zod/mini: the tree-shakable build, since route definitions ship in the entry chunk.
import { z } from 'zod/mini';

/**
 * An optional text search param. The router JSON-parses search values (`?redirect=123` arrives as a
 * number), so numbers are turned back into text, and anything unusable is dropped rather than
 * failing the route.
 */
export const optionalText = z.catch(
  z.optional(z.pipe(z.union([z.string(), z.number()]), z.transform((value) => String(value)))),
  undefined,
);
