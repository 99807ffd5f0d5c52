/**
 * Following one reply's event stream (a send, a retry, a regenerate or a resume) and recording it
 * in the local database as it goes: the user message is 'sent' once the server has stored it
 * (`start`), the reply's text is saved about once a second and when it ends (`done` / `error`);
 * `restart` (the server took over a reply whose writer died) replaces the text so far with what follows.
 *
 * How a stream can end, and what is kept:
 *  - done:          the stored reply (complete, or partial when stopped on another device).
 *  - model-error:   the server kept what arrived (partial) or nothing (failed); the user is told.
 *  - not-sent:      the call failed before the server stored the message (the outbox decides
 *                   whether it goes again or is 'Not sent').
 *  - interrupted:   the connection dropped mid-reply; the text so far stays, the reply stays
 *                   'streaming' (the server goes on writing it) and is resumed when back online.
 *  - stopped:       the user pressed Stop; the text so far is kept as partial. `accepted` says
 *                   whether the server had acknowledged the message.
 */
import type { ChatStreamEvent, Message } from '../../../../domain/contract/chat';
import { api } from '../../../data/api';
import type { LocalMessage, PitchpadDb, ReplyNote } from '../../../data/db';
import type { DeliveryOutcome } from './chatDelivery';
import { readEventStream } from '../../../data/sse';
import { mergeEmailEdit, serverChatToLocal } from '../../../data/chatMerge';
import { liveReplies } from './liveReplies';

/** How often a streaming reply's text is written to the database. */
const SAVE_EVERY_MS = 1000;

export type ReplyOutcome = Exclude<DeliveryOutcome, { kind: 'skipped' }>;

export interface ReplyTarget {
  chatId: string;
  /** The user message answered, and its send id. */
  userKey: string;
  clientId: string;
  replyKey: string;
  /** A send starts the reply afresh; a resume keeps the stored text until the stream overtakes it. */
  freshReply: boolean;
  /**
   * A regenerate: the stored reply is the earlier answer. It is left as it is (on screen and here)
   * until the new answer has words; an attempt that ends with none leaves it untouched, as the
   * server does (it puts the earlier answer back).
   */
  replaces?: boolean;
}

/** Runs `open` (which starts the HTTP call) and records the reply. Null when this reply already streams here. */
export async function streamReply(
  db: PitchpadDb,
  target: ReplyTarget,
  open: (signal: AbortSignal) => Promise<Response>,
): Promise<ReplyOutcome | null> {
  const controller = new AbortController();
  const replaces = target.replaces ?? false;
  if (
    !liveReplies.begin(target.replyKey, {
      chatId: target.chatId,
      clientId: target.clientId,
      controller,
      replaces,
    })
  )
    return null;

  const { replyKey, userKey } = target;
  let started = false;
  let ended: ReplyOutcome | null = null;
  let content = '';
  let saved = '';
  // The server said the text starts over: what was stored before it is void, not a head start.
  let restarted = false;
  // Database writes run one after another, in the order the events came.
  let writes: Promise<unknown> = Promise.resolve();
  const write = (step: () => Promise<unknown>) => {
    writes = writes
      .then(step)
      .catch((error: unknown) => console.warn('Could not save the reply locally', error));
  };
  const patchReply = (changes: Partial<LocalMessage>) =>
    write(() => db.messages.update(replyKey, { ...changes, touchedAt: Date.now() }));
  const saveText = () => {
    // A regenerate's words are written once it ends: until then the stored reply stays the earlier answer.
    if (!started || replaces) return;
    // As the screen last drew it, where a screen draws (liveReplies.textToKeep); the end of the
    // stream stores all of it.
    const text = liveReplies.textToKeep(replyKey, content);
    if (text === saved) return;
    saved = text;
    patchReply({ content: text });
  };
  const timer = setInterval(saveText, SAVE_EVERY_MS);

  const storeReply = (message: Message, note?: ReplyNote, errorMessage?: string) =>
    write(async () => {
      const before = await db.messages.get(replyKey);
      await db.messages.put({
        key: replyKey,
        chatId: target.chatId,
        role: 'assistant',
        content: message.content,
        status: message.status,
        sortAt: before?.sortAt ?? Date.now(),
        timestamp: message.timestamp,
        clientId: null,
        replyToKey: userKey,
        serverId: message.id,
        model: message.model,
        touchedAt: Date.now(),
        ...(note ? { note } : {}),
        ...(errorMessage ? { errorMessage } : {}),
        ...(message.sources?.length ? { sources: message.sources } : {}),
        // The rep's edit of the answer, as the server has it (a failed regenerate puts it back with
        // the earlier answer; a new answer has none), or one saved here and not sent yet, while the
        // answer is still the one it was made on.
        ...mergeEmailEdit(
          before?.content === message.content ? before : undefined,
          message.emailEdit ?? null,
        ),
      });
    });

  const handle = (event: ChatStreamEvent) => {
    switch (event.event) {
      case 'start': {
        started = true;
        const { chat, userMessage, replyId } = event.data;
        write(async () => {
          const now = Date.now();
          await db.transaction('rw', db.chats, db.messages, async () => {
            await db.chats.put(serverChatToLocal(chat, now));
            await db.messages.update(userKey, {
              status: 'sent',
              serverId: userMessage.id,
              timestamp: userMessage.timestamp,
              touchedAt: now,
            });
            if (replaces) return;
            const before = await db.messages.get(replyKey);
            await db.messages.put({
              key: replyKey,
              chatId: chat.id,
              role: 'assistant',
              content: target.freshReply ? '' : (before?.content ?? ''),
              status: 'streaming',
              sortAt: before?.sortAt ?? now,
              timestamp: new Date(now).toISOString(),
              clientId: null,
              replyToKey: userKey,
              serverId: replyId,
              model: before?.model ?? null,
              touchedAt: now,
            });
          });
        });
        break;
      }
      case 'delta':
        content += event.data.text;
        liveReplies.update(replyKey, content);
        break;
      case 'restart':
        // The server took the reply over from one that died and writes it afresh: the text it
        // replayed (and the stored copy of it) is replaced by what follows, not added to.
        restarted = true;
        content = '';
        // A regenerate's earlier answer comes back on screen until the fresh words arrive; any
        // other reply shows nothing of the replayed text.
        liveReplies.update(replyKey, replaces ? null : content);
        if (!replaces) {
          saved = content;
          patchReply({ content });
        }
        break;
      case 'done':
        ended = { kind: 'done' };
        storeReply(event.data.message);
        write(() => db.chats.put(serverChatToLocal(event.data.chat, Date.now())));
        break;
      case 'error': {
        const { reply, message } = event.data;
        const partial = reply ? reply.status === 'partial' : content !== '';
        ended = { kind: 'model-error', partial, message };
        if (reply) storeReply(reply, partial ? 'error' : undefined, message);
        else if (replaces && !partial) patchReply({ errorMessage: message });
        else
          patchReply({
            content,
            status: partial ? 'partial' : 'failed',
            note: 'error',
            errorMessage: message,
          });
        break;
      }
    }
  };

  try {
    const response = await open(controller.signal);
    await readEventStream(
      response,
      (e) => handle({ event: e.event, data: JSON.parse(e.data) } as ChatStreamEvent),
      controller.signal,
    );
    // The body ended without done or error: the connection was closed under us.
    ended ??= { kind: 'interrupted' };
  } catch (error) {
    if (controller.signal.aborted) ended = { kind: 'stopped', accepted: started };
    else if (started) ended = { kind: 'interrupted' };
    else ended = { kind: 'not-sent', error };
  } finally {
    clearInterval(timer);
  }

  const outcome: ReplyOutcome = ended;
  // A resumed stream replays the reply from its start: before its first delta it knows less than we stored.
  const text = content !== '' || target.freshReply || restarted ? { content } : {};
  // A regenerate that got no words before it ended here keeps the earlier answer as stored.
  const keepsEarlier = replaces && content === '';
  // A message the server never acknowledged is left to the outbox (queued again, or 'Not sent').
  if (outcome.kind === 'interrupted' && !keepsEarlier)
    patchReply({
      ...text,
      ...(replaces ? { status: 'streaming' as const } : {}),
      note: 'interrupted',
    });
  if (outcome.kind === 'stopped') {
    if (started && !keepsEarlier) patchReply({ ...text, status: 'partial', note: 'stopped' });
    // The server goes on generating until told; it then keeps what it has as partial.
    void api
      .post('/api/chat/stop', { chatId: target.chatId, clientMessageId: target.clientId })
      .catch(() => {
        // Already finished, or never stored (stopped before it arrived): nothing to stop.
      });
  }
  await writes;
  liveReplies.end(replyKey);
  return outcome;
}
