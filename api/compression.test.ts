import { randomUUID } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../domain/contract/errors';
import { startModelTestServer, type ModelTestServer } from '../tests/support/server';
import { parseEvents, type TestClient } from '../tests/support/client';
import { loggedInClient, type BuiltUser } from '../tests/factories/users';
import { buildSend } from '../tests/factories/chats';

let server: ModelTestServer;
beforeAll(async () => {
  server = await startModelTestServer();
});
afterAll(() => server?.close());

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body as it arrived, one entry per chunk read off the socket. */
  chunks: Buffer[];
}

/** A request as a browser sends it, answered with the bytes as sent (fetch would decode them). */
function rawRequest(
  client: TestClient,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<RawResponse> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve, reject) => {
    const req = request(
      server.url + path,
      { method, headers: { 'x-forwarded-for': client.ip, cookie, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks),
            chunks,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Alice with 40 chats: her chat list is several KiB of JSON. */
async function aliceWithManyChats(): Promise<{ user: BuiltUser; client: TestClient }> {
  const alice = await loggedInClient(server, { username: `alice_${randomUUID().slice(0, 8)}` });
  for (let i = 0; i < 40; i++) {
    await server.pool.query('INSERT INTO chats (id, title, user_id) VALUES ($1, $2, $3)', [
      randomUUID(),
      `Cold email to prospect number ${i}`,
      alice.user.id,
    ]);
  }
  return alice;
}

describe('API answers compressed', () => {
  it('sends a JSON answer above 1 KiB with Brotli when the browser accepts it, and it decodes to the same JSON', async () => {
    const { client } = await aliceWithManyChats();
    const plain = await rawRequest(client, 'GET', '/api/chats', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const chats = JSON.parse(plain.body.toString());
    expect(chats).toHaveLength(40);

    const br = await rawRequest(client, 'GET', '/api/chats', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(chats);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const { client } = await aliceWithManyChats();
    const res = await rawRequest(client, 'GET', '/api/chats', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString())).toHaveLength(40);
  });

  it('leaves a small answer as it is', async () => {
    const { client } = await loggedInClient(server);
    const res = await rawRequest(client, 'GET', '/api/health', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ ok: true });
  });

  it('never compresses a streamed reply: each event arrives as it is written, even when the browser accepts gzip and br', async () => {
    const { client } = await loggedInClient(server);
    // A long reply (several KiB of events), one word every 10 ms: about 3 s, so about 30 delta
    // events even with the words of each 100 ms merged into one (TEXT_MERGE_MS).
    const words = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    const res = await rawRequest(
      client,
      'POST',
      '/api/chat',
      {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        'accept-encoding': 'gzip, deflate, br',
        [CSRF_HEADER]: await client.token(),
      },
      buildSend(`${words} [[delay:10]]`),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBeGreaterThan(4096);
    const events = parseEvents(res.body.toString());
    expect(events[0]?.event).toBe('start');
    expect(events.at(-1)?.event).toBe('done');
    expect(events.at(-1)?.data.message.content).toBe(`You said: ${words}`);
    // Not held back and sent at the end: the start event came in a chunk of its own, long before done.
    expect(res.chunks.length).toBeGreaterThan(20);
    expect(res.chunks[0]!.toString()).toContain('event: start');
    expect(res.chunks[0]!.toString()).not.toContain('event: done');
  });
});
