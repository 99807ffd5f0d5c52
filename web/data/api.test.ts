import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  OfflineError,
  RateLimitedError,
  SessionMismatchError,
  UnauthorizedError,
  createApiClient,
} from './api';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
let seen: Array<{ method: string; url: string; csrf: string | undefined; body: string }>;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        csrf: req.headers['x-csrf-token'] as string | undefined,
        body,
      });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  handler = (_req, res) => json(res, 200, { ok: true });
});

describe('a failed call', () => {
  it("carries the server's message, the status and the body", async () => {
    handler = (_req, res) =>
      json(res, 409, { code: 'conflict', message: 'That username is taken' });
    const error = await createApiClient({ baseUrl })
      .get('/api/thing')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('That username is taken');
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).code).toBe('conflict');
    expect((error as ApiError).data).toEqual({
      code: 'conflict',
      message: 'That username is taken',
    });
  });

  it("says 'Request failed with status {code}' when the server sent no message", async () => {
    handler = (_req, res) => {
      res.writeHead(502);
      res.end();
    };
    const error = await createApiClient({ baseUrl })
      .get('/api/thing')
      .catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('Request failed with status 502');
    expect((error as ApiError).status).toBe(502);
  });

  it('is typed by status: 401 Unauthorized, 429 RateLimited', async () => {
    handler = (req, res) =>
      req.url === '/api/a'
        ? json(res, 401, { code: 'unauthorized', message: 'Log in first' })
        : json(res, 429, { code: 'rate_limited', message: 'Slow down' });
    const client = createApiClient({ baseUrl });
    await expect(client.get('/api/a')).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(client.get('/api/b')).rejects.toBeInstanceOf(RateLimitedError);
  });
});

describe('a call made for one user (asUser)', () => {
  it('names the user in x-pitchpad-user, and a 409 session_mismatch is a SessionMismatchError', async () => {
    let named: string | undefined;
    handler = (req, res) => {
      named = req.headers['x-pitchpad-user'] as string | undefined;
      if (req.url === '/api/csrf-token') return json(res, 200, { csrfToken: 't' });
      json(res, 409, { code: 'session_mismatch', message: 'Signed in to another account' });
    };
    const client = createApiClient({ baseUrl });
    await expect(client.stream('/api/chat', {}, undefined, 7)).rejects.toBeInstanceOf(
      SessionMismatchError,
    );
    expect(named).toBe('7');
    await expect(client.getSnapshot('/api/chats', undefined, 8)).rejects.toBeInstanceOf(
      SessionMismatchError,
    );
    expect(named).toBe('8');
    // A 409 of another kind stays a plain conflict.
    handler = (_req, res) => json(res, 409, { code: 'conflict', message: 'Busy' });
    const other = await client.getSnapshot('/api/chats').catch((e: unknown) => e);
    expect(other).toBeInstanceOf(ApiError);
    expect(other).not.toBeInstanceOf(SessionMismatchError);
  });
});

describe('a connection failure', () => {
  it('is an OfflineError saying the server cannot be reached', async () => {
    // Nothing listens on port 9 of loopback (discard), so the connection is refused.
    const error = await createApiClient({ baseUrl: 'http://127.0.0.1:9' })
      .get('/api/thing')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfflineError);
    expect((error as Error).message).toBe(
      'Network error: Cannot connect to server. Please check your connection.',
    );
    expect((error as Error).message).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe('the default query', () => {
  it('turns a 401 into null when the caller asked for null', async () => {
    handler = (_req, res) => json(res, 401, { code: 'unauthorized', message: 'No session' });
    await expect(
      createApiClient({ baseUrl }).query('/api/auth/user', { on401: 'returnNull' }),
    ).resolves.toBeNull();
  });

  it("otherwise says 'Unauthorized access to {path}'", async () => {
    handler = (_req, res) => json(res, 401, { code: 'unauthorized', message: 'No session' });
    const error = await createApiClient({ baseUrl })
      .query('/api/chats')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as Error).message).toBe('Unauthorized access to /api/chats');
  });

  it("says 'Request to {path} failed: {status} {text}' for other failures", async () => {
    handler = (_req, res) =>
      json(res, 500, { code: 'internal_error', message: 'Something went wrong' });
    const error = await createApiClient({ baseUrl })
      .query('/api/chats')
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe('Request to /api/chats failed: 500 Something went wrong');
  });

  it('returns the parsed body on success', async () => {
    handler = (_req, res) => json(res, 200, { id: 1 });
    await expect(createApiClient({ baseUrl }).query('/api/thing')).resolves.toEqual({ id: 1 });
  });
});

describe('CSRF', () => {
  it('fetches the token once and sends it on every mutation as JSON', async () => {
    handler = (req, res) =>
      req.url === '/api/csrf-token'
        ? json(res, 200, { csrfToken: 'tok-1' })
        : json(res, 200, { ok: true });
    const client = createApiClient({ baseUrl });
    await client.post('/api/a', { x: 1 });
    await client.delete('/api/b');
    expect(seen.map((r) => `${r.method} ${r.url} ${r.csrf ?? '-'}`)).toEqual([
      'GET /api/csrf-token -',
      'POST /api/a tok-1',
      'DELETE /api/b tok-1',
    ]);
    expect(seen[1]?.body).toBe('{"x":1}');
  });

  it("refetches the token once and retries when the server answers 403 'csrf_failed'", async () => {
    let tokens = 0;
    handler = (req, res) => {
      if (req.url === '/api/csrf-token') return json(res, 200, { csrfToken: `tok-${++tokens}` });
      if (req.headers['x-csrf-token'] === 'tok-1')
        return json(res, 403, { code: 'csrf_failed', message: 'Bad token' });
      json(res, 200, { ok: true });
    };
    await expect(createApiClient({ baseUrl }).post('/api/a')).resolves.toEqual({ ok: true });
    expect(seen.map((r) => `${r.method} ${r.url} ${r.csrf ?? '-'}`)).toEqual([
      'GET /api/csrf-token -',
      'POST /api/a tok-1',
      'GET /api/csrf-token -',
      'POST /api/a tok-2',
    ]);
  });

  it('gives up after one retry', async () => {
    handler = (req, res) =>
      req.url === '/api/csrf-token'
        ? json(res, 200, { csrfToken: 'stale' })
        : json(res, 403, { code: 'csrf_failed', message: 'Bad token' });
    const error = await createApiClient({ baseUrl })
      .post('/api/a')
      .catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(403);
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(2);
  });
});
