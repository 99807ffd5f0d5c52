import { Router } from '@koa/router';
import type { HealthResponse } from '../../domain/contract/auth';
import type { AppDeps, AppState } from '../context';
import { issueCsrfToken } from '../middleware/csrf';

/** GET /api/health (no session needed) and GET /api/csrf-token. */
export function healthRoutes() {
  const router = new Router<AppState, AppDeps>({ prefix: '/api' });

  router.get('/health', async (ctx) => {
    const dbOk = await ctx.pool.query('SELECT 1').then(
      () => true,
      (err: Error) => (ctx.log.error(`health: database check failed: ${err.message}`), false),
    );
    // Up or not, nothing more: which database and model run is logged at start-up for the operator.
    const body: HealthResponse = { ok: dbOk };
    ctx.status = dbOk ? 200 : 503;
    ctx.body = body;
  });

  router.get('/csrf-token', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { csrfToken: issueCsrfToken(ctx) };
  });

  return router;
}
