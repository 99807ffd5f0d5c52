import type { Middleware } from 'koa';
import { LLM_CALLS_PER_USER, LLM_WINDOW_MS } from '../../domain/limits';
import type { AppDeps, AppState } from '../context';
import { hitKey, limitRule, rateLimit } from '../middleware/rateLimit';

/** Every model call a user makes (chat, value props, regenerate, GTM plan, competitor analysis) counts against one limit. */
export const LLM_CALLS = limitRule('llm:user', LLM_CALLS_PER_USER, LLM_WINDOW_MS);

/** The user's counter under LLM_CALLS. */
export const llmCallsKey = (userId: number) => hitKey(LLM_CALLS, String(userId));

/**
 * One hit against LLM_CALLS per request. A chat send counts its hit in the statement that takes its
 * stream slot instead (api/chats/send.ts), so it does not wait for a round trip of its own.
 */
export const llmRateLimit = (): Middleware<AppState, AppDeps> =>
  rateLimit(LLM_CALLS, (ctx) => String(ctx.state.user?.id));
