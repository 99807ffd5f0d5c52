import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  WebSearchSettingsResponse,
  WebSearchTestResponse,
} from '../../domain/contract/webSearch';
import { loggedInClient, operatorClient } from '../../tests/factories/users';
import {
  BRAVE_TEST_KEY,
  startFakeSearchEngine,
  type FakeSearchEngine,
} from '../../tests/fakes/searchEngine';
import { TestClient } from '../../tests/support/client';
import { startTestServer, type TestServer } from '../../tests/support/server';

/**
 * Settings → Web search over HTTP: the operator connects SearXNG, Brave Search or Tavily, tests it
 * with one button, and the key never comes back. One engine per database: each server here has an
 * embedded database of its own.
 */
const operatorOf = async (server: TestServer) => (await operatorClient(server)).client;

describe('Settings → Web search', () => {
  let engine: FakeSearchEngine;
  let server: TestServer;
  let locked: TestServer;
  beforeAll(async () => {
    engine = await startFakeSearchEngine();
    [server, locked] = await Promise.all([
      startTestServer({}, { ownDatabase: true }),
      startTestServer(
        {
          WEB_SEARCH_ENGINE: 'brave',
          WEB_SEARCH_URL: engine.url,
          WEB_SEARCH_API_KEY: BRAVE_TEST_KEY,
        },
        { ownDatabase: true },
      ),
    ]);
  }, 60_000);
  afterAll(() => Promise.all([server?.close(), locked?.close(), engine?.close()]));

  it('connects Brave Search with a key it never shows again, tests it, and disconnects', async () => {
    const operator = await operatorOf(server);
    expect((await operator.get('/api/settings/web-search')).body).toMatchObject({
      kind: null,
      hasApiKey: false,
      locked: false,
    });
    const saved = await operator.put('/api/settings/web-search', {
      kind: 'brave',
      baseUrl: engine.url,
      apiKey: BRAVE_TEST_KEY,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ kind: 'brave', baseUrl: engine.url, hasApiKey: true });
    expect(JSON.stringify(saved.body)).not.toContain(BRAVE_TEST_KEY);
    const stored = await server.pool.query<{ api_key_encrypted: string }>(
      'SELECT api_key_encrypted FROM web_search_settings',
    );
    expect(stored.rows[0]!.api_key_encrypted).not.toContain(BRAVE_TEST_KEY);

    const test = await operator.post('/api/settings/web-search/test', {});
    expect(test.body as WebSearchTestResponse).toEqual({ ok: true, results: 3 });
    expect(engine.requests.at(-1)).toMatchObject({
      engine: 'brave',
      headers: { 'x-subscription-token': BRAVE_TEST_KEY },
    });
    expect((await operator.get('/api/capabilities')).body).toMatchObject({ webSearch: true });

    // Saved again without a key: the stored one stays with the same engine and address.
    await operator.put('/api/settings/web-search', { kind: 'brave', baseUrl: engine.url });
    expect(
      ((await operator.post('/api/settings/web-search/test', {})).body as WebSearchTestResponse).ok,
    ).toBe(true);

    const gone = await operator.delete('/api/settings/web-search');
    expect((gone.body as WebSearchSettingsResponse).kind).toBeNull();
    expect((await operator.get('/api/capabilities')).body).toMatchObject({ webSearch: false });
    expect((await operator.post('/api/settings/web-search/test', {})).body).toEqual({
      ok: false,
      message: 'No search engine is connected to test.',
    });
  });

  it('says a wrong key is refused when tested', async () => {
    const operator = await operatorOf(server);
    await operator.put('/api/settings/web-search', {
      kind: 'brave',
      baseUrl: engine.url,
      apiKey: 'not-the-key',
    });
    const test = (await operator.post('/api/settings/web-search/test', {}))
      .body as WebSearchTestResponse;
    expect(test.ok).toBe(false);
    expect(test.ok === false && test.message).toMatch(/refused the API key/);
    expect(JSON.stringify(test)).not.toContain('not-the-key');
    await operator.delete('/api/settings/web-search');
  });

  it.each([
    [{ kind: 'searxng', baseUrl: null }, 'Enter your SearXNG instance’s address.'],
    [{ kind: 'bing', baseUrl: null }, 'Choose SearXNG, Brave Search or Tavily.'],
    [{ kind: 'searxng', baseUrl: 'not a url' }, 'baseUrl'],
    [{ kind: 'tavily', baseUrl: null, apiKey: 'has spaces in it' }, 'without spaces'],
  ])('refuses %j, saying what is wrong', async (body, message) => {
    const operator = await operatorOf(server);
    const res = await operator.put('/api/settings/web-search', body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it('is the operator’s: a rep gets 403 and a visitor 401', async () => {
    const { client: rep } = await loggedInClient(server);
    const visitor = new TestClient(server.url);
    for (const client of [rep, visitor]) {
      const expected = client === rep ? 403 : 401;
      expect((await client.get('/api/settings/web-search')).status).toBe(expected);
      expect(
        (await client.put('/api/settings/web-search', { kind: 'searxng', baseUrl: engine.url }))
          .status,
      ).toBe(expected);
      expect((await client.delete('/api/settings/web-search')).status).toBe(expected);
      expect((await client.post('/api/settings/web-search/test', {})).status).toBe(expected);
    }
  });

  it('shows an engine set by the environment read-only, and refuses to change it', async () => {
    const operator = await operatorOf(locked);
    expect((await operator.get('/api/settings/web-search')).body).toMatchObject({
      kind: 'brave',
      hasApiKey: true,
      locked: true,
    });
    const res = await operator.put('/api/settings/web-search', {
      kind: 'searxng',
      baseUrl: engine.url,
    });
    expect(res.status).toBe(409);
    expect((await operator.delete('/api/settings/web-search')).status).toBe(409);
    expect(
      ((await operator.post('/api/settings/web-search/test', {})).body as WebSearchTestResponse).ok,
    ).toBe(true);
  });
});
