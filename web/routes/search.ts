/**
 * Search-param parsing for the route definitions. Hand-written rather than zod: route definitions
 * ship in the entry chunk, which every visitor downloads first, and these checks are a few lines.
 */
import { PREFILL_MAX_CHARS } from '../../domain/limits';

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

/**
 * The first answer of the guided flow a reply's button opens, as the chat's no-model answer writes
 * it in its link ('Write the cold email to Dana Ortiz at Freightly' opens the cold email flow with
 * 'Dana Ortiz at Freightly' filled in). It is never a search param of ours: the button hands it
 * over in the history entry's state (Markdown.tsx). Plain text of at most PREFILL_MAX_CHARS, no
 * control characters; anything else is dropped.
 */
export function flowPrefill(value: unknown): string | undefined {
  const text = optionalText(value)?.trim();
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what is refused
  return text && text.length <= PREFILL_MAX_CHARS && !/[\u0000-\u001f\u007f]/.test(text) ? text : undefined;
}
