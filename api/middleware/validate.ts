import type { Middleware } from 'koa';
import type { z } from 'zod';
import { InvalidRequest, formatZodIssues, zodFieldMessages } from '../errors';
import type { AppDeps, AppState } from '../context';

/** Why `text` cannot be stored or sent to a model: a NUL, or half of a UTF-16 surrogate pair without its other half (JSON.parse makes one from "\ud800"). */
function whyBadText(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain a NUL character (\\u0000)';
  if (!text.isWellFormed()) return 'must be valid text (it holds an unpaired UTF-16 surrogate)';
  return undefined;
}

/**
 * The first string (or object key) anywhere in the input that is not text Postgres can store and a
 * model should see, as 'field: why' (the path as zod names it). Checked on the raw input, before the
 * schema, so a field the schema would drop or trim is judged too, and nothing reaches a handler.
 */
export function findBadText(value: unknown, path: string[] = []): string | undefined {
  const name = () => (path.length ? path.join('.') : 'request');
  if (typeof value === 'string') {
    const why = whyBadText(value);
    return why && `${name()}: ${why}`;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findBadText(item, [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const why = whyBadText(key);
      if (why) return `${[...path, JSON.stringify(key)].join('.')}: a field name ${why}`;
      const found = findBadText(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Parse the JSON body (or the query) with a zod schema into `ctx.state.input`; a miss is a 400 naming
 * the field. Text with a NUL or an unpaired surrogate is refused first, whatever the field. A form's
 * endpoint asks for `fields` too: every field at fault with its reason, so the form shows them all.
 */
export function validate(
  schema: z.ZodType,
  source: 'body' | 'query' = 'body',
  options: { fields?: boolean } = {},
): Middleware<AppState, AppDeps> {
  return async (ctx, next) => {
    const raw = source === 'body' ? (ctx.request as { body?: unknown }).body : ctx.query;
    const badText = findBadText(raw);
    if (badText) throw InvalidRequest(badText);
    const result = schema.safeParse(raw ?? {});
    if (!result.success)
      throw InvalidRequest(
        formatZodIssues(result.error.issues),
        options.fields ? zodFieldMessages(result.error.issues) : undefined,
      );
    ctx.state.input = result.data;
    await next();
  };
}

/** The validated input, typed by the schema that `validate` used. */
export function inputOf<S extends z.ZodType>(ctx: { state: AppState }, _schema: S): z.output<S> {
  return ctx.state.input as z.output<S>;
}
