// The command behind POST /api/chat: store the user's message (once per clientMessageId), then
// generate the reply, or hand back / follow the one an earlier identical send made.
import { randomUUID } from 'node:crypto';
import type { ChatRequest } from '../../domain/contract/chat';
import { chatTitleFrom } from '../../domain/limits';
import { systemPromptFor } from '../../domain/playbooks/systemPrompts';
import type { z } from 'zod';
import type { AppDeps } from '../context';
import { InvalidRequest, NotFound } from '../errors';
import type { LlmGateway } from '../llm/types';
import type { SessionUser } from '../auth/lucia';
import { assertPro, isPro } from '../billing/requirePro';
import { claimReply, contextBefore, findSend, playbookTypeOf, storeSend, type ChatRow, type MessageRow } from './chats.sql';
import { followReply, generateReply, type GenerationResult } from './generate';

type Input = z.output<typeof ChatRequest>;
type Deps = AppDeps & { llm: LlmGateway };

/** What a send will do, decided before any byte of the answer is sent (so 400/404 stay plain JSON). */
export interface SendPlan {
  chat: ChatRow;
  userMessage: MessageRow;
  /** The reply row, when it exists before the run (a replay may create it). */
  reply: MessageRow | undefined;
  run(onDelta: (text: string) => void): Promise<GenerationResult>;
}

export function resolveModel(llm: LlmGateway, requested: string | undefined): string {
  const model = llm.resolveModel(requested);
  if (!model) throw InvalidRequest(`llmParams.model: unknown model '${requested}'; choose one of ${llm.models.map((m) => m.id).join(', ')}`);
  return model;
}

export async function planSend(deps: Deps, user: SessionUser, input: Input): Promise<SendPlan> {
  const model = resolveModel(deps.llm, input.llmParams.model);
  const last = input.messages.at(-1)!;
  const clientId = input.clientMessageId ?? randomUUID();
  const send = {
    chatId: input.chatId ?? randomUUID(),
    userId: user.id,
    title: input.title ?? chatTitleFrom(last.content),
    playbookType: input.playbookType,
    content: last.content,
    clientId,
    model,
    answers: input.answers,
    mayWriteInPlaybooks: isPro(user),
  };
  // Two identical sends racing to create a new chat: the loser's statement cannot see the winner's
  // row (same snapshot), so it finds no chat. A second statement sees it and takes the replay path.
  const stored = (await storeSend(deps.pool, send)) ?? (await storeSend(deps.pool, send));
  if (!stored) throw NotFound('Chat');
  const { chat, created, sent: inserted } = stored;
  const staleMs = deps.config.llm.timeoutMs * 2;
  // A chat keeps the type it was created with: its system prompt follows it, whatever a later send says.
  const type = created ? input.playbookType : playbookTypeOf(chat);
  // A flow's chat is a Pro playbook whatever this send says (the statement stored nothing then).
  if (type !== 'none') assertPro(user);

  const completion = (userMessage: MessageRow, context: Array<{ role: 'user' | 'assistant'; content: string }>) => ({
    model,
    params: input.llmParams,
    draft: { type, answers: userMessage.answers ?? input.answers },
    messages: [{ role: 'system' as const, content: systemPromptFor(type, input.systemPrompt) }, ...context, { role: 'user' as const, content: userMessage.content }],
  });

  if (inserted) {
    // A chat the server has not seen before may come with history the client holds (a flow's greeting).
    const context = created ? clientContext(input.messages.slice(0, -1)) : await contextBefore(deps.pool, chat.id, inserted.user.id);
    return {
      chat,
      userMessage: inserted.user,
      reply: inserted.reply,
      run: (onDelta) => generateReply(deps, inserted.reply, completion(inserted.user, context), onDelta),
    };
  }

  // A replay of an earlier send: never a second user message, never a second reply.
  const earlier = (await findSend(deps.pool, chat.id, clientId))!;
  const regenerate = async (onDelta: (text: string) => void): Promise<GenerationResult> => {
    const claimed = await claimReply(deps.pool, earlier.user, model, staleMs / 1000);
    if (!claimed) {
      const followed = await followReply(deps.pool, earlier.reply!.id, onDelta, staleMs);
      return { message: followed ?? earlier.reply! };
    }
    const context = await contextBefore(deps.pool, chat.id, earlier.user.id);
    return generateReply(deps, claimed, completion(earlier.user, context), onDelta);
  };
  const reply = earlier.reply;
  return {
    chat,
    userMessage: earlier.user,
    reply,
    async run(onDelta) {
      if (reply && (reply.status === 'complete' || reply.status === 'partial')) {
        if (reply.content) onDelta(reply.content);
        return { message: reply };
      }
      if (reply?.status === 'streaming') {
        const followed = await followReply(deps.pool, reply.id, onDelta, staleMs);
        if (followed) return { message: followed };
      }
      return regenerate(onDelta);
    },
  };
}

function clientContext(messages: Input['messages']) {
  return messages
    .filter((m): m is { role: 'user' | 'assistant'; content: string } => m.role !== 'system' && m.content.trim() !== '')
    .slice(-40);
}
