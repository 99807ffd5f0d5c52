import { Router } from '@koa/router';
import type { UsageResponse } from '../../domain/contract/usage';
import { presentSubscription } from '../auth/auth.present';
import type { AppDeps, AppState } from '../context';
import { tokenUsageToday, userPayer } from '../llm/budget';
import type { LlmGateway } from '../llm/types';
import { requireUser, userOf } from '../middleware/requireUser';
import { countUsage, MINUTES_SAVED_PER_WORKFLOW } from './users.sql';

/**
 * GET /api/user/subscription (from the database, never the client) and GET /api/user/usage. The
 * usage names today's AI allowance only while a model is connected: the offline drafter costs none.
 */
export function userRoutes(llm: Pick<LlmGateway, 'offline'>) {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/user' });

  router.get('/subscription', requireUser(), (ctx) => {
    ctx.body = presentSubscription(userOf(ctx));
  });

  router.get('/usage', requireUser(), async (ctx) => {
    const user = userOf(ctx);
    const [counts, tokens] = await Promise.all([
      countUsage(ctx.pool, user.id),
      llm.offline ? null : tokenUsageToday(ctx, userPayer(user)),
    ]);
    const body: UsageResponse = {
      totalChats: counts.chats,
      ideasAnalyzed: counts.ideas,
      timeSavedMinutes: counts.workflows * MINUTES_SAVED_PER_WORKFLOW,
      ...(tokens
        ? {
            aiAllowance: {
              used: tokens.used,
              limit: tokens.limit,
              resetsAt: tokens.resetsAt.toISOString(),
            },
          }
        : {}),
    };
    ctx.body = body;
  });

  return router;
}
