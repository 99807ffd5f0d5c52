import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BRAVE_TEST_KEY,
  TAVILY_TEST_KEY,
  defaultResults,
  startFakeSearchEngine,
  type FakeSearchEngine,
  type FakeWebResult,
} from '../../tests/fakes/searchEngine';
import {
  SNIPPET_MAX_CHARS,
  SearchEngineError,
  TITLE_MAX_CHARS,
  searchWeb,
  type SearchEngineKind,
  type SearchEngineSettings,
} from './searchEngines';

const KEYS: Record<SearchEngineKind, string | null> = {
  searxng: null,
  brave: BRAVE_TEST_KEY,
  tavily: TAVILY_TEST_KEY,
};
const ENGINES: SearchEngineKind[] = ['searxng', 'brave', 'tavily'];
const OPTIONS = { limit: 5, timeoutMs: 5_000 };

/** What a query finds when a test sets it; the fake's own pages otherwise. */
let found: ((query: string) => FakeWebResult[]) | undefined;
let fake: FakeSearchEngine;

beforeAll(async () => {
  fake = await startFakeSearchEngine({ results: (query) => (found ?? defaultResults)(query) });
});
afterAll(() => fake.close());
beforeEach(() => {
  found = undefined;
  fake.requests.length = 0;
});

const settings = (kind: SearchEngineKind, apiKey = KEYS[kind]): SearchEngineSettings => ({
  kind,
  baseUrl: fake.url,
  apiKey,
});

/** The error `searchWeb` fails with (the test fails if it succeeds). */
async function failureOf(promise: Promise<unknown>): Promise<SearchEngineError> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(SearchEngineError);
  return error as SearchEngineError;
}

/** Ten results, with addresses that are not web pages and the same page twice among them. */
const messyResults = (): FakeWebResult[] => [
  { url: 'https://a.example/one', title: 'One', snippet: 'First page' },
  { url: 'javascript:alert(1)', title: 'Script', snippet: 'Not a page' },
  { url: 'https://a.example/one#pricing', title: 'One again', snippet: 'Same page, other anchor' },
  { url: 'ftp://files.example/report.pdf', title: 'FTP', snippet: 'Not the web' },
  { url: 'not a url', title: 'Broken', snippet: 'No address' },
  { url: 'http://b.example/two', title: 'Two', snippet: 'Second page' },
  { url: 'https://c.example/three', title: 'Three', snippet: 'Third page' },
  { url: 'https://d.example/four', title: 'Four', snippet: 'Fourth page' },
  { url: 'https://e.example/five', title: 'Five', snippet: 'Fifth page' },
  { url: 'https://f.example/six', title: 'Six', snippet: 'Sixth page' },
];

describe('SearXNG', () => {
  it('asks the instance for JSON and reads its results', async () => {
    const results = await searchWeb(settings('searxng'), 'Acme logistics', OPTIONS);

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      engine: 'searxng',
      query: 'Acme logistics',
      params: { q: 'Acme logistics', format: 'json' },
    });
    expect(results[0]).toEqual({
      url: 'https://www.acme.example/',
      title: 'Acme Logistics — Freight software for mid-size carriers',
      snippet: "Acme's platform plans loads, tracks trucks and bills shippers in one place.",
    });
    expect(results.map((r) => r.url)).toEqual([
      'https://www.acme.example/',
      'https://news.example.org/2026/acme-raises-series-b',
      'https://www.acme.example/pricing',
    ]);
  });

  it('finds the instance under a URL that ends with a slash', async () => {
    const results = await searchWeb(
      { ...settings('searxng'), baseUrl: `${fake.url}/` },
      'Globex',
      OPTIONS,
    );
    expect(results).toHaveLength(2);
  });

  it('sends a user and password in the instance URL as Basic credentials, not in the address', async () => {
    const baseUrl = fake.url.replace('http://', 'http://pitchpad:s%40cret@');
    await searchWeb({ ...settings('searxng'), baseUrl }, 'Globex', OPTIONS);
    const sent = fake.requests[0]!.headers.authorization;
    expect(sent).toBe(`Basic ${Buffer.from('pitchpad:s@cret').toString('base64')}`);
  });

  it('says how to turn JSON on when the instance answers its HTML page', async () => {
    fake.htmlNext();
    const error = await failureOf(searchWeb(settings('searxng'), 'Acme', OPTIONS));
    expect(error.kind).toBe('bad-answer');
    expect(error.message).toBe(
      'The SearXNG instance does not answer in JSON: enable the json format in its settings.yml (search.formats).',
    );
  });

  it('says how to turn JSON on when the instance refuses the format (403)', async () => {
    fake.failNext(403);
    const error = await failureOf(searchWeb(settings('searxng'), 'Acme', OPTIONS));
    expect(error).toMatchObject({ kind: 'refused', status: 403 });
    expect(error.message).toMatch(/enable the json format in its settings\.yml/);
  });

  it('names the bot limiter when the instance rate limits this server', async () => {
    fake.failNext(429);
    const error = await failureOf(searchWeb(settings('searxng'), 'Acme', OPTIONS));
    expect(error).toMatchObject({ kind: 'unavailable', status: 429 });
    expect(error.message).toMatch(/rate limiting.*server\.limiter/);
  });
});

describe('Brave Search', () => {
  it('sends the key in X-Subscription-Token and asks for twice the results needed', async () => {
    await searchWeb(settings('brave'), 'Acme pricing', { ...OPTIONS, limit: 2 });

    const [request] = fake.requests;
    expect(request).toMatchObject({
      engine: 'brave',
      query: 'Acme pricing',
      params: { q: 'Acme pricing', count: '4' },
    });
    expect(request!.headers['x-subscription-token']).toBe(BRAVE_TEST_KEY);
    expect(request!.headers.accept).toBe('application/json');
  });

  it('gives descriptions as plain text: highlight tags dropped, entities decoded', async () => {
    const results = await searchWeb(settings('brave'), 'Acme platform', OPTIONS);
    expect(results[0]!.snippet).toBe(
      "Acme's platform plans loads, tracks trucks and bills shippers in one place.",
    );
    expect(results.every((r) => !/[<>]|&#|&amp;/.test(r.snippet))).toBe(true);
  });

  it('answers no results when Brave leaves the web section out', async () => {
    found = () => [];
    expect(await searchWeb(settings('brave'), 'nothing matches this', OPTIONS)).toEqual([]);
  });

  it('reports a wrong key as refused, without the key in the message', async () => {
    const error = await failureOf(searchWeb(settings('brave', 'wrong-brave-key'), 'Acme', OPTIONS));
    // Brave answers a wrong token with 422 SUBSCRIPTION_TOKEN_INVALID, not 401.
    expect(error).toMatchObject({ kind: 'refused', status: 422 });
    expect(error.message).toMatch(/refused the API key/);
    expect(error.message).not.toContain('wrong-brave-key');
  });

  it('asks for no search without a key', async () => {
    const error = await failureOf(searchWeb(settings('brave', null), 'Acme', OPTIONS));
    expect(error.kind).toBe('refused');
    expect(fake.requests).toHaveLength(0);
  });

  it('reports the rate limit as unavailable for now', async () => {
    fake.failNext(429);
    const error = await failureOf(searchWeb(settings('brave'), 'Acme', OPTIONS));
    expect(error).toMatchObject({ kind: 'unavailable', status: 429 });
    expect(error.message).toMatch(/rate limit/);
  });

  it('cuts a long query to the 400 characters and 50 words Brave takes', async () => {
    const query = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    await searchWeb(settings('brave'), query, OPTIONS);
    const sent = fake.requests[0]!.query;
    expect(sent.split(' ')).toHaveLength(50);
    expect(sent.length).toBeLessThanOrEqual(400);
  });
});

describe('Tavily', () => {
  it('posts the query with the key as a bearer token', async () => {
    const results = await searchWeb(settings('tavily'), 'Globex robots', { ...OPTIONS, limit: 1 });

    const [request] = fake.requests;
    expect(request).toMatchObject({ engine: 'tavily', query: 'Globex robots' });
    expect(request!.headers.authorization).toBe(`Bearer ${TAVILY_TEST_KEY}`);
    expect(request!.body).toEqual({
      query: 'Globex robots',
      max_results: 2,
      search_depth: 'basic',
    });
    expect(results).toEqual([
      {
        url: 'https://globex.example/about',
        title: 'About Globex',
        snippet: 'Globex makes warehouse robots & the software that runs them.',
      },
    ]);
  });

  it('reports a wrong key as refused, without the key in the message', async () => {
    const error = await failureOf(searchWeb(settings('tavily', 'tvly-wrong'), 'Acme', OPTIONS));
    expect(error).toMatchObject({ kind: 'refused', status: 401 });
    expect(error.message).not.toContain('tvly-wrong');
  });

  it('reports a used-up plan as refused, for the operator to raise', async () => {
    fake.failNext(432);
    const error = await failureOf(searchWeb(settings('tavily'), 'Acme', OPTIONS));
    expect(error).toMatchObject({ kind: 'refused', status: 432 });
    expect(error.message).toMatch(/usage limit/);
  });
});

describe.each(ENGINES)('every engine: %s', (kind) => {
  it('keeps web pages only, each once, and no more than the limit', async () => {
    found = messyResults;
    const results = await searchWeb(settings(kind), 'Acme', { ...OPTIONS, limit: 4 });
    expect(results.map((r) => r.url)).toEqual([
      'https://a.example/one',
      'http://b.example/two',
      'https://c.example/three',
      'https://d.example/four',
    ]);
  });

  it('trims long titles and snippets, and names an untitled page by its host', async () => {
    found = () => [
      {
        url: 'https://long.example/',
        title: 'Title '.repeat(100),
        snippet: 'Snippet '.repeat(200),
      },
      { url: 'https://untitled.example/page', title: '', snippet: '' },
    ];
    const [long, untitled] = await searchWeb(settings(kind), 'Acme', OPTIONS);
    expect(long!.title.length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
    expect(long!.snippet.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
    expect(long!.snippet).toMatch(/Snippet…$/);
    expect(untitled).toEqual({
      url: 'https://untitled.example/page',
      title: 'untitled.example',
      snippet: '',
    });
  });

  it('reports a server error as unavailable', async () => {
    fake.failNext(500);
    const error = await failureOf(searchWeb(settings(kind), 'Acme', OPTIONS));
    expect(error).toMatchObject({ kind: 'unavailable', status: 500 });
  });

  it('gives up as unavailable when the engine answers too slowly', async () => {
    fake.delayNext(2_000);
    const started = Date.now();
    const error = await failureOf(
      searchWeb(settings(kind), 'Acme', { ...OPTIONS, timeoutMs: 150 }),
    );
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/did not answer within 0\.2 seconds/);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('reports JSON cut short as a bad answer', async () => {
    fake.garbageNext();
    const error = await failureOf(searchWeb(settings(kind), 'Acme', OPTIONS));
    expect(error.kind).toBe('bad-answer');
  });

  it('reports JSON without a list of results as a bad answer', async () => {
    fake.garbageNext('{"status": "ok", "items": []}');
    const error = await failureOf(searchWeb(settings(kind), 'Acme', OPTIONS));
    expect(error.kind).toBe('bad-answer');
    expect(error.message).toMatch(/no list of results/);
  });

  it('stops when the caller gives up, with the caller’s reason', async () => {
    fake.delayNext(2_000);
    const controller = new AbortController();
    const search = searchWeb(settings(kind), 'Acme', { ...OPTIONS, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('the rep left')), 50);
    await expect(search).rejects.toThrow('the rep left');
  });
});

describe('an engine that cannot be reached', () => {
  it('is unavailable, and the message says why', async () => {
    const closed = await startFakeSearchEngine();
    await closed.close();
    const error = await failureOf(
      searchWeb({ kind: 'searxng', baseUrl: closed.url, apiKey: null }, 'Acme', OPTIONS),
    );
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/could not be reached \(connection refused\)/);
  });

  it('needs an http(s) address', async () => {
    const error = await failureOf(
      searchWeb({ kind: 'searxng', baseUrl: 'searx.local', apiKey: null }, 'Acme', OPTIONS),
    );
    expect(error.kind).toBe('bad-answer');
  });
});
