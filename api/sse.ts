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

/** True when the client asked for an event stream. */
export function wantsEventStream(ctx: ParameterizedContext): boolean {
  return (ctx.get('Accept') || '').includes('text/event-stream');
}
