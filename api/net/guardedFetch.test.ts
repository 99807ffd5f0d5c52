import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch, GuardedFetchError } from './guardedFetch';

/**
 * The fetcher against a loopback server of the test's own, with loopback allowed only by the
 * test-only rule; in production rules the same loopback address is refused before any connection
 * (the server counts them). No other address is ever connected to.
 */
let server: Server;
let base: string;
let connections = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (req.method === 'POST' && path === '/inbox') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () =>
        res.writeHead(201, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            length: req.headers['content-length'],
            ttl: req.headers.ttl,
            body: Buffer.concat(chunks).toString('hex'),
          }),
        ),
      );
      return;
    }
    if (req.method === 'POST' && path === '/moved') {
      req.resume();
      return res.writeHead(307, { location: '/inbox' }).end();
    }
    if (path === '/cal.ics') return res.end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    if (path === '/moved') return res.writeHead(302, { location: '/cal.ics' }).end();
    if (path === '/to-metadata')
      return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (path === '/huge') {
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const write = () => {
        while (sent < 6 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', write);
        }
        res.end();
      };
      return write();
    }
    if (path === '/slow') return; // never answers
    res.writeHead(404).end('not here');
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
});

const tests = { allowHttp: true, allowLoopback: true };
/** A resolver that answers a loopback address for any name, as a public-looking name might. */
const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
const production = { allowHttp: false, allowLoopback: false };

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as GuardedFetchError,
  );

describe('the guarded fetch', () => {
  it('fetches an address and follows a redirect, each checked', async () => {
    const answer = await guardedFetch(`${base}/moved`, tests);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain('BEGIN:VCALENDAR');
    expect(answer.url).toBe(`${base}/cal.ics`);
  });

  it('refuses a redirect to the metadata service, without connecting to it', async () => {
    const error = await refusal(guardedFetch(`${base}/to-metadata`, tests));
    expect(error).toBeInstanceOf(GuardedFetchError);
    expect(error!.kind).toBe('refused');
    expect(error!.message).toBe('That address is not on the public internet.');
  });

  it('refuses loopback in production before any connection, by address and by name', async () => {
    const before = connections;
    const port = new URL(base).port;
    for (const url of [`${base}/cal.ics`, `https://127.0.0.1:${port}/cal.ics`]) {
      const error = await refusal(guardedFetch(url, { ...production, allowHttp: true }));
      expect(error!.kind).toBe('refused');
      expect(error!.message).toBe('That address is not on the public internet.');
    }
    const byName = await refusal(
      guardedFetch(`http://localhost:${port}/cal.ics`, { ...production, allowHttp: true }),
    );
    expect(byName!.kind).toBe('refused');
    expect(connections).toBe(before);
  });

  it('checks the addresses a name resolves to, and connects only to a checked one', async () => {
    const port = new URL(base).port;
    const before = connections;
    const refused = await refusal(
      guardedFetch(`http://calendar.example.com:${port}/cal.ics`, {
        ...production,
        allowHttp: true,
        resolve,
      }),
    );
    expect(refused!.kind).toBe('refused');
    expect(refused!.message).toBe('That address is not on the public internet.');
    expect(connections).toBe(before);

    const allowed = await guardedFetch(`http://calendar.example.com:${port}/cal.ics`, {
      ...tests,
      resolve,
    });
    expect(allowed.body.toString()).toContain('BEGIN:VCALENDAR');
  });

  it('stops a body past its size, a server that never answers, and a redirect loop', async () => {
    const huge = await refusal(guardedFetch(`${base}/huge`, tests));
    expect(huge!.message).toBe('The file is larger than 5 MB.');
    expect(huge!.kind).toBe('too-large');
    const slow = await refusal(guardedFetch(`${base}/slow`, { ...tests, timeoutMs: 300 }));
    expect(slow!.message).toBe('The address took too long to answer.');
    const loop = await refusal(guardedFetch(`${base}/loop`, tests));
    expect(loop!.message).toBe('The address redirects too many times.');
  });

  it('answers a 404 as it is, for the caller to say', async () => {
    const answer = await guardedFetch(`${base}/nothing`, tests);
    expect(answer.status).toBe(404);
  });

  it('POSTs a body with its length and headers, and follows no redirect with it', async () => {
    const body = Uint8Array.from([0, 1, 2, 253, 254, 255]);
    const answer = await guardedFetch(`${base}/inbox`, {
      ...tests,
      method: 'POST',
      body,
      headers: { ttl: '60' },
    });
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body.toString())).toEqual({
      length: '6',
      ttl: '60',
      body: '000102fdfeff',
    });
    const moved = await guardedFetch(`${base}/moved`, { ...tests, method: 'POST', body });
    expect(moved.status).toBe(307);
    expect(moved.url).toBe(`${base}/moved`);
  });

  it('refuses a POST to loopback in production before any connection', async () => {
    const before = connections;
    const error = await refusal(
      guardedFetch(`${base}/inbox`, {
        ...production,
        allowHttp: true,
        method: 'POST',
        body: Uint8Array.from([1]),
      }),
    );
    expect(error!.kind).toBe('refused');
    expect(connections).toBe(before);
  });
});
