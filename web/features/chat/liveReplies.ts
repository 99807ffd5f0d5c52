/**
 * Replies streaming into this tab right now. Each delta lands here (in memory, cheap) and reaches
 * the screen on the next animation frame; the database gets the text about once a second and at the
 * end (replyStream.ts). It also holds each stream's AbortController, so Stop can cut it. No React
 * here: the service worker delivers sends with the same code (useLiveReplies.ts is the hook).
 */
export interface LiveReply {
  chatId: string;
  /** The user message's send id, which /api/chat/stop needs. */
  clientId: string;
  /** Text received so far; null until the first delta (the stored text shows until then). */
  content: string | null;
  controller: AbortController;
  /**
   * A regenerate: the stored text is the earlier answer, which stays on screen until this stream's
   * first words replace it (and stays for good if none come).
   */
  replaces?: boolean;
}

type Snapshot = ReadonlyMap<string, LiveReply>;

let replies: Snapshot = new Map();
const listeners = new Set<() => void>();
let frame: number | null = null;

function emit(now = false): void {
  const flush = () => {
    frame = null;
    listeners.forEach((listener) => listener());
  };
  if (now || typeof requestAnimationFrame !== 'function') return flush();
  // Many deltas a second would re-render (and re-parse the Markdown) for each: once a frame is plenty.
  frame ??= requestAnimationFrame(flush);
}

function set(key: string, reply: LiveReply | null, now = false): void {
  const next = new Map(replies);
  if (reply) next.set(key, reply);
  else next.delete(key);
  replies = next;
  emit(now);
}

export const liveReplies = {
  /** A stream for the reply `key` starts. False when one is already running (the caller backs off). */
  begin(key: string, reply: Omit<LiveReply, 'content'>): boolean {
    if (replies.has(key)) return false;
    set(key, { ...reply, content: null }, true);
    return true;
  },
  update(key: string, content: string): void {
    const reply = replies.get(key);
    if (reply) set(key, { ...reply, content });
  },
  end(key: string): void {
    if (replies.has(key)) set(key, null, true);
  },
  get: (key: string): LiveReply | undefined => replies.get(key),
  /** True while this tab streams a reply into the chat. */
  isChatBusy: (chatId: string): boolean => [...replies.values()].some((r) => r.chatId === chatId),
  /** Cut the stream (Stop). The stream's own error handling records the reply as stopped. */
  abort(key: string): void {
    replies.get(key)?.controller.abort();
  },
  snapshot: (): Snapshot => replies,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
