/**
 * The chat's commands: send, retry, delete, regenerate, resume and stop. Every send goes through
 * the outbox (data/outbox.ts, as the kind 'chat-send': chatDelivery.ts): the message and its outbox entry are written to the local database
 * first (status 'queued'), then the outbox delivers it, now or when the network allows, always with
 * the message's own send id, so the server never stores a send twice. `deliverChatSend` is how the
 * outbox delivers a chat send, in a page or in the service worker.
 */
import type { ChatRequest, RegenerateInput } from '../../../../domain/contract/chat';
import { newChatContext } from '../../../../domain/contract/chatBasics';
import { LLM_DEFAULTS, chatTitleFrom } from '../../../../domain/limits';
import type { PlaybookType } from '../../../../domain/playbooks/types';
import { api, RateLimitedError } from '../../../data/api';
import {
  isFinishedReply,
  isUnsent,
  orderMessages,
  replyKeyFor,
  userMessageKey,
} from '../../../data/chatMerge';
import { userIdOfDb, type LocalMessage, type PitchpadDb } from '../../../data/db';
import { uuidv7 } from '../../../data/ids';
import { flushOutbox } from '../../../data/outbox';
import {
  chatHandlers,
  chatOutcomes,
  discardSend,
  queueSend,
  requeueSend,
  type ChatSendEntry,
  type DeliveryOutcome,
} from './chatDelivery';
import { liveReplies } from './liveReplies';
import { streamReply, type ReplyOutcome } from './replyStream';

export interface SendInput {
  chatId: string;
  content: string;
  /** The model picked; the server's default when not known yet. */
  model?: string;
  /** A new chat's title (default: the message's first 50 characters). */
  title?: string;
  /** A new chat's playbook (a guided flow's chat); 'none' for free chat. */
  playbookType?: PlaybookType;
  /** A finished flow's answers by question id, sent with the message (the offline drafter composes from them). */
  answers?: Record<string, string>;
  /** Called once the message is saved locally, before it is delivered. */
  onSaved?: () => void;
}

export type SendOutcome =
  | ReplyOutcome
  /**
   * Saved and waiting in the outbox (offline, or the server could not take it yet): it goes by itself.
   * `notice`: the server's reason when it asked to wait (a 429: too many answers at once, or the day's
   * AI allowance used up), for the user to read.
   */
  | { kind: 'queued'; notice?: string }
  /** The message could not even be saved on this device. `newChat` when it was to start a chat. */
  | { kind: 'not-saved'; newChat: boolean; error: unknown }
  /** Nothing to do: blank, or the message is already on its way. */
  | { kind: 'skipped' };

const llmParams = (model: string | undefined) => ({
  provider: LLM_DEFAULTS.provider,
  ...(model ? { model } : {}),
});

/**
 * Send a new message: save it with its outbox entry (one transaction), then flush the outbox. The
 * outcome is this send's, when this tab delivered it; 'queued' while it waits.
 */
export async function sendMessage(
  db: PitchpadDb,
  { chatId, content, model, title, playbookType = 'none', answers, onSaved }: SendInput,
): Promise<SendOutcome> {
  const text = content.trim();
  if (!text) return { kind: 'skipped' };
  const clientId = uuidv7();
  const key = userMessageKey(clientId);
  let newChat = false;
  try {
    await db.transaction('rw', db.chats, db.messages, db.outbox, async () => {
      const now = Date.now();
      const iso = new Date(now).toISOString();
      const chat = await db.chats.get(chatId);
      newChat = !chat;
      if (chat) await db.chats.update(chatId, { updatedAt: iso, touchedAt: now });
      else {
        // A chat started here (online or not) has its id from the start: the server keeps it.
        await db.chats.put({
          id: chatId,
          title: title?.trim() || chatTitleFrom(text),
          createdAt: iso,
          updatedAt: iso,
          isPlaybook: playbookType !== 'none',
          playbookType,
          synced: false,
          touchedAt: now,
        });
      }
      await db.messages.put({
        key,
        chatId,
        role: 'user',
        content: text,
        status: 'queued',
        sortAt: now,
        timestamp: iso,
        clientId,
        replyToKey: null,
        serverId: null,
        model: null,
        ...(answers ? { answers } : {}),
        touchedAt: now,
      });
      await queueSend(db, { clientId, chatId, messageKey: key, ...(model ? { model } : {}) }, now);
    });
  } catch (error) {
    return { kind: 'not-saved', newChat, error };
  }
  onSaved?.();
  return flushFor(db, chatId, clientId);
}

/** Retry a send that failed (Not sent): queue it again and flush. */
export async function retryMessage(
  db: PitchpadDb,
  key: string,
  model?: string,
): Promise<SendOutcome> {
  const message = await db.messages.get(key);
  if (!message?.clientId || !(await requeueSend(db, key, model))) return { kind: 'skipped' };
  return flushFor(db, message.chatId, message.clientId);
}

/** Delete a send the server never stored (Not sent), with its message. */
export function deleteMessage(db: PitchpadDb, key: string): Promise<boolean> {
  return discardSend(db, key);
}

/**
 * Flush the chat's line of the outbox now and report what happened to the send `clientId`. Only
 * this chat: a reply streaming in another one neither delays this send nor its outcome.
 */
async function flushFor(db: PitchpadDb, chatId: string, clientId: string): Promise<SendOutcome> {
  const report = await flushOutbox(db, chatSends, { force: true, line: chatId });
  const mine = chatOutcomes(report).find(([id]) => id === clientId)?.[1];
  if (!mine) return { kind: 'queued' };
  if (mine.state === 'queued') {
    const refused =
      mine.outcome.kind === 'not-sent' && mine.outcome.error instanceof RateLimitedError
        ? mine.outcome.error
        : undefined;
    return refused ? { kind: 'queued', notice: refused.message } : { kind: 'queued' };
  }
  return mine.outcome;
}

/**
 * How the outbox delivers a chat send: POST /api/chat with the message's own send id, streaming the
 * reply into the local database. The server stores a send once: a replay of one it already holds
 * answers (or follows) its reply.
 */
export async function deliverChatSend(
  db: PitchpadDb,
  entry: ChatSendEntry,
): Promise<DeliveryOutcome> {
  const message = await db.messages.get(entry.messageKey);
  const chat = message && (await db.chats.get(message.chatId));
  if (!message?.clientId || !chat) return { kind: 'skipped' };
  const { clientId, chatId, key } = message;

  const body: ChatRequest = {
    chatId,
    clientMessageId: clientId,
    // The server builds the model's context from what it stores; a chat it has not seen yet takes
    // the turns shown here before it existed (a flow's greeting), as newChatContext picks them.
    messages: [
      ...(chat.synced ? [] : newChatContext(await historyBefore(db, message))),
      { role: 'user', content: message.content },
    ],
    playbookType: chat.playbookType,
    ...(message.answers ? { answers: message.answers } : {}),
    // Only a chat the server has not seen yet takes a title; the server keeps its own afterwards.
    ...(chat.synced ? {} : { title: chat.title }),
    llmParams: llmParams(entry.model),
  };
  const outcome = await streamReply(
    db,
    { chatId, userKey: key, clientId, replyKey: replyKeyFor(key), freshReply: true },
    (signal) => api.stream('/api/chat', body, signal, userIdOfDb(db)),
  );
  return outcome ?? { kind: 'skipped' };
}

/** The outbox's handlers in a page: chat sends go by `deliverChatSend`. */
export const chatSends = chatHandlers(deliverChatSend);

/**
 * Follow a reply the server is still writing, after this tab lost its stream (a dropped connection,
 * a reload): replaying the same send makes the server stream the stored text and then the rest.
 */
export async function resumeReply(
  db: PitchpadDb,
  reply: LocalMessage,
  model?: string,
): Promise<SendOutcome> {
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
    {
      chatId: message.chatId,
      userKey: message.key,
      clientId: message.clientId,
      replyKey: current.key,
      freshReply: false,
    },
    (signal) => api.stream('/api/chat', body, signal, userIdOfDb(db)),
  );
  return outcome ?? { kind: 'skipped' };
}

/**
 * Write the last reply again (the server replaces it, from the same message and flow answers, once
 * the new one has words; a regenerate that fails leaves the earlier answer, marked, with Regenerate).
 */
export async function regenerateReply(
  db: PitchpadDb,
  chatId: string,
  model?: string,
): Promise<SendOutcome> {
  const messages = orderMessages(await db.messages.where('chatId').equals(chatId).toArray());
  const lastReply = messages.findLast((m) => m.role === 'assistant' && m.replyToKey);
  const message = lastReply?.replyToKey
    ? messages.find((m) => m.key === lastReply.replyToKey)
    : undefined;
  if (!lastReply || !message?.clientId || !isFinishedReply(lastReply)) return { kind: 'skipped' };
  const body: RegenerateInput = { llmParams: llmParams(model) };
  // The answer on screen stays until the new one has words, and for good if it never gets any.
  const outcome = await streamReply(
    db,
    {
      chatId,
      userKey: message.key,
      clientId: message.clientId,
      replyKey: lastReply.key,
      freshReply: false,
      replaces: true,
    },
    (signal) =>
      api.stream(
        `/api/chats/${encodeURIComponent(chatId)}/regenerate`,
        body,
        signal,
        userIdOfDb(db),
      ),
  );
  return outcome ?? { kind: 'skipped' };
}

/** Stop a reply streaming into this tab: the text so far stays, as partial. */
export function stopReply(replyKey: string): void {
  liveReplies.abort(replyKey);
}

/**
 * The conversation before `message` as shown here, for a chat the server has not seen yet. Unsent
 * messages and empty or failed replies are left out.
 */
async function historyBefore(
  db: PitchpadDb,
  message: LocalMessage,
): Promise<Array<{ role: 'user' | 'assistant'; content: string }>> {
  const ordered = orderMessages(await db.messages.where('chatId').equals(message.chatId).toArray());
  const index = ordered.findIndex((m) => m.key === message.key);
  return ordered
    .slice(0, index === -1 ? ordered.length : index)
    .filter(
      (m) =>
        (m.role === 'user' ? !isUnsent(m) : m.status === 'complete' || m.status === 'partial') &&
        m.content.trim() !== '',
    )
    .map((m) => ({
      role: m.role === 'user' ? ('user' as const) : ('assistant' as const),
      content: m.content,
    }));
}
