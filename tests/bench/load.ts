// A small keep-alive HTTP/1.1 load generator for the benches: raw sockets, one request string built
// once, responses framed by Content-Length. It costs the client far less per request than fetch,
// so on a 2-core machine the figures say more about the server than about the load generator.
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface LoadOptions {
  /** e.g. http://127.0.0.1:8093 */
  url: string;
  path: string;
  headers?: Record<string, string>;
  /** Open connections, each sending its next request as soon as the last answer is in. */
  connections: number;
  durationMs: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  /** The body of the first answer, to check that two servers answer the same bytes. */
  firstBody: Buffer;
  latencies: number[];
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Answers of one connection, each handed over as it completes. Only 200s with a Content-Length. */
function answers(
  socket: Socket,
  onAnswer: (body: Buffer) => void,
  onError: (err: Error) => void,
): void {
  let buffer: Buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      const end = buffer.indexOf(HEADER_END);
      if (end < 0) return;
      const head = buffer.subarray(0, end).toString('latin1');
      const status = head.slice(9, 12);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
      if (status !== '200' || length === undefined) {
        onError(
          new Error(
            `expected a 200 with a Content-Length, got: ${head.split('\r\n', 1)[0]}${length === undefined ? ' (no Content-Length)' : ''}`,
          ),
        );
        return;
      }
      const total = end + HEADER_END.length + Number(length);
      if (buffer.length < total) return;
      const body = buffer.subarray(end + HEADER_END.length, total);
      buffer = buffer.subarray(total);
      onAnswer(body);
    }
  });
}

/** Requests per second that `path` sustains over `connections` keep-alive connections. */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const { hostname, port } = new URL(opts.url);
  const headerLines = Object.entries({
    host: `${hostname}:${port}`,
    connection: 'keep-alive',
    ...opts.headers,
  }).map(([k, v]) => `${k}: ${v}\r\n`);
  const request = Buffer.from(`GET ${opts.path} HTTP/1.1\r\n${headerLines.join('')}\r\n`, 'latin1');
  const latencies: number[] = [];
  let requests = 0;
  let firstBody: Buffer | undefined;
  const stopAt = performance.now() + opts.durationMs;
  const started = performance.now();

  const oneConnection = () =>
    new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), hostname);
      socket.setNoDelay(true);
      let sentAt = 0;
      const send = () => {
        sentAt = performance.now();
        socket.write(request);
      };
      answers(
        socket,
        (body) => {
          const now = performance.now();
          latencies.push(now - sentAt);
          requests++;
          firstBody ??= Buffer.from(body);
          if (now < stopAt) send();
          else socket.end(resolve);
        },
        (err) => {
          socket.destroy();
          reject(err);
        },
      );
      socket.once('error', reject);
      socket.once('connect', send);
    });

  await Promise.all(Array.from({ length: opts.connections }, oneConnection));
  const elapsed = performance.now() - started;
  return {
    requests,
    rps: (requests / elapsed) * 1000,
    firstBody: firstBody ?? Buffer.alloc(0),
    latencies,
  };
}
