import { PassThrough } from 'node:stream';
import { Router } from '@koa/router';
import {
  CompetitorAnalysisInput,
  GtmPlan,
  GtmPlanInput,
  type GtmPlanResponse,
} from '../../domain/contract/playbooks';
import { draftGtmPlan, draftedPlanMarkdown } from '../../domain/drafts/gtmPlan';
import { competitorAnalysisCall, gtmPlanCall } from '../../domain/playbooks/modelCalls';
import { OFFLINE_DRAFTER_MODEL } from '../../domain/limits';
import { GTM_INVALID_RESPONSE, renderGtmPlanMarkdown } from '../../domain/playbooks/gtmPlan';
import { workflowNameFor } from '../../domain/playbooks';
import { requirePro } from '../billing/requirePro';
import type { AppDeps, AppState } from '../context';
import { presentChat, presentMessage } from '../chats/chats.present';
import { chatExists, storeDocumentChat } from '../chats/chats.sql';
import { Conflict } from '../errors';
import { NoModel, upstreamToAppError } from '../llm/errors';
import { completeJson } from '../llm/json';
import { UpstreamError } from '../llm/types';
import type { MeteredGateway } from '../llm/metered';
import { llmRateLimit } from '../llm/limit';
import { userPayer } from '../llm/budget';
import { acquireStreamLease, withStreamLease } from '../llm/streams';
import { requireUser, userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import { expectedUser } from '../middleware/expectedUser';
import { loadProfileBlock } from '../profile/profileBlock';

/** The title of a plan's chat when the request names none and gives no answers to name it by. */
const GTM_PLAN_TITLE = 'GTM Plan';

/** POST /api/generate-gtm-plan and POST /api/competitor-analysis (Pro tools). */
export function playbookRoutes(gateway: MeteredGateway) {
  const router = new Router<AppState, AppDeps>({ prefix: '/api' });
  // Queued offline work names its owner: never applied with another account's session.
  router.use(expectedUser());
  const pro = requirePro();

  router.post(
    '/generate-gtm-plan',
    requireUser(),
    pro,
    llmRateLimit(),
    validate(GtmPlanInput),
    async (ctx) => {
      // One model for the whole request, even if an operator changes it meanwhile.
      const llm = gateway.current();
      const { startupInfo, answers, chatId, title } = inputOf(ctx, GtmPlanInput);
      // Refused before the model is asked: a chat id can hold one plan, and only a new chat takes one.
      if (chatId && (await chatExists(ctx.pool, chatId)))
        throw Conflict(`chatId: a chat with this id already exists`);
      let body: GtmPlanResponse;
      if (llm.offline) {
        // The offline drafter arranges the founder's own answers into the plan and marks the gaps.
        if (!answers) throw NoModel('write a plan from text');
        body = { plan: draftGtmPlan(answers), source: 'offline-drafter' };
      } else {
        const profile = await loadProfileBlock(ctx.pool, userOf(ctx).id);
        const plan = await withStreamLease(ctx, userOf(ctx).id, 'gtm-plan', () =>
          completeJson(
            llm,
            ctx.log,
            {
              model: llm.defaultModel,
              budget: userPayer(userOf(ctx)),
              ...gtmPlanCall(startupInfo, profile),
            },
            GtmPlan,
            GTM_INVALID_RESPONSE,
          ),
        );
        body = { plan, source: 'model' };
      }
      if (chatId) {
        // The plan kept as the assistant's document in a new chat, so it follows the user everywhere.
        const stored = await storeDocumentChat(ctx.pool, {
          chatId,
          userId: userOf(ctx).id,
          title:
            title ?? (answers ? workflowNameFor('gtmplan', answers, new Date()) : GTM_PLAN_TITLE),
          playbookType: 'gtmplan',
          content:
            body.source === 'offline-drafter'
              ? draftedPlanMarkdown(body.plan)
              : renderGtmPlanMarkdown(body.plan),
          model: body.source === 'offline-drafter' ? OFFLINE_DRAFTER_MODEL : llm.defaultModel,
        });
        if (!stored) throw Conflict(`chatId: a chat with this id already exists`);
        body.chat = { chat: presentChat(stored.chat), messages: [presentMessage(stored.message)] };
      }
      ctx.body = body;
    },
  );

  router.post(
    '/competitor-analysis',
    requireUser(),
    pro,
    llmRateLimit(),
    validate(CompetitorAnalysisInput),
    async (ctx) => {
      // One model for the whole request, even if an operator changes it meanwhile.
      const llm = gateway.current();
      if (llm.offline) throw NoModel('research competitors');
      const { productDescription } = inputOf(ctx, CompetitorAnalysisInput);
      const profile = await loadProfileBlock(ctx.pool, userOf(ctx).id);
      // A stream slot (fair use), held until the last token (or the failure), not just the response.
      const lease = await acquireStreamLease(ctx, userOf(ctx).id, 'competitor-analysis');
      // Nothing is stored server-side: a client that goes away ends the model call, and so the slot.
      const controller = new AbortController();
      ctx.res.once('close', () => {
        if (!ctx.res.writableFinished) controller.abort();
      });
      const stream = llm.stream({
        model: llm.defaultModel,
        budget: userPayer(userOf(ctx)),
        signal: controller.signal,
        ...competitorAnalysisCall(productDescription, profile),
      });
      const tokens = stream[Symbol.asyncIterator]();
      // Wait for the first token before answering, so a model that fails outright gets a proper status.
      let first: IteratorResult<string>;
      try {
        first = await tokens.next();
      } catch (err) {
        await lease.release();
        if (!(err instanceof UpstreamError)) throw err;
        ctx.log.warn(`competitor analysis failed: ${err.kind}: ${err.message}`);
        throw upstreamToAppError(err);
      }
      const out = new PassThrough();
      ctx.type = 'text/plain; charset=utf-8';
      ctx.set('Cache-Control', 'no-cache, no-transform');
      ctx.set('X-Accel-Buffering', 'no');
      ctx.body = out;
      if (!first.done) out.write(first.value);
      void (async () => {
        for (let next = await tokens.next(); !next.done; next = await tokens.next())
          out.write(next.value);
        out.end();
      })()
        .catch((err: Error) => {
          // A cut mid-JSON must not look complete: drop the connection so the client shows its error.
          ctx.log.warn(`competitor analysis stream cut: ${err.message}`);
          out.destroy(err);
        })
        .finally(() => lease.release());
    },
  );

  return router;
}
