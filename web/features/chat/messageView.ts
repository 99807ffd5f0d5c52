/** What the message list shows for each stored message, given the replies streaming right now. */
import { OFFLINE_DRAFTER_MODEL } from '../../../domain/limits';
import { isLocalDocument, replyKeyFor } from '../../data/chatMerge';
import type { LocalMessage, PlanDeliveryState } from '../../data/db';
import type { LiveReply } from './engine/liveReplies';

/**
 * A reply's state on screen:
 *  typing        waiting for the first word (three dots)
 *  regenerating  a regenerate waiting for its first word: the earlier answer shows until then
 *  streaming     words arriving here
 *  reconnecting  the server is still writing it but this tab lost the stream (resumed when possible)
 *  complete      finished
 *  stopped       the user stopped it; what arrived is kept
 *  incomplete    the model failed or was cut off; what arrived is kept
 *  kept          a finished answer whose regenerate failed: it is still the answer (Regenerate tries again)
 */
export type ReplyState =
  | 'typing'
  | 'regenerating'
  | 'streaming'
  | 'reconnecting'
  | 'complete'
  | 'stopped'
  | 'incomplete'
  | 'kept';

/**
 * A user message's mark: waiting in the outbox, on its way, stored by the server, or not sent (with
 * Retry, and Delete when the server never stored it).
 */
export type Delivery = 'queued' | 'sending' | 'sent' | 'failed';

export type MessageView =
  | {
      kind: 'user';
      key: string;
      message: LocalMessage;
      delivery: Delivery;
      notSent: boolean;
      canDelete: boolean;
      waitsUntil?: number;
    }
  | {
      kind: 'reply';
      key: string;
      message: LocalMessage;
      content: string;
      state: ReplyState;
      byOfflineDrafter: boolean;
      canRegenerate: boolean;
      /** A plan drafted here offline whose full plan the server did not write yet: why, and what next. */
      planNote?: string;
    }
  /** A send on its way whose reply has not been created yet. */
  | { kind: 'waiting'; key: string };

function replyState(
  message: LocalMessage,
  live: LiveReply | undefined,
  content: string,
  elsewhere: boolean,
): ReplyState {
  if (live?.replaces && live.content === null) return 'regenerating';
  if (live || (elsewhere && message.status === 'streaming'))
    return content ? 'streaming' : 'typing';
  if (message.status === 'streaming') return content ? 'reconnecting' : 'typing';
  if (message.status === 'complete') return message.errorMessage ? 'kept' : 'complete';
  if (message.status === 'partial' && message.note === 'stopped') return 'stopped';
  return 'incomplete';
}

/**
 * What the outbox knows about the chat's queued messages: whether the app is cut off, and which
 * messages' sends are held up by a failure (outbox.ts `heldBack`). Online, a queued message that
 * has not failed is simply on its way (next in its chat's line): it shows 'Sending…', not 'Queued'.
 */
export interface QueueView {
  offline: boolean;
  held: ReadonlySet<string>;
  /**
   * Messages the server will not take before a set time (the day's AI allowance is used up: outbox.ts
   * `notBefore`), with that time: their mark says when they go.
   */
  waitUntil?: ReadonlyMap<string, number>;
}

/**
 * The rows of the list, in order. A user message whose send failed, or whose reply failed before any
 * word arrived, is 'Not sent' (with Retry) and its empty reply is not shown. Only the last reply,
 * once finished and while nothing streams, offers Regenerate. `deliveringElsewhere` holds the user
 * messages another tab or the service worker is sending now: their replies are not "lost".
 */
export function messageViews(
  messages: readonly LocalMessage[],
  live: ReadonlyMap<string, LiveReply>,
  isLoading: boolean,
  deliveringElsewhere: ReadonlySet<string> = new Set(),
  queue?: QueueView,
): MessageView[] {
  const replies = new Map(messages.filter((m) => m.replyToKey).map((m) => [m.replyToKey!, m]));
  const lastReplyKey = messages.findLast((m) => m.role === 'assistant')?.key;
  const views: MessageView[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      const reply = replies.get(message.key);
      const replyKey = replyKeyFor(message.key);
      const inFlight = live.has(replyKey);
      const elsewhere = deliveringElsewhere.has(message.key);
      const replyFailed = reply?.status === 'failed' && reply.content === '';
      // Sent as soon as the server has stored it (its reply may still be streaming); a retry of a
      // reply that failed before any word shows as on its way again.
      const stored = message.serverId !== null && !replyFailed;
      const delivery: Delivery =
        inFlight || elsewhere || message.status === 'sending'
          ? stored
            ? 'sent'
            : 'sending'
          : message.status === 'queued'
            ? !queue || queue.offline || queue.held.has(message.key)
              ? 'queued'
              : 'sending'
            : message.status === 'failed' || replyFailed
              ? 'failed'
              : 'sent';
      const waitsUntil = delivery === 'queued' ? queue?.waitUntil?.get(message.key) : undefined;
      views.push({
        kind: 'user',
        key: message.key,
        message,
        delivery,
        notSent: delivery === 'failed',
        canDelete: delivery === 'failed' && message.serverId === null,
        ...(waitsUntil ? { waitsUntil } : {}),
      });
      if ((inFlight || elsewhere) && (!reply || replyFailed))
        views.push({ kind: 'waiting', key: replyKey });
      continue;
    }
    if (message.role !== 'assistant') continue;
    const liveReply = live.get(message.key);
    // An empty failed reply is shown as its message's 'Not sent'; while it is retried, as 'waiting'.
    if (message.status === 'failed' && message.content === '' && message.replyToKey) continue;
    // A resumed stream replays from the start: show whichever text is further along. A regenerate's
    // words replace the earlier answer as soon as there are any.
    const streamed = liveReply?.content ?? '';
    const content = liveReply?.replaces
      ? (liveReply.content ?? message.content)
      : streamed.length >= message.content.length
        ? streamed
        : message.content;
    const state = replyState(
      message,
      liveReply,
      content,
      message.replyToKey !== null && deliveringElsewhere.has(message.replyToKey),
    );
    const finished =
      state === 'complete' || state === 'stopped' || state === 'incomplete' || state === 'kept';
    const planNote =
      isLocalDocument(message) && message.planDelivery
        ? planDeliveryNote(message.planDelivery)
        : undefined;
    views.push({
      kind: 'reply',
      key: message.key,
      message,
      content,
      state,
      byOfflineDrafter: message.model === OFFLINE_DRAFTER_MODEL,
      canRegenerate:
        finished && !isLoading && message.key === lastReplyKey && message.replyToKey !== null,
      ...(planNote ? { planNote } : {}),
    });
  }
  return views;
}

/**
 * Under a plan drafted offline whose real plan the server did not write: the server's reason, and
 * either when it is asked for again (its backoff) or that it will not be (refused for good), so the
 * rep knows the draft is what they have.
 */
export function planDeliveryNote(state: PlanDeliveryState): string {
  const reason = /[.!?]$/.test(state.lastError.trim())
    ? state.lastError.trim()
    : `${state.lastError.trim()}.`;
  if (state.refused)
    return `The full plan was not written: ${reason} This draft from your answers is the plan you have; it will not be asked for again.`;
  const time = new Date(state.nextAttemptAt).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
  });
  return `The full plan could not be written yet: ${reason} It is asked for again after ${time}.`;
}
