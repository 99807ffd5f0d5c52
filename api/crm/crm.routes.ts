import { createHash, randomBytes } from 'node:crypto';
import { Router } from '@koa/router';
import {
  CRM_NAMES,
  CRM_PROVIDERS,
  CrmProvider,
  CrmPushInput,
  CrmRecordSearch,
  type CrmConnectResponse,
  type CrmConnectionsResponse,
  type CrmPushResponse,
  type CrmPushesResponse,
  type CrmRecordsResponse,
} from '../../domain/contract/crm';
import type { AppContext, AppDeps, AppState } from '../context';
import { InvalidRequest, NotFound, Unauthorized } from '../errors';
import { userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import { CrmFailure } from './adapter';
import { crmSetup, crmSetups, secretsOf } from './apps';
import {
  deleteConnection,
  presentPush,
  readConnections,
  recentPushes,
  saveConnection,
  saveOAuthState,
  takeOAuthState,
} from './crm.sql';
import { pushNote } from './push';
import { notAvailable, revokeConnection, withCrm, type CrmCallContext } from './session';

/** Where the account page is, and how it learns how a sign-in with a CRM ended. */
const ACCOUNT_PAGE = '/account';
export type CrmConnectResult = 'connected' | 'denied' | 'failed' | 'expired';

const CALLBACK_PATH = /^\/api\/crm\/[a-z]+\/callback$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function providerOf(ctx: { params: Record<string, string | undefined> }): CrmProvider {
  const parsed = CrmProvider.safeParse(ctx.params.provider);
  if (!parsed.success) throw NotFound('CRM');
  return parsed.data;
}

const callContext = (ctx: AppContext): CrmCallContext => ({
  config: ctx.config,
  pool: ctx.pool,
  log: ctx.log,
  userId: userOf(ctx).id,
});

/**
 * The rep's CRM connections: GET /api/crm (which CRMs can be connected, and the rep's connections),
 * POST /api/crm/:provider/connect (the consent page's address, with a state bound to this session
 * and a PKCE challenge), GET /api/crm/:provider/callback (the CRM's answer: tokens stored encrypted,
 * then back to the account page), DELETE /api/crm/:provider (revoked at the CRM, then forgotten),
 * GET /api/crm/:provider/records?q= (records to attach a note to), and the pushes: PUT
 * /api/crm/pushes/:id (written once, see push.ts) and GET /api/crm/pushes.
 */
export function crmRoutes() {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/crm' });
  // Every route needs the rep's session but the CRM's way back: that one sends a rep whose session
  // is gone (it ended during the consent, or a home-screen app keeps its own cookies) to the account
  // page with how it went, never to a bare 401.
  router.use(async (ctx, next) => {
    if (!ctx.state.user && !CALLBACK_PATH.test(ctx.path)) throw Unauthorized();
    await next();
  });

  router.get('/', async (ctx) => {
    const user = userOf(ctx);
    const [setups, connections] = await Promise.all([
      crmSetups(ctx.config, ctx.pool),
      readConnections(ctx.pool, user.id, secretsOf(ctx.config)),
    ]);
    const body: CrmConnectionsResponse = {
      crms: CRM_PROVIDERS.map((provider) => {
        const connection = connections.find((c) => c.provider === provider);
        return {
          provider,
          available: setups[provider].app !== null,
          connection: connection
            ? {
                accountName: connection.account.name,
                connectedAt: connection.createdAt.toISOString(),
                needsReconnect: connection.needsReconnect || connection.session === null,
              }
            : null,
        };
      }),
    };
    ctx.body = body;
  });

  router.get('/pushes', async (ctx) => {
    const body: CrmPushesResponse = {
      pushes: (await recentPushes(ctx.pool, userOf(ctx).id)).map(presentPush),
    };
    ctx.body = body;
  });

  router.put('/pushes/:id', validate(CrmPushInput), async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(id))
      throw InvalidRequest('id: a push is named by 8 to 64 letters, digits, - or _.');
    const input = inputOf(ctx, CrmPushInput);
    const row = await pushNote(callContext(ctx as AppContext), id, input);
    const body: CrmPushResponse = { push: presentPush(row) };
    ctx.body = body;
  });

  router.post('/:provider/connect', async (ctx) => {
    const provider = providerOf(ctx);
    const { app, adapter } = await crmSetup(ctx.config, ctx.pool, provider);
    if (!app) throw notAvailable(provider);
    const state = randomBytes(32).toString('base64url');
    const codeVerifier = randomBytes(48).toString('base64url');
    const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
    await saveOAuthState(ctx.pool, ctx.config.sessionSecret, {
      stateHash: sha256(state),
      userId: userOf(ctx).id,
      sessionId: ctx.state.sessionId ?? '',
      provider,
      codeVerifier,
    });
    const body: CrmConnectResponse = { url: adapter.authorizeUrl(app, { state, codeChallenge }) };
    ctx.body = body;
  });

  router.get('/:provider/callback', async (ctx) => {
    const provider = providerOf(ctx);
    const back = (result: CrmConnectResult) =>
      ctx.redirect(`${ACCOUNT_PAGE}?crm=${provider}&result=${result}`);
    const user = ctx.state.user;
    if (!user) return back('expired');
    const code = typeof ctx.query.code === 'string' ? ctx.query.code : '';
    const state = typeof ctx.query.state === 'string' ? ctx.query.state : '';
    // A state is taken (used up) only by its own session: a replayed or forged one, or another
    // rep's, finds nothing and changes nothing.
    const taken = state
      ? await takeOAuthState(ctx.pool, secretsOf(ctx.config), {
          stateHash: sha256(state),
          userId: user.id,
          sessionId: ctx.state.sessionId ?? '',
          provider,
        })
      : null;
    if (!taken) return back('expired');
    if (ctx.query.error || !code) return back('denied');
    const { app, adapter } = await crmSetup(ctx.config, ctx.pool, provider);
    if (!app) return back('failed');
    try {
      const session = await adapter.connect(app, { code, codeVerifier: taken.codeVerifier });
      await saveConnection(ctx.pool, ctx.config.sessionSecret, user.id, provider, session);
      ctx.log.info(`user ${user.id} connected ${CRM_NAMES[provider]}`);
      back('connected');
    } catch (error) {
      if (error instanceof CrmFailure)
        ctx.log.warn(`user ${user.id}: connecting ${provider} failed: ${error.message}`);
      else ctx.log.error({ err: error }, `user ${user.id}: connecting ${provider} failed`);
      back('failed');
    }
  });

  router.delete('/:provider', async (ctx) => {
    const provider = providerOf(ctx);
    const user = userOf(ctx);
    await revokeConnection(callContext(ctx as AppContext), provider);
    if (!(await deleteConnection(ctx.pool, user.id, provider))) throw NotFound('Connection');
    ctx.log.info(`user ${user.id} disconnected ${CRM_NAMES[provider]}`);
    ctx.status = 204;
  });

  router.get('/:provider/records', validate(CrmRecordSearch, 'query'), async (ctx) => {
    const provider = providerOf(ctx);
    const { q } = inputOf(ctx, CrmRecordSearch);
    const body: CrmRecordsResponse = {
      records: await withCrm(
        callContext(ctx as AppContext),
        provider,
        (session, { adapter }) => adapter.searchRecords(session, q),
        'search',
      ),
    };
    ctx.body = body;
  });

  return router;
}
