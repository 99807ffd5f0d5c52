import type { Middleware } from 'koa';
import { LLM_CALLS_PER_USER, LLM_WINDOW_MS } from '../../domain/limits';
import type { AppDeps, AppState } from '../context';
import { rateLimit } from '../middleware/rateLimit';

/** Every model call a user makes (chat, value props, regenerate, GTM plan, competitor analysis) counts against one limit. */
export const llmRateLimit = (): Middleware<AppState, AppDeps> =>
  rateLimit({ name: 'llm:user', limit: LLM_CALLS_PER_USER, windowMs: LLM_WINDOW_MS }, (ctx) =>
    String(ctx.state.user?.id),
  );
