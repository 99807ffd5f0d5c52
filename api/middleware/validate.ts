import type { Middleware } from 'koa';
import type { z } from 'zod';
import { InvalidRequest, formatZodIssues } from '../errors';
import type { AppDeps, AppState } from '../context';

/** Parse the JSON body (or the query) with a zod schema into `ctx.state.input`; a miss is a 400 naming the field. */
export function validate(schema: z.ZodType, source: 'body' | 'query' = 'body'): Middleware<AppState, AppDeps> {
  return async (ctx, next) => {
    const raw = source === 'body' ? (ctx.request as { body?: unknown }).body : ctx.query;
    const result = schema.safeParse(raw ?? {});
    if (!result.success) throw InvalidRequest(formatZodIssues(result.error.issues));
    ctx.state.input = result.data;
    await next();
  };
}

/** The validated input, typed by the schema that `validate` used. */
export function inputOf<S extends z.ZodType>(ctx: { state: AppState }, _schema: S): z.output<S> {
  return ctx.state.input as z.output<S>;
}
