/**
 * Search-param parsing for the route definitions. Hand-written rather than zod: route definitions
 * ship in the entry chunk, which every visitor downloads first, and these checks are a few lines.
 */
/**
 * An optional text search param. The router JSON-parses search values (`?redirect=123` arrives as a
 * number), so numbers are turned back into text, and anything unusable is dropped rather than
 * failing the route.
 */
export function optionalText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * A `validateSearch` for routes whose params are all optional text: keeps the listed keys that hold
 * usable text (see optionalText) and drops everything else.
 */
export function optionalTextParams<const Key extends string>(...keys: Key[]) {
  return (search: Record<string, unknown>): { [K in Key]?: string } => {
    const params: { [K in Key]?: string } = {};
    for (const key of keys) {
      const text = optionalText(search[key]);
      if (text !== undefined) params[key] = text;
    }
    return params;
  };
}
