import type { z } from 'zod';
import { AppError } from '../errors';
import type { Logger } from '../log';
import { upstreamToAppError } from './errors';
import { UpstreamError, type CompletionRequest, type LlmGateway } from './types';

/** The first {...} in a model's text (models wrap JSON in prose or code fences), parsed. */
export function extractJson(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

/**
 * Ask the model for JSON of `schema`'s shape (JSON mode), validate it, and ask once more on a miss.
 * Two misses: 502 `model_invalid_output` with `invalidMessage`, which the user sees.
 */
export async function completeJson<S extends z.ZodType>(
  llm: LlmGateway,
  log: Logger,
  req: Omit<CompletionRequest, 'json'>,
  schema: S,
  invalidMessage: string,
): Promise<z.output<S>> {
  for (let attempt = 1; attempt <= 2; attempt++) {
    let text: string;
    try {
      text = await llm.complete({ ...req, json: true });
    } catch (err) {
      if (err instanceof UpstreamError) {
        log.warn(`JSON completion failed (model ${req.model}): ${err.kind}: ${err.message}`);
        throw upstreamToAppError(err);
      }
      throw err;
    }
    const parsed = schema.safeParse(extractJson(text));
    if (parsed.success) return parsed.data;
    log.warn(
      `model ${req.model} answered JSON that does not fit the schema (attempt ${attempt}): ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`,
    );
  }
  throw new AppError(502, 'model_invalid_output', invalidMessage);
}
