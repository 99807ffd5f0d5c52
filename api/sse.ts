import { PassThrough } from 'node:stream';
import type { ParameterizedContext } from 'koa';

/** Keeps proxies and phones from dropping a quiet stream. */
const HEARTBEAT_MS = 15_000;

export interface EventStream {
  send(event: string, data: unknown): void;
  close(): void;
  /** True once the client has gone. Writing is then a no-op; the work behind it goes on. */
  readonly closed: boolean;
}

/** Answer the request with Server-Sent Events. */
export function openEventStream(ctx: ParameterizedContext): EventStream {
  const socket = ctx.req.socket;
  socket.setTimeout(0);
  socket.setNoDelay(true);
  socket.setKeepAlive(true);
  const stream = new PassThrough();
  ctx.status = 200;
  ctx.type = 'text/event-stream';
  ctx.set('Cache-Control', 'no-cache, no-transform');
  ctx.set('X-Accel-Buffering', 'no');
  ctx.body = stream;

  let gone = false;
  const markGone = () => {
    gone = true;
    clearInterval(heartbeat);
  };
  ctx.res.once('close', markGone);
  stream.once('error', markGone);
  const write = (chunk: string) => {
    if (!gone && !stream.destroyed && !stream.writableEnded) stream.write(chunk);
  };
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();

  return {
    send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    close() {
      clearInterval(heartbeat);
      if (!stream.writableEnded) stream.end();
    },
    get closed() {
      return gone;
    },
  };
}

/**
 * How long text for the same stream may wait to go out with the next words. A model sends a word
 * or two per chunk, 20 to 100 a second; as one event each, every chunk costs the phone a network
 * task (reading, parsing, handing the words on) while it already draws the reply at most about
 * seven times a second (web/features/chat/liveReplies.ts). Merged over 100 ms, a fast answer
 * arrives in at most 10 events a second, with no visible delay.
 */
export const TEXT_MERGE_MS = 100;

export interface MergedText {
  /** Words to send: the first at once, later ones with what follows them within the window. */
  push(text: string): void;
  /** Send what waits now: before any other event, so the events keep their order. */
  flush(): void;
}

/** Merges text sent in quick succession into fewer events (see TEXT_MERGE_MS). */
export function mergeText(send: (text: string) => void, windowMs = TEXT_MERGE_MS): MergedText {
  let waiting = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sentAt = -Infinity;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting === '') return;
    const text = waiting;
    waiting = '';
    sentAt = performance.now();
    send(text);
  };
  return {
    push(text) {
      waiting += text;
      if (timer) return;
      const wait = sentAt + windowMs - performance.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    flush,
  };
}

/** True when the client asked for an event stream. */
export function wantsEventStream(ctx: ParameterizedContext): boolean {
  return (ctx.get('Accept') || '').includes('text/event-stream');
}
