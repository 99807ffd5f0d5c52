/**
 * Replies streaming into this tab right now. Each delta lands here (in memory, cheap) and reaches
 * the screen on an animation frame, about seven times a second at most (fewer on a slow phone); the
 * database gets the text about once a second and at the end (replyStream.ts). It also holds each
 * stream's AbortController, so Stop can cut it. No React and no DOM here: the service worker
 * delivers sends with the same code. The page hands in its animation frames (useLiveReplies.ts,
 * which is also the hook); without them (the worker, which has no screen) every change is told at once.
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
/** Which replies stream, without their text: changes only when one starts or ends. */
export type LiveShape = ReadonlyMap<string, Omit<LiveReply, 'content'>>;

let replies: Snapshot = new Map();
/**
 * The replies as the screen last drew them. A render between two draws (the chat's stored rows
 * changing, which the reply's own progress saves do once a second) reads this one, not `replies`:
 * it finds the reply's text unchanged and draws none of it again. New words show only on a draw.
 */
let drawn: Snapshot = replies;
let shape: LiveShape = replies;
const listeners = new Set<() => void>();
let pending = false;
let lastFlush = 0;

/**
 * How often, at most, new words reach the screen while a reply streams. Every update costs a phone
 * the same (the list renders, the last Markdown block is parsed, the page is laid out and painted
 * again): at one update per word, a fast model kept its main thread busy for the whole answer. Seven
 * updates a second still read as text flowing in.
 */
export const STREAM_UPDATE_MS = 150;
/** However slow the phone, the words still move at least once a second. */
const STREAM_UPDATE_MAX_MS = 1000;
/**
 * A slow phone spends longer on each update, so it gets fewer: the next update waits at least this
 * many times as long as the last one took, keeping the drawing of a streaming answer to under a
 * tenth of the main thread's time (about 8%), and the page free for the rep's taps and scrolling.
 * A phone that takes 40 ms to draw (a slow one, on a long answer) updates about twice a second.
 */
export const DRAW_SHARE = 13;
let spacing = STREAM_UPDATE_MS;

/** Runs a draw on the screen's next animation frame: the page's `requestAnimationFrame`, or none. */
export type FrameScheduler = (draw: () => void) => void;
let onNextFrame: FrameScheduler | null = null;

function draw(measure = false): void {
  pending = false;
  drawn = replies;
  const started = performance.now();
  lastFlush = started;
  listeners.forEach((listener) => listener());
  // Only an update drawn from an animation frame is measured: a reply starting or ending redraws the
  // screen around the list too, at once, and is no measure of what the words cost.
  if (!measure || listeners.size === 0) return;
  // Drawn from an animation frame, a task queued now runs once that frame has been laid out and
  // painted: its delay is what the update cost, render, layout and paint together.
  setTimeout(() => {
    spacing = Math.min(
      STREAM_UPDATE_MAX_MS,
      Math.max(STREAM_UPDATE_MS, DRAW_SHARE * (performance.now() - started)),
    );
  }, 0);
}

function emit(now = false): void {
  const frame = onNextFrame;
  if (now || !frame) return draw();
  if (pending) return;
  pending = true;
  // Drawn on an animation frame (never mid-frame), no sooner than `spacing` after the last.
  const wait = lastFlush + spacing - performance.now();
  if (wait <= 0) frame(() => draw(true));
  else
    setTimeout(() => {
      // By then the page may have no frames to give (a test's window torn down): draw at once.
      try {
        frame(() => draw(true));
      } catch {
        draw();
      }
    }, wait);
}

function set(key: string, reply: LiveReply | null, now = false): void {
  const next = new Map(replies);
  if (reply) next.set(key, reply);
  else next.delete(key);
  replies = next;
  if (now) shape = next;
  emit(now);
}

export const liveReplies = {
  /** The page's animation frames, which pace the words on screen (see STREAM_UPDATE_MS). */
  drawOnFrames(scheduler: FrameScheduler): void {
    onNextFrame = scheduler;
  },
  /** A stream for the reply `key` starts. False when one is already running (the caller backs off). */
  begin(key: string, reply: Omit<LiveReply, 'content'>): boolean {
    if (replies.has(key)) return false;
    // A new reply starts at the fastest pace; its own updates slow it down if they cost more.
    if (replies.size === 0) spacing = STREAM_UPDATE_MS;
    set(key, { ...reply, content: null }, true);
    return true;
  },
  /** The text so far; null puts the stored text back on screen until the next delta. */
  update(key: string, content: string | null): void {
    const reply = replies.get(key);
    if (reply) set(key, { ...reply, content });
  },
  end(key: string): void {
    if (replies.has(key)) set(key, null, true);
  },
  get: (key: string): LiveReply | undefined => replies.get(key),
  /**
   * The text of the streaming reply `key` to store now, `latest` being all that has arrived: as the
   * screen last drew it, so that the render the stored text sets off draws nothing new (the chat
   * shows whichever of the stored and the streamed text is further along). All of it when the screen
   * has drawn none of it, drew other text (the reply started over since), or has stopped drawing (a
   * hidden tab gets no animation frames; nothing may be left unsaved while it waits).
   */
  textToKeep(key: string, latest: string): string {
    const shown = drawn.get(key)?.content;
    if (
      shown == null ||
      !latest.startsWith(shown) ||
      performance.now() - lastFlush > 2 * STREAM_UPDATE_MAX_MS
    )
      return latest;
    return shown;
  },
  /** True while this tab streams a reply into the chat. */
  isChatBusy: (chatId: string): boolean => [...replies.values()].some((r) => r.chatId === chatId),
  /** Cut the stream (Stop). The stream's own error handling records the reply as stopped. */
  abort(key: string): void {
    replies.get(key)?.controller.abort();
  },
  /** The replies with their text as last drawn (see `drawn`). */
  snapshot: (): Snapshot => drawn,
  /**
   * The same replies for what needs to know only that they stream (busy, Stop, resume): a new
   * snapshot when one starts or ends, not with every word, so the screen around the list is not
   * drawn again ten times a second.
   */
  shape: (): LiveShape => shape,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
