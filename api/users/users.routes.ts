import { Router } from '@koa/router';
import type { UsageResponse } from '../../domain/contract/usage';
import { presentSubscription } from '../auth/auth.present';
import type { AppDeps, AppState } from '../context';
import { requireUser, userOf } from '../middleware/requireUser';
import { countUsage, MINUTES_SAVED_PER_WORKFLOW } from './users.sql';

/** GET /api/user/subscription (from the database, never the client) and GET /api/user/usage. */
export function userRoutes() {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/user' });

  router.get('/subscription', requireUser(), (ctx) => {
    ctx.body = presentSubscription(userOf(ctx));
  });

  router.get('/usage', requireUser(), async (ctx) => {
    const counts = await countUsage(ctx.pool, userOf(ctx).id);
    const body: UsageResponse = {
      totalChats: counts.chats,
      ideasAnalyzed: counts.ideas,
      timeSavedMinutes: counts.workflows * MINUTES_SAVED_PER_WORKFLOW,
    };
    ctx.body = body;
  });

  return router;
}
