/**
 * The chat's commands: send, retry, regenerate, resume and stop. Every send is written to the local
 * database first (status 'sending'), then delivered, then marked 'sent' or 'failed' (replyStream.ts),
 * so nothing typed is lost to a reload or a dead connection. The next issue's outbox replays failed
 * sends through `deliverMessage`, which reuses the message's send id: the server never stores a
 * send twice.
 */
import type { ChatRequest } from '../../../domain/contract/chat';
import { CHAT_CONTEXT_MESSAGES, LLM_DEFAULTS, chatTitleFrom } from '../../../domain/limits';
import { api } from '../../data/api';
import { isFinishedReply, isUnsent, orderMessages, replyKeyFor, userMessageKey } from '../../data/chatMerge';
import type { LocalMessage, PitchpadDb } from '../../data/db';
import { uuidv7 } from '../../data/ids';
import { liveReplies } from './liveReplies';
import { streamReply, type ReplyOutcome } from './replyStream';

export interface SendInput {
  chatId: string;
  content: string;
  /** The model picked; the server's default when not known yet. */
  model?: string;
  /** A new chat's title (default: the message's first 50 characters). */
  title?: string;
  /** Called once the message is saved locally, before it is delivered. */
  onSaved?: () => void;
}

export type SendOutcome =
  | ReplyOutcome
  /** The message could not even be saved on this device. `newChat` when it was to start a chat. */
  | { kind: 'not-saved'; newChat: boolean; error: unknown }
  /** Nothing to do: blank, or the message is already on its way. */
  | { kind: 'skipped' };

const llmParams = (model: string | undefined) => ({ provider: LLM_DEFAULTS.provider, ...(model ? { model } : {}) });

/** Send a new message: save it locally, then deliver it. */
export async function sendMessage(db: PitchpadDb, { chatId, content, model, title, onSaved }: SendInput): Promise<SendOutcome> {
  const text = content.trim();
  if (!text) return { kind: 'skipped' };
  const clientId = uuidv7();
  const key = userMessageKey(clientId);
  let newChat = false;
  try {
    await db.ready;
    await db.transaction('rw', db.chats, db.messages, async () => {
      const now = Date.now();
      const iso = new Date(now).toISOString();
      const chat = await db.chats.get(chatId);
      newChat = !chat;
      if (chat) await db.chats.update(chatId, { updatedAt: iso, touchedAt: now });
      else {
        await db.chats.put({
          id: chatId,
          title: title?.trim() || chatTitleFrom(text),
          createdAt: iso,
          updatedAt: iso,
          isPlaybook: false,
          playbookType: 'none',
          synced: false,
          touchedAt: now,
        });
      }
      await db.messages.put({
        key,
        chatId,
        role: 'user',
        content: text,
        status: 'sending',
        sortAt: now,
        timestamp: iso,
        clientId,
        replyToKey: null,
        serverId: null,
        model: null,
        touchedAt: now,
      });
    });
  } catch (error) {
    return { kind: 'not-saved', newChat, error };
  }
  onSaved?.();
  return deliverMessage(db, key, model);
}

/**
 * Deliver a saved user message (first try or Retry) with its own send id, streaming the reply.
 * The server stores a send once: a retry of one it already holds answers (or follows) its reply.
 */
export async function deliverMessage(db: PitchpadDb, key: string, model?: string): Promise<SendOutcome> {
  const message = await db.messages.get(key);
  const chat = message && (await db.chats.get(message.chatId));
  if (!message?.clientId || !chat) return { kind: 'skipped' };
  const { clientId, chatId } = message;
  await db.messages.update(key, { status: message.serverId === null ? 'sending' : 'sent', touchedAt: Date.now() });

  const body: ChatRequest = {
    chatId,
    clientMessageId: clientId,
    messages: [...(await historyBefore(db, message)), { role: 'user', content: message.content }],
    playbookType: chat.playbookType,
    // Only a chat the server has not seen yet takes a title; the server keeps its own afterwards.
    ...(chat.synced ? {} : { title: chat.title }),
    llmParams: llmParams(model),
  };
  const outcome = await streamReply(db, { chatId, userKey: key, clientId, replyKey: replyKeyFor(key), freshReply: true }, (signal) =>
    api.stream('/api/chat', body, signal),
  );
  return outcome ?? { kind: 'skipped' };
}

/**
 * Follow a reply the server is still writing, after this tab lost its stream (a dropped connection,
 * a reload): replaying the same send makes the server stream the stored text and then the rest.
 */
export async function resumeReply(db: PitchpadDb, reply: LocalMessage, model?: string): Promise<SendOutcome> {
  // The screen's copy of the reply can lag the database by a moment (a stream that just finished
  // here): only a reply still open in the database, with no stream in this tab, is resumed.
  const current = await db.messages.get(reply.key);
  if (current?.status !== 'streaming' || liveReplies.get(reply.key)) return { kind: 'skipped' };
  const message = current.replyToKey ? await db.messages.get(current.replyToKey) : undefined;
  if (!message?.clientId) return { kind: 'skipped' };
  const body: ChatRequest = {
    chatId: message.chatId,
    clientMessageId: message.clientId,
    messages: [{ role: 'user', content: message.content }],
    llmParams: llmParams(model),
  };
  const outcome = await streamReply(
    db,
    { chatId: message.chatId, userKey: message.key, clientId: message.clientId, replyKey: current.key, freshReply: false },
    (signal) => api.stream('/api/chat', body, signal),
  );
  return outcome ?? { kind: 'skipped' };
}

/** Write the last reply again (the server replaces it). */
export async function regenerateReply(db: PitchpadDb, chatId: string, model?: string): Promise<SendOutcome> {
  const messages = orderMessages(await db.messages.where('chatId').equals(chatId).toArray());
  const lastReply = messages.findLast((m) => m.role === 'assistant' && m.replyToKey);
  const message = lastReply?.replyToKey ? messages.find((m) => m.key === lastReply.replyToKey) : undefined;
  if (!lastReply || !message?.clientId || !isFinishedReply(lastReply)) return { kind: 'skipped' };
  const outcome = await streamReply(
    db,
    { chatId, userKey: message.key, clientId: message.clientId, replyKey: lastReply.key, freshReply: true },
    (signal) => api.stream(`/api/chats/${encodeURIComponent(chatId)}/regenerate`, { llmParams: llmParams(model) }, signal),
  );
  return outcome ?? { kind: 'skipped' };
}

/** Stop a reply streaming into this tab: the text so far stays, as partial. */
export function stopReply(replyKey: string): void {
  liveReplies.abort(replyKey);
}

/**
 * The conversation before `message`, as the model should see it: for a chat the server has not seen
 * yet it is the only context there is. Unsent messages and empty or failed replies are left out.
 */
async function historyBefore(db: PitchpadDb, message: LocalMessage): Promise<Array<{ role: 'user' | 'assistant'; content: string }>> {
  const ordered = orderMessages(await db.messages.where('chatId').equals(message.chatId).toArray());
  const index = ordered.findIndex((m) => m.key === message.key);
  return ordered
    .slice(0, index === -1 ? ordered.length : index)
    .filter((m) => (m.role === 'user' ? !isUnsent(m) : m.status === 'complete' || m.status === 'partial') && m.content.trim() !== '')
    .map((m) => ({ role: m.role === 'user' ? ('user' as const) : ('assistant' as const), content: m.content }))
    .slice(-CHAT_CONTEXT_MESSAGES);
}
