import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import { captureLog, type CapturedLog } from '../../tests/support/logs';
import { loggedInClient } from '../../tests/factories/users';

let server: TestServer;
let captured: CapturedLog;
beforeAll(async () => {
  captured = captureLog('info');
  server = await startTestServer({}, { log: captured.log });
});
afterAll(() => server?.close());

/** The request lines logged for `path` so far (written when each answer finished). */
async function linesFor(path: string) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return captured.entries().filter((e) => (e.req as { path?: string } | undefined)?.path === path);
}

describe('the request log', () => {
  it('logs one line per API request: method, path, status and time', async () => {
    await new TestClient(server.url).get('/api/health?probe=1');
    const [line] = await linesFor('/api/health');
    expect(line).toMatchObject({
      level: 30,
      req: { method: 'GET', path: '/api/health' },
      res: { statusCode: 200 },
    });
    expect(line!.responseTime).toEqual(expect.any(Number));
    expect(line!.msg).toMatch(/^GET \/api\/health 200 \d+\.\dms$/);
  });

  it('never logs a cookie, the CSRF token, an Authorization header, the query string or the body', async () => {
    const { client, user } = await loggedInClient(server);
    const token = await client.token();
    await client.patch(
      '/api/chats/00000000-0000-4000-8000-000000000000?secret=query-secret',
      { title: 'body-secret' },
      { headers: { authorization: 'Bearer auth-secret' } },
    );
    expect(await linesFor('/api/chats/00000000-0000-4000-8000-000000000000')).toMatchObject([
      { req: { method: 'PATCH' } },
    ]);
    for (const secret of [
      ...client.cookies.values(),
      token,
      'auth-secret',
      'query-secret',
      'body-secret',
      user.password,
    ])
      expect(captured.text).not.toContain(secret);
  });

  it('a path with an encoded newline or escape sequence is logged as sent, on one JSON line', async () => {
    const path = '/api/nope%0A%7B%22level%22%3A50%2C%22msg%22%3A%22forged%22%7D%1B%5B2J%0D';
    expect((await new TestClient(server.url).get(path)).status).toBe(404);
    const lines = await linesFor(path);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.msg).toBe(
      `GET ${path} 404 ${(lines[0]!.responseTime as number).toFixed(1)}ms`,
    );
    // Every line of the log is one JSON object: nothing in a path started a line of its own.
    for (const line of captured.text.trimEnd().split('\n'))
      expect(() => JSON.parse(line)).not.toThrow();
    expect(captured.entries().some((e) => e.msg === 'forged')).toBe(false);
  });
});
