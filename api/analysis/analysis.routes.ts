import { Router } from '@koa/router';
import {
  AnalyzeStartupInput,
  SaveAnalysisInput,
  StartupSummary,
  type AnalyzeStartupResponse,
} from '../../domain/contract/analysis';
import type { AppContext, AppDeps, AppState } from '../context';
import { NotFound } from '../errors';
import { draftIdeaWorksheet } from '../../domain/drafts/ideaWorksheet';
import { completeJson } from '../llm/json';
import { withStreamLease } from '../llm/streams';
import type { MeteredGateway } from '../llm/metered';
import { clientAddress, rateLimit, limitRule } from '../middleware/rateLimit';
import { userPayer, type TokenPayer } from '../llm/budget';
import { inputOf, validate } from '../middleware/validate';
import { findAnalysis, saveAnalysis, setWantsUpdates } from './analysis.sql';
import { guestKeyOf, rememberCapture } from './guest';

const HOUR = 60 * 60 * 1000;
export const ANALYSES_PER_IP = limitRule('analyze:ip', 20, HOUR);
export const ANALYSES_PER_VISITOR = limitRule('analyze:visitor', 5, HOUR);

/** The signed-in user, or this browser's guest session: who an analysis belongs to. */
const ownerOf = (ctx: AppContext) =>
  ctx.state.user ? { userId: ctx.state.user.id } : { guestKey: guestKeyOf(ctx) };
const visitorOf = (ctx: AppContext) =>
  ctx.state.user ? `u${ctx.state.user.id}` : `g${guestKeyOf(ctx)}`;
/** Whose allowance an analysis uses: the user's, or for a guest the client address's (a new guest session is free to make). */
const payerOf = (ctx: AppContext): TokenPayer =>
  ctx.state.user ? userPayer(ctx.state.user) : { kind: 'guest', address: clientAddress(ctx.ip) };

const INSTRUCTIONS = [
  'You analyze startup ideas for founders. Answer with one JSON object and nothing else, with exactly these keys:',
  '{"marketSize": {"tam": string, "sam": string, "som": string, "assumptions": string[]},',
  ' "valueProposition": {"core": string, "unique": string[]},',
  ' "pricing": {"model": string, "range": string, "strategy": string},',
  ' "ycQuestions": {"market": boolean, "problem": boolean, "solution": boolean, "differentiation": boolean, "traction": boolean}}',
  'Give market sizes as figures with units (e.g. "$4.2B") and list the assumptions behind them. ycQuestions says whether the idea as described answers each of those YC questions convincingly.',
].join('\n');

/** POST /api/analyze-startup (guests allowed), GET /api/analyses/:id, POST /api/guest/save-analysis. */
export function analysisRoutes(gateway: MeteredGateway) {
  const router = new Router<AppState, AppDeps>({ prefix: '/api' });

  router.post(
    '/analyze-startup',
    rateLimit(ANALYSES_PER_IP),
    // Counted per visitor too, so one browser cannot use up a shared office IP's allowance alone.
    rateLimit(ANALYSES_PER_VISITOR, (ctx) => visitorOf(ctx)),
    validate(AnalyzeStartupInput),
    async (ctx) => {
      // One model for the whole request, even if an operator changes it meanwhile.
      const llm = gateway.current();
      const { idea } = inputOf(ctx, AnalyzeStartupInput);
      // No model connected: the founder gets a worksheet to fill in (the YC questions about their
      // idea, a bottom-up market size from their numbers, pricing models), not an error.
      if (llm.offline) {
        const worksheet: AnalyzeStartupResponse = { worksheet: draftIdeaWorksheet(idea) };
        ctx.body = worksheet;
        return;
      }
      const analyse = () =>
        completeJson(
          llm,
          ctx.log,
          {
            model: llm.defaultModel,
            budget: payerOf(ctx as AppContext),
            params: {
              temperature: 0.4,
              max_tokens: 1500,
              top_p: 1,
              frequency_penalty: 0,
              presence_penalty: 0,
            },
            messages: [
              { role: 'system', content: INSTRUCTIONS },
              { role: 'user', content: idea },
            ],
          },
          StartupSummary,
          "The AI model's answer could not be read. Please try again.",
        );
      // A signed-in user's analysis takes one of their stream slots (fair use); guests have the per-IP and per-visitor limits.
      const summary = ctx.state.user
        ? await withStreamLease(ctx, ctx.state.user.id, 'idea-analysis', analyse)
        : await analyse();
      const analysisId = await saveAnalysis(ctx.pool, ownerOf(ctx as AppContext), idea, summary);
      const body: AnalyzeStartupResponse = { summary, analysisId };
      ctx.body = body;
    },
  );

  router.get('/analyses/:id', async (ctx) => {
    const id = Number(ctx.params.id);
    const found = Number.isSafeInteger(id)
      ? await findAnalysis(ctx.pool, id, ownerOf(ctx as AppContext))
      : undefined;
    if (!found) throw NotFound('Analysis');
    ctx.body = found;
  });

  router.post('/guest/save-analysis', validate(SaveAnalysisInput), async (ctx) => {
    const capture = inputOf(ctx, SaveAnalysisInput);
    if (ctx.state.user) await setWantsUpdates(ctx.pool, ctx.state.user.id, capture.updates);
    else rememberCapture(ctx, capture);
    ctx.body = { ok: true };
  });

  return router;
}
