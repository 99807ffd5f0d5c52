import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { TestClient } from '../support/client';
import { uniqueCredentials } from '../factories/users';
import { LOGIN_ATTEMPTS_PER_IP, REGISTRATIONS_PER_IP } from '../../domain/limits';
import { ANALYSES_PER_IP } from '../../api/analysis/analysis.routes';

/**
 * Item 1: the per-IP limits count the address the trusted proxy saw, never one the client wrote.
 * Each test sends one more request than the limit allows, every one with a different spoofed
 * X-Forwarded-For, from one real address: the last must still be a 429.
 */

const spoofed = () => `203.0.113.${randomInt(1, 255)}`;
// IPv6 documentation addresses with 48 random bits: no two tests share a real address.
const realIp = () => `2001:db8:${randomBytes(6).toString('hex').match(/..../g)!.join(':')}::1`;

/** A client that writes its own X-Forwarded-For each time: a fresh browser (cookies) per request. */
type Sender = (spoof: string) => TestClient;

const limited = [
  {
    what: 'register',
    limit: REGISTRATIONS_PER_IP,
    send: (client: TestClient) => client.post('/api/auth/register', uniqueCredentials()),
  },
  {
    what: 'login',
    limit: LOGIN_ATTEMPTS_PER_IP,
    // A different unknown username each time: only the per-IP limit can stop this.
    send: (client: TestClient) =>
      client.post('/api/auth/login', {
        username: uniqueCredentials().username,
        password: 'wrong-password-1',
      }),
  },
  {
    what: 'guest idea analysis',
    limit: ANALYSES_PER_IP.limit,
    send: (client: TestClient) =>
      client.post('/api/analyze-startup', { idea: 'A marketplace for second-hand lab equipment' }),
  },
];

async function statusesOf(
  newClient: Sender,
  send: (client: TestClient) => Promise<{ status: number }>,
  count: number,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(newClient(spoofed()))).status);
  return statuses;
}

describe('behind one appending proxy (TRUST_PROXY on, one hop)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
  });
  afterAll(() => server?.close());

  it.each(limited)(
    'a spoofed X-Forwarded-For entry does not escape the per-IP limit on $what',
    async ({ send, limit }) => {
      const real = realIp();
      // What the proxy forwards: the client's own header, then the address the proxy saw.
      const statuses = await statusesOf(
        (spoof) => new TestClient(server.url, `${spoof}, ${real}`),
        send,
        limit + 1,
      );
      expect(statuses.slice(0, limit)).not.toContain(429);
      expect(statuses[limit]).toBe(429);
    },
    60_000,
  );

  it("a client with one X-Forwarded-For entry (the proxy's) is counted by it, as before", async () => {
    const a = new TestClient(server.url, realIp());
    const b = new TestClient(server.url, realIp());
    for (let i = 0; i < REGISTRATIONS_PER_IP; i++)
      await a.post('/api/auth/register', uniqueCredentials());
    expect((await a.post('/api/auth/register', uniqueCredentials())).status).toBe(429);
    expect((await b.post('/api/auth/register', uniqueCredentials())).status).toBe(201);
  }, 60_000);
});

describe('behind two proxies (TRUST_PROXY_HOPS=2)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' });
  });
  afterAll(() => server?.close());

  it('the address the outer proxy saw is the client, whatever the client wrote before it', async () => {
    const real = realIp();
    const outerProxy = '10.0.0.7';
    const statuses = await statusesOf(
      (spoof) => new TestClient(server.url, `${spoof}, ${real}, ${outerProxy}`),
      limited[0]!.send,
      REGISTRATIONS_PER_IP + 1,
    );
    expect(statuses.slice(0, REGISTRATIONS_PER_IP)).not.toContain(429);
    expect(statuses[REGISTRATIONS_PER_IP]).toBe(429);
  }, 60_000);
});

describe('direct, no proxy (TRUST_PROXY off)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'false' });
  });
  afterAll(() => server?.close());

  // Every request here comes from 127.0.0.1, whatever it claims, so the limit bites within limit + 1.
  it.each(limited)(
    'a client-sent X-Forwarded-For is ignored: the per-IP limit on $what still bites',
    async ({ send, limit }) => {
      const statuses = await statusesOf(
        (spoof) => new TestClient(server.url, spoof),
        send,
        limit + 1,
      );
      expect(statuses).toContain(429);
    },
    60_000,
  );
});
