import { Router } from '@koa/router';
import { ResearchInput, type Research } from '../../domain/contract/research';
import { SettingsErrorCode } from '../../domain/contract/settings';
import {
  WebSearchSettingsInput,
  type WebSearchSettingsResponse,
  type WebSearchTestResponse,
} from '../../domain/contract/webSearch';
import type { AppContext, AppDeps, AppState } from '../context';
import { AppError, NotFound, RateLimited } from '../errors';
import { userPayer } from '../llm/budget';
import type { LlmGateway } from '../llm/types';
import { shownUrl } from '../llm/probe';
import { loginWindowRule, rateLimit } from '../middleware/rateLimit';
import { requireOperator, requireUser, userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import { researchSubject, currentEngine } from './research';
import { deleteResearch, findResearch, listResearch } from './research.sql';
import { searchWeb } from './searchEngines';
import {
  deleteWebSearchSettings,
  readWebSearchSettings,
  saveWebSearchSettings,
} from './webSearchSettings.sql';

/**
 * Research a rep may start an hour: each reads five pages and asks the model once; a rep preparing
 * a day of calls needs a dozen, a script looping over the route is stopped.
 */
const researchPerUser = rateLimit(
  { name: 'research:user', limit: 30, windowMs: 3_600_000 },
  (ctx) => String(userOf(ctx).id),
);
const testsPerUser = loginWindowRule('web-search-test:user', 30);

/** Research one rep may have running at once on an instance: each reads and parses up to 5 pages. */
export const RESEARCH_RUNNING_MAX = 2;
export const RESEARCH_BUSY_MESSAGE =
  'Two lookups are already running for you: wait for one to finish, then try again.';

/**
 * POST /api/research (research a subject, or answer the one kept), GET /api/research (the rep's,
 * newest first), GET and DELETE /api/research/:id; and the operator's Settings → Web search:
 * GET, PUT and DELETE /api/settings/web-search, POST /api/settings/web-search/test.
 */
export function researchRoutes(model: LlmGateway) {
  const router = new Router<AppState, AppDeps>({ prefix: '/api' });
  // Research running per rep on this instance: a rep (or a script) firing many at once would have
  // this process fetch and parse pages for all of them together.
  const running = new Map<number, number>();

  router.post('/research', requireUser(), researchPerUser, validate(ResearchInput), async (ctx) => {
    const user = userOf(ctx);
    const now = running.get(user.id) ?? 0;
    if (now >= RESEARCH_RUNNING_MAX) throw RateLimited(5, RESEARCH_BUSY_MESSAGE);
    running.set(user.id, now + 1);
    try {
      const body: Research = await researchSubject(
        { pool: ctx.pool, config: ctx.config, log: ctx.log, llm: model },
        user.id,
        userPayer(user),
        inputOf(ctx, ResearchInput),
      );
      ctx.body = body;
    } finally {
      const left = (running.get(user.id) ?? 1) - 1;
      if (left > 0) running.set(user.id, left);
      else running.delete(user.id);
    }
  });

  router.get('/research', requireUser(), async (ctx) => {
    ctx.body = await listResearch(ctx.pool, userOf(ctx).id);
  });

  router.get('/research/:id', requireUser(), async (ctx) => {
    const found = await findResearch(ctx.pool, userOf(ctx).id, ctx.params.id!);
    if (!found) throw NotFound('Research');
    ctx.body = found;
  });

  router.delete('/research/:id', requireUser(), async (ctx) => {
    if (!(await deleteResearch(ctx.pool, userOf(ctx).id, ctx.params.id!)))
      throw NotFound('Research');
    ctx.status = 204;
  });

  router.get('/settings/web-search', requireOperator(), async (ctx) => {
    ctx.body = await presentWebSearch(ctx as AppContext);
  });

  router.put(
    '/settings/web-search',
    requireOperator(),
    validate(WebSearchSettingsInput),
    async (ctx) => {
      const input = inputOf(ctx, WebSearchSettingsInput);
      if (ctx.config.research.engineFromEnv) throw setByEnvironment();
      await saveWebSearchSettings(ctx.pool, ctx.config.sessionSecret, {
        kind: input.kind,
        baseUrl: input.baseUrl,
        apiKey: input.apiKey,
        userId: ctx.state.user!.id,
      });
      ctx.log.info(`user ${ctx.state.user!.id} connected web search (${input.kind})`);
      ctx.body = await presentWebSearch(ctx as AppContext);
    },
  );

  router.delete('/settings/web-search', requireOperator(), async (ctx) => {
    if (ctx.config.research.engineFromEnv) throw setByEnvironment();
    await deleteWebSearchSettings(ctx.pool);
    ctx.log.info(`user ${ctx.state.user!.id} disconnected web search`);
    ctx.body = await presentWebSearch(ctx as AppContext);
  });

  router.post(
    '/settings/web-search/test',
    requireOperator(),
    rateLimit(testsPerUser, (ctx) => String(ctx.state.user!.id)),
    async (ctx) => {
      const engine = await currentEngine(ctx.pool, ctx.config);
      let body: WebSearchTestResponse;
      if (!engine) body = { ok: false, message: 'No search engine is connected to test.' };
      else
        body = await searchWeb(engine, 'Pitchpad sales assistant', {
          limit: 3,
          timeoutMs: 8_000,
        }).then(
          (results) => ({ ok: true as const, results: results.length }),
          (error: Error) => ({ ok: false as const, message: error.message }),
        );
      ctx.body = body;
    },
  );

  return router;
}

/** The engine is set by the environment: the screen shows it read-only, and a change is refused. */
const setByEnvironment = () =>
  new AppError(
    409,
    SettingsErrorCode.setByEnvironment,
    "The web search engine is set by the server's environment (WEB_SEARCH_ENGINE) and cannot be changed here.",
  );

/** The engine as the operator's screen shows it: never the key, only whether there is one. */
async function presentWebSearch(ctx: AppContext): Promise<WebSearchSettingsResponse> {
  const env = ctx.config.research.engineFromEnv;
  if (env)
    return {
      kind: env.kind,
      baseUrl: env.baseUrl && shownUrl(env.baseUrl),
      hasApiKey: env.apiKey !== null,
      locked: true,
      updatedAt: null,
    };
  const stored = await readWebSearchSettings(
    ctx.pool,
    ctx.config.sessionSecret,
    ctx.config.previousSessionSecret,
  );
  return {
    kind: stored?.kind ?? null,
    baseUrl: stored?.baseUrl ?? null,
    hasApiKey: Boolean(stored?.apiKey),
    locked: false,
    updatedAt: stored ? stored.updatedAt.toISOString() : null,
    ...(stored?.apiKeyUnreadable ? { apiKeyUnreadable: true } : {}),
  };
}
