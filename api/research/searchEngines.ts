/**
 * Web search through the engine the operator configured: a SearXNG instance (often self-hosted on
 * a private network), the Brave Search API or Tavily. Each answers a query with a few results
 * (address, title, snippet) that research then reads and cites. The operator chose the address,
 * so it does not pass the guard on user-given URLs; the key never goes into a message or a log.
 *
 * What each API's public documentation says (read late 2026), and what this follows:
 * - SearXNG (docs.searxng.org, "Search API"): `GET /search?q=…&format=json`. JSON is off by default;
 *   an instance that has not listed `json` under `search.formats` in settings.yml answers 403.
 *   Results are `results[]` of `{url, title, content}`; there is no count parameter (a page is
 *   about 10 to 20 results). Its bot limiter (`server.limiter`) answers programs with 429.
 * - Brave Search API (api-dashboard.search.brave.com, web/search): `GET /res/v1/web/search?q=…&count=N`
 *   with `X-Subscription-Token` and `Accept: application/json`; `count` is 1 to 20, `q` at most 400
 *   characters and 50 words. The answer is `{type: "search", web?: {results: [{url, title,
 *   description}]}}`; `web` is left out when nothing matched. Descriptions carry HTML (`<strong>`
 *   around the query's words, entities such as `&#x27;`). A wrong key is NOT a 401: Brave answers
 *   422 with `{type: "ErrorResponse", error: {code: "SUBSCRIPTION_TOKEN_INVALID", …}}`, and 429
 *   with `error.code` RATE_LIMITED (per second) or QUOTA_LIMITED (the plan's month).
 * - Tavily (docs.tavily.com, POST /search and its errors page): JSON `{query, max_results,
 *   search_depth}` with `Authorization: Bearer <key>`; `max_results` is 0 to 20, `basic` costs one
 *   credit. The answer is `{results: [{url, title, content, score}]}`. A wrong key is 401; 429 is
 *   the rate limit; 432 and 433 mean the plan's or the pay-as-you-go limit is used up.
 */
import { connectionDetail, readCapped, TooLarge } from '../net/answerText';
import { parseHTML } from 'linkedom';
import type { SearchEngineKind } from '../../domain/contract/webSearch';

/** 'searxng' | 'brave' | 'tavily', as the settings screen offers them. */
export type { SearchEngineKind };

export interface SearchEngineSettings {
  kind: SearchEngineKind;
  /**
   * SearXNG: the instance's URL (required). Brave/Tavily: an override of the API's URL (a proxy or
   * a test fake), null for the public API. Either way the root, without the endpoint's path:
   * `https://searx.example.org/` (or `…/searx/`), `https://api.search.brave.com`.
   */
  baseUrl: string | null;
  apiKey: string | null;
}

export interface WebResult {
  url: string;
  title: string;
  snippet: string;
}

/**
 * Why a search failed, as the caller acts on it:
 * - unavailable: no answer, a timeout, a 5xx or a rate limit (try again later);
 * - refused: the engine refuses the key or the plan is used up (the operator must act);
 * - bad-answer: it answered, but not with results we can read (wrong address, JSON off, a page).
 */
export class SearchEngineError extends Error {
  override name = 'SearchEngineError';
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'refused' | 'bad-answer',
    readonly status?: number,
  ) {
    super(message);
  }
}

export const TITLE_MAX_CHARS = 300;
export const SNIPPET_MAX_CHARS = 500;
/** Brave's `count` and Tavily's `max_results` stop at 20. */
const MAX_PER_REQUEST = 20;
/** Brave's limits on `q`; Tavily asks for queries under 400 characters too. */
const QUERY_MAX_CHARS = 400;
const QUERY_MAX_WORDS = 50;
/** Twenty results with their metadata are some tens of KiB; far more is not a list of results. */
const MAX_ANSWER_BYTES = 2_000_000;

const PUBLIC_URLS: Record<'brave' | 'tavily', string> = {
  brave: 'https://api.search.brave.com',
  tavily: 'https://api.tavily.com',
};

const LABELS: Record<SearchEngineKind, string> = {
  searxng: 'The SearXNG instance',
  brave: 'Brave Search',
  tavily: 'Tavily',
};

const JSON_OFF_MESSAGE =
  'The SearXNG instance does not answer in JSON: enable the json format in its settings.yml (search.formats).';

/** Searches with the configured engine: at most `limit` results, http(s) pages only, each once. */
export async function searchWeb(
  engine: SearchEngineSettings,
  query: string,
  options: { limit: number; timeoutMs: number; signal?: AbortSignal },
): Promise<WebResult[]> {
  const q = cutQuery(query);
  const limit = Math.max(0, Math.floor(options.limit));
  if (!q || limit === 0) return [];
  // Twice as many as needed, as some are dropped (duplicates, non-web addresses): Brave and Tavily
  // charge by the request, not by the result.
  const request = buildRequest(engine, q, Math.min(MAX_PER_REQUEST, limit * 2));
  const text = await send(engine.kind, request, options);
  const found = parseAnswer(engine.kind, text.body, text.contentType);
  return cleanResults(found, limit, engine.kind === 'brave');
}

interface EngineRequest {
  url: URL;
  init: RequestInit & { headers: Record<string, string> };
}

function buildRequest(engine: SearchEngineSettings, q: string, count: number): EngineRequest {
  const label = LABELS[engine.kind];
  const base =
    engine.baseUrl?.trim() || (engine.kind === 'searxng' ? '' : PUBLIC_URLS[engine.kind]);
  if (!base) throw new SearchEngineError(`${label} has no address configured.`, 'bad-answer');
  if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol))
    throw new SearchEngineError(`${label}'s address is not an http(s) URL.`, 'bad-answer');
  const headers: Record<string, string> = { accept: 'application/json' };
  const key = engine.apiKey?.trim() || null;

  if (engine.kind === 'searxng') {
    const url = endpoint(base, 'search');
    url.search = new URLSearchParams({ q, format: 'json' }).toString();
    // SearXNG has no keys of its own; an instance behind a proxy may want a token or a password.
    if (key) headers.authorization = `Bearer ${key}`;
    moveCredentials(url, headers);
    return { url, init: { method: 'GET', headers } };
  }

  if (!key) throw new SearchEngineError(`${label} needs an API key.`, 'refused');
  if (engine.kind === 'brave') {
    const url = endpoint(base, 'res/v1/web/search');
    url.search = new URLSearchParams({ q, count: String(count) }).toString();
    headers['x-subscription-token'] = key;
    return { url, init: { method: 'GET', headers } };
  }
  headers.authorization = `Bearer ${key}`;
  headers['content-type'] = 'application/json';
  return {
    url: endpoint(base, 'search'),
    init: {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: q, max_results: count, search_depth: 'basic' }),
    },
  };
}

/** `path` under the root `base`, whether or not the root ends with a slash. */
function endpoint(base: string, path: string): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path}`;
  url.search = '';
  url.hash = '';
  return url;
}

/** fetch refuses a URL with a user and password in it: they travel as Basic credentials instead. */
function moveCredentials(url: URL, headers: Record<string, string>): void {
  if (!url.username && !url.password) return;
  const pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  headers.authorization ??= `Basic ${Buffer.from(pair).toString('base64')}`;
  url.username = '';
  url.password = '';
}

/** The query as the engines take it: one line, at most 400 characters and 50 words. */
function cutQuery(query: string): string {
  const words = query.replace(/\s+/g, ' ').trim().split(' ').slice(0, QUERY_MAX_WORDS);
  let q = words.join(' ');
  if (q.length > QUERY_MAX_CHARS) q = q.slice(0, QUERY_MAX_CHARS).replace(/\s+\S*$/, '');
  return q;
}

/** Sends the request under the time limit and answers the body, or throws what went wrong. */
async function send(
  kind: SearchEngineKind,
  request: EngineRequest,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<{ body: string; contentType: string }> {
  const label = LABELS[kind];
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  // The caller gave up (the rep left): theirs to handle, not a failure of the engine.
  const stopped = () => options.signal?.aborted && !timeout.aborted;
  const noAnswer = (err: unknown) => {
    if (stopped()) throw options.signal!.reason;
    if (timeout.aborted)
      throw new SearchEngineError(
        `${label} did not answer within ${seconds(options.timeoutMs)}.`,
        'unavailable',
      );
    throw new SearchEngineError(
      `${label} could not be reached (${connectionDetail(err)}).`,
      'unavailable',
    );
  };

  let response: Response;
  try {
    // A redirect is not followed: the key must not go wherever it points.
    response = await fetch(request.url, { ...request.init, redirect: 'manual', signal });
  } catch (err) {
    return noAnswer(err);
  }
  let body: string;
  try {
    body = await readCapped(response, MAX_ANSWER_BYTES);
  } catch (err) {
    if (!(err instanceof TooLarge)) return noAnswer(err);
    // A failure's body only words the error; a success this large is no page of results.
    if (response.ok)
      throw new SearchEngineError(
        `${label} answered far more than a page of results.`,
        'bad-answer',
      );
    body = '';
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (!response.ok) throw failure(kind, response, body, contentType);
  return { body, contentType };
}

/** The error for a non-2xx answer, in words the operator can act on. */
function failure(
  kind: SearchEngineKind,
  response: Response,
  body: string,
  contentType: string,
): SearchEngineError {
  const label = LABELS[kind];
  const { status } = response;
  const code = kind === 'brave' ? braveErrorCode(body) : undefined;

  if (status >= 300 && status < 400) {
    const to = response.headers.get('location');
    const where =
      to && URL.canParse(to, response.url) ? ` to ${new URL(to, response.url).origin}` : '';
    return new SearchEngineError(
      `${label} answered with a redirect${where}: configure the address it redirects to.`,
      'bad-answer',
      status,
    );
  }
  if (kind === 'searxng' && status === 403)
    return new SearchEngineError(JSON_OFF_MESSAGE, 'refused', status);
  if (status === 401 || status === 403 || code === 'SUBSCRIPTION_TOKEN_INVALID')
    return new SearchEngineError(
      `${label} refused the API key: check that it is the right one and still active.`,
      'refused',
      status,
    );
  if (status === 429) {
    if (code === 'QUOTA_LIMITED')
      return new SearchEngineError(
        `${label}'s monthly quota is used up: raise the plan's limit or wait for the next month.`,
        'unavailable',
        status,
      );
    if (kind === 'searxng')
      return new SearchEngineError(
        `${label} is rate limiting this server (its bot limiter): turn server.limiter off in its settings.yml or let this server's address through.`,
        'unavailable',
        status,
      );
    return new SearchEngineError(
      `${label}'s rate limit was reached: try again in a moment.`,
      'unavailable',
      status,
    );
  }
  if (kind === 'tavily' && (status === 432 || status === 433))
    return new SearchEngineError(
      `${label}'s usage limit is used up: raise it on the Tavily dashboard.`,
      'refused',
      status,
    );
  if (status >= 500)
    return new SearchEngineError(
      `${label} failed (HTTP ${status}): try again later.`,
      'unavailable',
      status,
    );
  if (kind === 'searxng' && looksLikeHtml(body, contentType))
    return new SearchEngineError(JSON_OFF_MESSAGE, 'bad-answer', status);
  const advice = status === 404 || status === 405 ? ': check its address' : '';
  return new SearchEngineError(
    `${label} did not take the request (HTTP ${status})${advice}.`,
    'bad-answer',
    status,
  );
}

/**
 * The code of a Brave error answer. Brave's live answers hold one `error` object; its reference
 * shows an `errors` list in the examples, so both are read.
 */
function braveErrorCode(body: string): string | undefined {
  const parsed = parseJson(body) as
    { error?: { code?: unknown }; errors?: Array<{ code?: unknown }> } | undefined;
  const code = parsed?.error?.code ?? parsed?.errors?.[0]?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The results as the engine listed them, before cleaning; throws when the answer is no list. */
function parseAnswer(kind: SearchEngineKind, body: string, contentType: string): WebResult[] {
  const label = LABELS[kind];
  const parsed = parseJson(body);
  if (parsed === undefined) {
    if (kind === 'searxng' && looksLikeHtml(body, contentType))
      throw new SearchEngineError(JSON_OFF_MESSAGE, 'bad-answer');
    throw new SearchEngineError(`${label} did not answer in JSON.`, 'bad-answer');
  }
  const shapeError = () =>
    new SearchEngineError(`${label} answered JSON that holds no list of results.`, 'bad-answer');
  if (!isObject(parsed)) throw shapeError();

  if (kind === 'brave') {
    if (parsed.type !== 'search') throw shapeError();
    // Brave leaves `web` out when nothing matched.
    if (parsed.web === undefined) return [];
    if (!isObject(parsed.web) || !Array.isArray(parsed.web.results)) throw shapeError();
    return parsed.web.results.map((r) => pick(r, 'description'));
  }
  if (!Array.isArray(parsed.results)) throw shapeError();
  return parsed.results.map((r) => pick(r, 'content'));
}

/** url, title and snippet of one listed result ('' where a field is not text). */
function pick(result: unknown, snippetField: string): WebResult {
  if (!isObject(result)) return { url: '', title: '', snippet: '' };
  return {
    url: stringOr(result.url),
    title: stringOr(result.title),
    snippet: stringOr(result[snippetField]),
  };
}

/** `limit` results: http(s) pages only, each once (whatever its #fragment), texts plain and cut. */
function cleanResults(found: WebResult[], limit: number, html: boolean): WebResult[] {
  const seen = new Set<string>();
  const kept: WebResult[] = [];
  for (const result of found) {
    if (kept.length >= limit) break;
    if (!URL.canParse(result.url)) continue;
    const url = new URL(result.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    const key = url.href.replace(/#.*$/, '');
    if (seen.has(key)) continue;
    seen.add(key);
    const plain = html ? htmlToText : oneLine;
    kept.push({
      url: url.href,
      title: cut(plain(result.title), TITLE_MAX_CHARS) || url.hostname,
      snippet: cut(plain(result.snippet), SNIPPET_MAX_CHARS),
    });
  }
  return kept;
}

const stringOr = (value: unknown) => (typeof value === 'string' ? value : '');

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Text of an HTML fragment: tags dropped, entities decoded (`&#x27;` → '). */
function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return oneLine(html);
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  return oneLine(document.body.textContent ?? '');
}

/** At most `max` characters, cut at a word where one is near, with an ellipsis. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const atWord = head.replace(/\s+\S*$/, '');
  return `${atWord.length > max * 0.8 ? atWord : head}…`;
}

function looksLikeHtml(body: string, contentType: string): boolean {
  return /html/i.test(contentType) || /^\s*</.test(body);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const seconds = (ms: number) => {
  const s = Math.round(ms / 100) / 10;
  return `${s} ${s === 1 ? 'second' : 'seconds'}`;
};
