import { Router } from '@koa/router';
import { SearchQuery } from '../../domain/contract/search';
import type { AppDeps, AppState } from '../context';
import { requireUser, userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import { searchWork } from './search';

/**
 * The server's half of search: what it holds of the rep's work beyond what the phone keeps (older
 * chats, the sales kit), a page at a time. Read-only and the rep's own: no rate limit beyond the
 * session's, as a search reads only this rep's rows through their index.
 */
export function searchRoutes() {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/search' });

  router.get('/', requireUser(), validate(SearchQuery, 'query'), async (ctx) => {
    ctx.body = await searchWork(
      ctx.pool,
      ctx.config.sessionSecret,
      userOf(ctx).id,
      inputOf(ctx, SearchQuery),
    );
  });

  return router;
}
