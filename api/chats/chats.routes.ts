import { Router } from '@koa/router';
import {
  ChatRequest,
  EmailEdit,
  RegenerateInput,
  RenameChatInput,
  StopInput,
  ValuePropsInput,
} from '../../domain/contract/chat';
import type {
  ChatStreamEvent,
  MessageSource,
  ModelsResponse,
  ValuePropsResponse,
} from '../../domain/contract/chat';
import { draftValuePropositions } from '../../domain/drafts/valuePropositions';
import { systemPromptFor } from '../../domain/playbooks/systemPrompts';
import type { AppContext, AppDeps, AppState } from '../context';
import { Conflict, NotFound } from '../errors';
import { assertPro, isPro, requirePro } from '../billing/requirePro';
import { NoModel, upstreamToAppError } from '../llm/errors';
import type { MeteredGateway } from '../llm/metered';
import { UpstreamError } from '../llm/types';
import { llmRateLimit } from '../llm/limit';
import { userPayer } from '../llm/budget';
import { expectedUser } from '../middleware/expectedUser';
import { requireUser, userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import { mergeText, openEventStream, wantsEventStream } from '../sse';
import {
  contextBefore,
  deleteChat,
  findChat,
  lastUserMessage,
  listChats,
  listMessages,
  playbookTypeOf,
  renameChat,
  requestStop,
  resetReply,
  saveEmailEdit,
} from './chats.sql';
import { presentChat, presentMessage } from './chats.present';
import {
  abortIfRunningHere,
  generateReply,
  REPLY_STALE_MS,
  replyOutput,
  type GenerationResult,
  type ReplyOutput,
} from './generate';
import {
  draftedFlow,
  planSend,
  replyContextFor,
  replySystemPrompt,
  takeStreamSlot,
  resolveModel,
} from './send';
import { valuePropsCall } from '../../domain/playbooks/modelCalls';
import { loadProfileBlock } from '../profile/profileBlock';
import type { ChatRow, MessageRow } from './chats.sql';

/** Chats and the model: POST /api/chat (JSON or SSE), the chat list, one chat, rename, delete, stop, regenerate. */
export function chatRoutes(llm: MeteredGateway) {
  const router = new Router<AppState, AppDeps>({ prefix: '/api' });
  router.use(expectedUser());
  /**
   * A request's dependencies, with the model in force when it starts: taken once, so what a send
   * reserves its tokens for is what answers it, whatever Settings → Model saves meanwhile.
   */
  const deps = (ctx: AppContext) => ({
    config: ctx.config,
    pool: ctx.pool,
    log: ctx.log,
    llm: llm.current(),
  });

  // Which models this server has is the operator's business: only signed-in users see the list.
  router.get('/models', requireUser(), (ctx) => {
    const body: ModelsResponse = { models: llm.models, defaultModel: llm.defaultModel };
    ctx.body = body;
  });

  router.post('/chat', requireUser(), validate(ChatRequest), async (ctx) => {
    const input = inputOf(ctx, ChatRequest);
    const user = userOf(ctx);
    // The send counts against the model-call rate limit in the round trip that takes its stream slot
    // (send.ts), not in a round trip of its own before it.
    // The guided flows are Pro playbooks, free chat is for everyone. A new flow chat is refused here;
    // a message into an existing flow chat, whatever the request says, by the send itself (send.ts).
    if (input.playbookType !== 'none') assertPro(user);
    const plan = await planSend(deps(ctx), user, input);
    await respondWithReply(ctx, plan.chat, plan.run, {
      userMessage: plan.userMessage,
      replyId: plan.reply?.id ?? null,
    });
  });

  router.post('/chat/stop', requireUser(), validate(StopInput), async (ctx) => {
    const { chatId, clientMessageId } = inputOf(ctx, StopInput);
    const reply = await requestStop(ctx.pool, userOf(ctx).id, chatId, clientMessageId);
    if (!reply) throw NotFound('Reply');
    abortIfRunningHere(reply.id);
    ctx.body = { ok: true };
  });

  // The value-proposition flow's generated options: part of a Pro playbook.
  router.post(
    '/chat/value-props',
    requireUser(),
    requirePro(),
    llmRateLimit(),
    validate(ValuePropsInput),
    async (ctx) => {
      const { llm: model } = deps(ctx);
      const { prompt, answers } = inputOf(ctx, ValuePropsInput);
      if (model.offline) {
        // The offline drafter frames the rep's own answers three ways; with none, it has nothing to go on.
        if (!answers || !Object.values(answers).some((a) => a.trim()))
          throw NoModel('write value propositions');
        const propositions = draftValuePropositions(answers);
        ctx.body = {
          content: propositions.map((p, i) => `${i + 1}. ${p}`).join('\n'),
          source: 'offline-drafter',
          propositions,
        } satisfies ValuePropsResponse;
        return;
      }
      const call = valuePropsCall(prompt, await loadProfileBlock(ctx.pool, userOf(ctx).id));
      const content = await model
        .complete({
          model: model.defaultModel,
          budget: userPayer(userOf(ctx)),
          params: call.params,
          messages: call.messages,
        })
        .catch((err: unknown) => {
          if (err instanceof UpstreamError) {
            ctx.log.warn(`value-props: ${err.kind}: ${err.message}`);
            throw upstreamToAppError(err);
          }
          throw err;
        });
      ctx.body = { content };
    },
  );

  router.get('/chats', requireUser(), async (ctx) => {
    ctx.body = (await listChats(ctx.pool, userOf(ctx).id)).map(presentChat);
  });

  router.get('/chats/:id', requireUser(), async (ctx) => {
    const chat = await findChat(ctx.pool, userOf(ctx).id, ctx.params.id!);
    if (!chat) throw NotFound('Chat');
    ctx.body = {
      chat: presentChat(chat),
      messages: (await listMessages(ctx.pool, chat.id)).map(presentMessage),
    };
  });

  router.patch('/chats/:id', requireUser(), validate(RenameChatInput), async (ctx) => {
    const chat = await renameChat(
      ctx.pool,
      userOf(ctx).id,
      ctx.params.id!,
      inputOf(ctx, RenameChatInput).title,
    );
    if (!chat) throw NotFound('Chat');
    ctx.body = presentChat(chat);
  });

  // The rep's edit of an email reply: kept with the chat, so every device shows it.
  router.put(
    '/chats/:id/messages/:messageId/email',
    requireUser(),
    validate(EmailEdit),
    async (ctx) => {
      const messageId = Number(ctx.params.messageId);
      if (!Number.isSafeInteger(messageId) || messageId <= 0) throw NotFound('Message');
      const message = await saveEmailEdit(
        ctx.pool,
        userOf(ctx).id,
        ctx.params.id!,
        messageId,
        inputOf(ctx, EmailEdit),
      );
      if (!message) throw NotFound('Message');
      ctx.body = presentMessage(message);
    },
  );

  router.delete('/chats/:id', requireUser(), async (ctx) => {
    if (!(await deleteChat(ctx.pool, userOf(ctx).id, ctx.params.id!))) throw NotFound('Chat');
    ctx.body = { ok: true };
  });

  router.post(
    '/chats/:id/regenerate',
    requireUser(),
    llmRateLimit(),
    validate(RegenerateInput),
    async (ctx) => {
      const { llmParams } = inputOf(ctx, RegenerateInput);
      // One model for the whole regenerate: the one its tokens are reserved for answers.
      const withModel = deps(ctx);
      const model = resolveModel(withModel.llm, llmParams.model, ctx.log);
      const chat = await findChat(ctx.pool, userOf(ctx).id, ctx.params.id!);
      if (!chat) throw NotFound('Chat');
      const type = playbookTypeOf(chat);
      // As for a send: a guided flow's chat is a Pro playbook. Checked before the old reply is replaced.
      if (type !== 'none') assertPro(userOf(ctx));
      const userMessage = await lastUserMessage(ctx.pool, chat.id);
      if (!userMessage) throw NotFound('Message to answer');
      const replyContext = await replyContextFor(
        withModel,
        userOf(ctx).id,
        userMessage.content,
        draftedFlow(type, userMessage.answers),
      );
      const system = replySystemPrompt(systemPromptFor(type), replyContext);
      // A stream slot (fair use) and the call's tokens before the reply is touched: over either
      // limit, nothing changes.
      const { lease, reservation } = await takeStreamSlot(
        withModel,
        userOf(ctx),
        'regenerate',
        { messages: [{ role: 'user', content: userMessage.content }], system, llmParams },
        chat.id,
      );
      let reply: MessageRow | undefined;
      let context: Awaited<ReturnType<typeof contextBefore>>;
      try {
        reply = await resetReply(ctx.pool, userMessage, model, REPLY_STALE_MS / 1000);
        if (!reply) throw Conflict('A reply is still being written');
        context = await contextBefore(ctx.pool, chat.id, userMessage.id);
      } catch (err) {
        await lease.release();
        await reservation.settle(0);
        throw err;
      }
      const request = {
        model,
        params: llmParams,
        budget: reservation,
        draft: {
          type,
          answers: userMessage.answers ?? undefined,
          sender: userOf(ctx).name ?? undefined,
          pro: isPro(userOf(ctx)),
          profile: replyContext.values,
          passages: replyContext.passages,
        },
        messages: [
          { role: 'system' as const, content: system },
          ...context,
          { role: 'user' as const, content: userMessage.content },
        ],
      };
      const started = reply;
      const run = (out: ReplyOutput) =>
        generateReply(withModel, started, request, out, replyContext.kit.sources).finally(() =>
          lease.release(),
        );
      await respondWithReply(ctx, chat, run, { userMessage, replyId: started.id });
    },
  );

  return router;
}

/**
 * Answer with the reply: as SSE (start, delta…, done | error; restart when its text starts over) when
 * asked, else JSON `{message, chat}` once it is stored. Either way the reply is generated and stored
 * even if the client goes away.
 */
async function respondWithReply(
  ctx: AppContext,
  chat: ChatRow,
  run: (out: ReplyOutput) => Promise<GenerationResult>,
  start: { userMessage: MessageRow; replyId: number | null },
) {
  const finalChat = (m: MessageRow) => presentChat({ ...chat, updated_at: m.updated_at });
  if (!wantsEventStream(ctx)) {
    const result = await run(replyOutput());
    // Nothing came of the call: an error (a regenerate's kept answer is back in place, unchanged).
    if (result.error && (result.message.status === 'failed' || result.restored))
      throw upstreamToAppError(result.error);
    ctx.body = { message: presentMessage(result.message), chat: finalChat(result.message) };
    return;
  }
  const events = openEventStream(ctx);
  const send = <E extends ChatStreamEvent>(event: E['event'], data: E['data']) =>
    events.send(event, data);
  send('start', {
    chat: presentChat(chat),
    userMessage: presentMessage(start.userMessage),
    replyId: start.replyId,
  });
  // Words that arrive together go out as one delta (TEXT_MERGE_MS); whatever waits goes out before
  // any other event.
  const words = mergeText((text) => send('delta', { text }));
  const restart = () => {
    words.flush();
    send('restart', {});
  };
  const sources = (list: MessageSource[]) => {
    words.flush();
    send('sources', { sources: list });
  };
  void run(replyOutput({ delta: words.push, restart, sources }))
    .then((result) => {
      words.flush();
      if (result.error) {
        const err = upstreamToAppError(result.error);
        send('error', {
          code: err.code,
          message: err.message,
          reply: presentMessage(result.message),
        });
      } else {
        send('done', { message: presentMessage(result.message), chat: finalChat(result.message) });
      }
    })
    .catch((err: Error) => {
      words.flush();
      ctx.log.error({ err }, 'chat stream failed');
      send('error', { code: 'internal_error', message: 'Something went wrong. Please try again.' });
    })
    .finally(() => events.close());
}
