import { Router } from '@koa/router';
import type { HealthResponse } from '../../domain/contract/auth';
import { modelInUse } from '../config';
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
    const body: HealthResponse = { ok: dbOk, db: dbOk ? (ctx.config.databaseUrl ? 'postgres' : 'embedded') : 'unreachable', model: modelInUse(ctx.config) };
    ctx.status = dbOk ? 200 : 503;
    ctx.body = body;
  });

  router.get('/csrf-token', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { csrfToken: issueCsrfToken(ctx) };
  });

  return router;
}
