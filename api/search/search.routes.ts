import { Router } from '@koa/router';
import { SearchQuery } from '../../domain/contract/search';
import type { AppDeps, AppState } from '../context';
import { rateLimit } from '../middleware/rateLimit';
import { requireUser, userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import { searchWork } from './search';

/**
 * Searches a rep may make a minute: one per pause in typing is a few a second at most; a script
 * looping over the route is stopped.
 */
const searchesPerUser = rateLimit({ name: 'search:user', limit: 240, windowMs: 60_000 }, (ctx) =>
  String(userOf(ctx).id),
);

/**
 * The server's half of search: what it holds of the rep's work beyond what the phone keeps (older
 * chats, the sales kit), a page at a time. Read-only and the rep's own, through their index.
 */
export function searchRoutes() {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/search' });

  router.get('/', requireUser(), searchesPerUser, validate(SearchQuery, 'query'), async (ctx) => {
    ctx.body = await searchWork(
      ctx.pool,
      ctx.config.sessionSecret,
      userOf(ctx).id,
      inputOf(ctx, SearchQuery),
    );
  });

  return router;
}
