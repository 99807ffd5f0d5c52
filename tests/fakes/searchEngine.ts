// A fake of the three web search APIs Pitchpad can use, on loopback, written from their public docs:
//  - SearXNG (docs.searxng.org, "Search API"): GET /search?q=…&format=json answers
//    {query, number_of_results, results: [{url, title, content, engine, …}], answers, …}; without
//    `format` it answers its HTML results page, and a format the instance has not enabled is 403.
//  - Brave Search API (api-dashboard.search.brave.com, web/search): GET /res/v1/web/search?q=…&count=N
//    with X-Subscription-Token. `count` is 1 to 20, `q` at most 400 characters and 50 words. The
//    answer is {type: "search", query, web: {type: "search", results: [{type: "search_result", url,
//    title, description, …}]}}, descriptions in HTML (the query's words in <strong>, entities
//    escaped); `web` is left out when nothing matched. Errors are {type: "ErrorResponse", error:
//    {id, status, code, detail, meta}, time}: a wrong token is 422 SUBSCRIPTION_TOKEN_INVALID (not
//    401), a missing one or a bad parameter 422 VALIDATION, the rate limit 429 RATE_LIMITED.
//  - Tavily (docs.tavily.com, POST /search, and its errors page): JSON {query, max_results (0 to 20,
//    default 5), search_depth} with Authorization: Bearer; answers {query, answer, images, results:
//    [{title, url, content, score, raw_content}], response_time, request_id}; errors are
//    {detail: {error}}: 401 for a wrong key, 400 for bad parameters, 429, 432 and 433 for limits.
// One server answers all three (Tavily's POST /search and SearXNG's GET /search differ by method).
// Tests read `requests` and script the next answers: a status, a delay, an HTML page, a broken body.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FakeEngineKind = 'searxng' | 'brave' | 'tavily';

/** A result as the fake lists it; each API words it its own way. */
export interface FakeWebResult {
  url: string;
  title: string;
  snippet: string;
}

export interface FakeSearchRequest {
  engine: FakeEngineKind;
  query: string;
  /** The request's headers, names in lower case. */
  headers: Record<string, string | undefined>;
  /** The query string's parameters (SearXNG's and Brave's GET). */
  params: Record<string, string>;
  /** Tavily's JSON body, as parsed. */
  body?: unknown;
}

export interface FakeSearchEngine {
  /** The root all three APIs answer under (SearXNG's instance URL, Brave's and Tavily's API URL). */
  url: string;
  requests: FakeSearchRequest[];
  /** The next `times` requests (any engine) answer `status`, in that engine's words. */
  failNext(status: number, times?: number): void;
  /** The next request waits `ms` before it answers. */
  delayNext(ms: number): void;
  /** The next request answers 200 with an HTML page (a proxy's sign-in page, say). */
  htmlNext(): void;
  /** The next request answers 200 `application/json` with this body (by default JSON cut short). */
  garbageNext(body?: string): void;
  close(): Promise<void>;
}

export const BRAVE_TEST_KEY = 'brave-test-key';
export const TAVILY_TEST_KEY = 'tvly-test-key';

/** Pages the fake finds for a word of the query; other words get pages made from the word. */
const PAGES: Record<string, FakeWebResult[]> = {
  acme: [
    {
      url: 'https://www.acme.example/',
      title: 'Acme Logistics — Freight software for mid-size carriers',
      snippet: "Acme's platform plans loads, tracks trucks and bills shippers in one place.",
    },
    {
      url: 'https://news.example.org/2026/acme-raises-series-b',
      title: 'Acme raises $40M Series B to expand in Europe',
      snippet: 'The Acme round was led by Northwind Ventures; the company plans 120 hires in 2027.',
    },
    {
      url: 'https://www.acme.example/pricing',
      title: 'Pricing | Acme',
      snippet: 'Acme pricing starts at $49 per truck per month, with a free trial for 14 days.',
    },
  ],
  globex: [
    {
      url: 'https://globex.example/about',
      title: 'About Globex',
      snippet: 'Globex makes warehouse robots & the software that runs them.',
    },
    {
      url: 'https://news.example.org/2026/globex-new-ceo',
      title: 'Globex names a new CEO',
      snippet: 'Hank Scorpio steps down; Globex promotes its COO.',
    },
  ],
};

/** The pages for the query's first known word, or three made from its first word. */
export function defaultResults(query: string): FakeWebResult[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const known = words.find((word) => PAGES[word]);
  if (known) return PAGES[known]!;
  const word = words[0];
  if (!word) return [];
  const name = word[0]!.toUpperCase() + word.slice(1);
  return [
    {
      url: `https://www.${word}.example/`,
      title: `${name} — Home`,
      snippet: `${name} is a company. This page is about ${name}.`,
    },
    {
      url: `https://news.example.org/${word}`,
      title: `News about ${name}`,
      snippet: `The latest on ${name}.`,
    },
    {
      url: `https://wiki.example.org/wiki/${name}`,
      title: `${name} - Wiki`,
      snippet: `${name} may refer to several things.`,
    },
  ];
}

type Scripted =
  { type: 'fail'; status: number } | { type: 'html' } | { type: 'garbage'; body: string };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c] ?? c,
  );

/** A Brave description: the text as HTML, the query's words in <strong> as Brave marks them. */
function braveDescription(snippet: string, query: string): string {
  const words = (query.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) =>
    w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  const html = escapeHtml(snippet);
  if (!words.length) return html;
  return html.replace(
    new RegExp(`(?<![\\p{L}\\p{N}])(${words.join('|')})(?![\\p{L}\\p{N}])`, 'giu'),
    '<strong>$1</strong>',
  );
}

const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).hostname : '');

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function braveError(
  res: ServerResponse,
  status: number,
  code: string,
  detail: string,
  meta = {},
): void {
  sendJson(res, status, {
    type: 'ErrorResponse',
    error: { id: randomUUID(), status, code, detail, meta },
    time: Math.floor(Date.now() / 1000),
  });
}

const tavilyError = (res: ServerResponse, status: number, error: string) =>
  sendJson(res, status, { detail: { error } });

/** A scripted status, as each engine words it. */
function answerFailure(res: ServerResponse, engine: FakeEngineKind, status: number): void {
  if (engine === 'brave') {
    if (status === 401 || status === 422)
      return braveError(
        res,
        422,
        'SUBSCRIPTION_TOKEN_INVALID',
        'The provided subscription token is invalid.',
        {
          component: 'authentication',
        },
      );
    if (status === 429)
      return braveError(res, 429, 'RATE_LIMITED', 'Request rate limit exceeded for plan.', {
        component: 'rate_limiter',
      });
    return braveError(res, status, 'SERVER_ERROR', 'Something went wrong.');
  }
  if (engine === 'tavily') {
    const words: Record<number, string> = {
      401: 'Unauthorized: missing or invalid API key.',
      429: 'Your request has been blocked due to excessive requests. Please reduce rate of requests.',
      432: "This request exceeds your plan's set usage limit. Please upgrade your plan or contact support@tavily.com",
      433: 'This request exceeds the pay-as-you-go limit. You can increase your limit on the Tavily dashboard.',
    };
    return tavilyError(res, status, words[status] ?? 'Internal Server Error');
  }
  // SearXNG (Flask behind uWSGI) words its errors as short text.
  const text: Record<number, string> = { 403: 'Forbidden', 429: 'Too Many Requests' };
  res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    .end(text[status] ?? 'Internal Server Error');
}

const HTML_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>SearXNG</title></head>' +
  '<body><form id="search" action="/search" method="POST"><input name="q"></form></body></html>';

function searxngAnswer(res: ServerResponse, query: string, results: FakeWebResult[]): void {
  sendJson(res, 200, {
    query,
    number_of_results: 0,
    results: results.map((r, i) => ({
      url: r.url,
      title: r.title,
      content: r.snippet,
      thumbnail: '',
      engine: 'duckduckgo',
      template: 'default.html',
      parsed_url: URL.canParse(r.url)
        ? [
            new URL(r.url).protocol.replace(':', ''),
            hostOf(r.url),
            new URL(r.url).pathname,
            '',
            '',
            '',
          ]
        : [],
      engines: ['duckduckgo', 'brave'],
      positions: [i + 1],
      score: 2 / (i + 1),
      category: 'general',
      publishedDate: null,
    })),
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [],
    unresponsive_engines: [],
  });
}

function braveAnswer(res: ServerResponse, query: string, results: FakeWebResult[]): void {
  const web = results.map((r) => ({
    type: 'search_result',
    title: r.title,
    url: r.url,
    description: braveDescription(r.snippet, query),
    is_source_local: false,
    is_source_both: false,
    language: 'en',
    family_friendly: true,
    profile: { name: hostOf(r.url), url: r.url, long_name: hostOf(r.url), img: '' },
    meta_url: {
      scheme: 'https',
      netloc: hostOf(r.url),
      hostname: hostOf(r.url),
      favicon: '',
      path: '',
    },
  }));
  sendJson(res, 200, {
    type: 'search',
    query: {
      original: query,
      show_strict_warning: false,
      is_navigational: false,
      more_results_available: false,
    },
    mixed: {
      type: 'mixed',
      main: web.map((_, index) => ({ type: 'web', index, all: false })),
      top: [],
      side: [],
    },
    // Brave leaves `web` out when nothing matched.
    ...(web.length ? { web: { type: 'search', results: web, family_friendly: true } } : {}),
  });
}

function tavilyAnswer(res: ServerResponse, query: string, results: FakeWebResult[]): void {
  sendJson(res, 200, {
    query,
    follow_up_questions: null,
    answer: null,
    images: [],
    results: results.map((r, i) => ({
      title: r.title,
      url: r.url,
      content: r.snippet,
      score: Math.round((0.9 - i * 0.05) * 1000) / 1000,
      raw_content: null,
    })),
    response_time: 0.42,
    request_id: randomUUID(),
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return raw;
}

const headersOf = (req: IncomingMessage): Record<string, string | undefined> =>
  Object.fromEntries(
    Object.entries(req.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : value,
    ]),
  );

/** Starts the fake on 127.0.0.1, any free port; `results` decides what a query finds. */
export async function startFakeSearchEngine(
  options: { results?: (query: string) => FakeWebResult[] } = {},
): Promise<FakeSearchEngine> {
  const find = options.results ?? defaultResults;
  const requests: FakeSearchRequest[] = [];
  const scripted: Scripted[] = [];
  const delays: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    let engine: FakeEngineKind;
    let query: string;
    let body: unknown;
    if (url.pathname === '/search' && req.method === 'GET') {
      engine = 'searxng';
      query = url.searchParams.get('q') ?? '';
    } else if (url.pathname === '/res/v1/web/search' && req.method === 'GET') {
      engine = 'brave';
      query = url.searchParams.get('q') ?? '';
    } else if (url.pathname === '/search' && req.method === 'POST') {
      engine = 'tavily';
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      const q = (body as { query?: unknown } | null)?.query;
      query = typeof q === 'string' ? q : '';
    } else {
      return sendJson(res, 404, { error: 'Not Found' });
    }
    requests.push({
      engine,
      query,
      headers: headersOf(req),
      params: Object.fromEntries(url.searchParams),
      ...(body === undefined ? {} : { body }),
    });

    const delay = delays.shift();
    if (delay) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, delay);
        timers.add(timer);
      });
      if (res.destroyed) return;
    }

    const next = scripted.shift();
    if (next?.type === 'fail') return answerFailure(res, engine, next.status);
    if (next?.type === 'html')
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HTML_PAGE);
    if (next?.type === 'garbage')
      return res.writeHead(200, { 'content-type': 'application/json' }).end(next.body);

    if (engine === 'searxng') {
      const format = url.searchParams.get('format');
      // Without a format SearXNG answers its HTML page; json is the one other format enabled here.
      if (!format || format === 'html')
        return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HTML_PAGE);
      if (format !== 'json') return answerFailure(res, engine, 403);
      return searxngAnswer(res, query, find(query));
    }

    if (engine === 'brave') {
      const token = req.headers['x-subscription-token'];
      if (typeof token !== 'string' || !token)
        return braveError(res, 422, 'VALIDATION', 'Unable to validate request parameter(s)', {
          errors: [
            { type: 'missing', loc: ['header', 'x-subscription-token'], msg: 'Field required' },
          ],
        });
      if (token !== BRAVE_TEST_KEY)
        return braveError(
          res,
          422,
          'SUBSCRIPTION_TOKEN_INVALID',
          'The provided subscription token is invalid.',
          {
            component: 'authentication',
          },
        );
      const countParam = url.searchParams.get('count');
      const count = countParam === null ? 20 : Number(countParam);
      const words = query.trim().split(/\s+/).filter(Boolean);
      if (
        !words.length ||
        query.length > 400 ||
        words.length > 50 ||
        !Number.isInteger(count) ||
        count < 1 ||
        count > 20
      )
        return braveError(res, 422, 'VALIDATION', 'Unable to validate request parameter(s)');
      return braveAnswer(res, query, find(query).slice(0, count));
    }

    if (req.headers.authorization !== `Bearer ${TAVILY_TEST_KEY}`)
      return tavilyError(res, 401, 'Unauthorized: missing or invalid API key.');
    const { max_results: max = 5, search_depth: depth = 'basic' } = (body ?? {}) as {
      max_results?: unknown;
      search_depth?: unknown;
    };
    if (!query.trim()) return tavilyError(res, 400, 'Query is missing.');
    if (typeof max !== 'number' || !Number.isInteger(max) || max < 0 || max > 20)
      return tavilyError(res, 400, 'max_results must be between 0 and 20.');
    if (!['basic', 'advanced', 'fast', 'ultra-fast'].includes(String(depth)))
      return tavilyError(res, 400, 'Invalid search depth.');
    return tavilyAnswer(res, query, find(query).slice(0, max));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(error instanceof Error ? error.message : String(error));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) scripted.push({ type: 'fail', status });
    },
    delayNext(ms) {
      delays.push(ms);
    },
    htmlNext() {
      scripted.push({ type: 'html' });
    },
    garbageNext(body = '{"results": [{"url": "https://www.acme.example/", "title": ') {
      scripted.push({ type: 'garbage', body });
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
