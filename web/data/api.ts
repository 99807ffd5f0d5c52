/**
 * The one HTTP client. Every call sends cookies and JSON (a file's bytes: `putFile`); every mutation
 * carries the CSRF token.
 * Failed calls become typed errors whose messages are written for the user, so screens can
 * show `error.message` as is.
 */
import { CSRF_HEADER, ErrorCode } from '../../domain/contract/errors';
import type { ApiErrorBody } from '../../domain/contract/errors';
import { EXPECTED_USER_HEADER, SESSION_MISMATCH } from '../../domain/contract/session';
import { SNAPSHOT_HEADER, UNREACHABLE_HEADER } from './swShared';

export const NETWORK_ERROR_MESSAGE =
  'Network error: Cannot connect to server. Please check your connection.';

/** A call that reached the server and failed. `data` is the parsed body, `status` the HTTP status. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly data: unknown;
  /** The server's machine-readable code, when it sent one. */
  readonly code: string | undefined;

  constructor(message: string, status: number, data: unknown) {
    super(message);
    this.status = status;
    this.data = data;
    this.code = isErrorBody(data) ? data.code : undefined;
  }
}

/** 401: no session, or it expired. */
export class UnauthorizedError extends ApiError {
  override name = 'UnauthorizedError';
}

/** 429: too many attempts; the message says when to try again. */
export class RateLimitedError extends ApiError {
  override name = 'RateLimitedError';
  /** The server's Retry-After in milliseconds, when it sent one in seconds. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, status: number, data: unknown, retryAfterMs?: number) {
    super(message, status, data);
    this.retryAfterMs = retryAfterMs;
  }
}

/** Retry-After in seconds (the only form our server sends), as milliseconds; undefined otherwise. */
function retryAfterMsOf(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after')?.trim();
  if (!value || !/^\d+$/.test(value)) return undefined;
  return Number(value) * 1000;
}

/**
 * 409 session_mismatch: the call named the user it is for (`asUser`), and the browser's session is
 * now someone else's (another account signed in on this device). Nothing was done; it can go once
 * that user signs in again.
 */
export class SessionMismatchError extends ApiError {
  override name = 'SessionMismatchError';
}

/** The server could not be reached at all (offline, DNS, refused). */
export class OfflineError extends Error {
  override name = 'NetworkError';
  constructor(cause?: unknown) {
    super(NETWORK_ERROR_MESSAGE, { cause });
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClientOptions {
  /** Prefix for every path; '' (same origin) in the app, a loopback origin in tests. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export interface QueryOptions {
  /** 'returnNull' turns a 401 into `null` (e.g. "who am I" while logged out); 'throw' is the default. */
  on401?: 'returnNull' | 'throw';
  signal?: AbortSignal;
}

function isErrorBody(data: unknown): data is ApiErrorBody {
  return (
    typeof data === 'object' && data !== null && typeof (data as ApiErrorBody).message === 'string'
  );
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFor(status: number, message: string, data: unknown, headers?: Headers): ApiError {
  if (status === 401) return new UnauthorizedError(message, status, data);
  if (status === 429) return new RateLimitedError(message, status, data, retryAfterMsOf(headers));
  if (status === 409 && isErrorBody(data) && data.code === SESSION_MISMATCH)
    return new SessionMismatchError(message, status, data);
  return new ApiError(message, status, data);
}

/** A failed call's error: the server's message, else 'Request failed with status {code}'. */
function failedCall(status: number, data: unknown, headers?: Headers): ApiError {
  return errorFor(
    status,
    isErrorBody(data) ? data.message : `Request failed with status ${status}`,
    data,
    headers,
  );
}

function eventStreamHeaders(csrfToken: string, asUser?: number): Record<string, string> {
  return { [CSRF_HEADER]: csrfToken, Accept: 'text/event-stream', ...userHeader(asUser) };
}

/**
 * Names the user a call is made for: the server then refuses it (SessionMismatchError) when the
 * browser's session belongs to someone else. Every call made for one user's local database (the
 * outbox, the pulls) names its owner, so one account's work never goes out with another's cookie.
 */
function userHeader(asUser: number | undefined): Record<string, string> {
  return asUser === undefined ? {} : { [EXPECTED_USER_HEADER]: String(asUser) };
}

/** Builds a client; the app uses the shared `api` below, tests build one pointed at a loopback server. */
export function createApiClient({
  baseUrl = '',
  fetch: fetchImpl = (...args) => fetch(...args),
}: ApiClientOptions = {}) {
  let csrfToken: Promise<string> | null = null;

  async function send(
    method: Method,
    path: string,
    body: unknown,
    headers: Record<string, string>,
    signal?: AbortSignal,
  ) {
    // A Blob is a file's bytes (putFile), sent as they are; anything else is JSON.
    const bytes = typeof Blob !== 'undefined' && body instanceof Blob ? body : undefined;
    let res: Response;
    try {
      res = await fetchImpl(baseUrl + path, {
        method,
        credentials: 'include',
        headers: {
          Accept: 'application/json',
          ...(body === undefined
            ? {}
            : {
                'Content-Type': bytes
                  ? bytes.type || 'application/octet-stream'
                  : 'application/json',
              }),
          ...headers,
        },
        body: bytes ?? (body === undefined ? undefined : JSON.stringify(body)),
        signal,
      });
    } catch (error) {
      // An abort is the caller's choice, not a connection failure.
      if (signal?.aborted) throw error;
      throw new OfflineError(error);
    }
    // The service worker reached neither the server nor its cache: no network, as without a worker.
    if (res.headers.get(UNREACHABLE_HEADER)) throw new OfflineError();
    return res;
  }

  /** The CSRF token, fetched once and cached. */
  function getCsrfToken(): Promise<string> {
    csrfToken ??= (async () => {
      const res = await send('GET', '/api/csrf-token', undefined, {});
      const data = await readBody(res);
      if (!res.ok)
        throw errorFor(
          res.status,
          isErrorBody(data) ? data.message : `Request failed with status ${res.status}`,
          data,
        );
      return (data as { csrfToken: string }).csrfToken;
    })();
    // A failed fetch must not poison the cache.
    csrfToken.catch(() => {
      csrfToken = null;
    });
    return csrfToken;
  }

  /** Forget the cached token, e.g. after the session changed. */
  function resetCsrfToken(): void {
    csrfToken = null;
  }

  async function request<T>(
    method: Method,
    path: string,
    body?: unknown,
    signal?: AbortSignal,
    asUser?: number,
  ): Promise<T> {
    return (await exchange<T>(method, path, body, signal, asUser)).data;
  }

  async function exchange<T>(
    method: Method,
    path: string,
    body?: unknown,
    signal?: AbortSignal,
    asUser?: number,
    headers: Record<string, string> = {},
  ): Promise<{ data: T; res: Response }> {
    const isMutation = method !== 'GET';
    let res = await send(
      method,
      path,
      body,
      {
        ...headers,
        ...(isMutation ? { [CSRF_HEADER]: await getCsrfToken() } : {}),
        ...userHeader(asUser),
      },
      signal,
    );
    let data = await readBody(res);
    if (isMutation && res.status === 403 && isErrorBody(data) && data.code === ErrorCode.csrf) {
      // The session (and with it the CSRF secret) may have rotated since we cached the token: refetch once.
      resetCsrfToken();
      res = await send(
        method,
        path,
        body,
        { ...headers, [CSRF_HEADER]: await getCsrfToken(), ...userHeader(asUser) },
        signal,
      );
      data = await readBody(res);
    }
    if (!res.ok) {
      throw errorFor(
        res.status,
        isErrorBody(data) ? data.message : `Request failed with status ${res.status}`,
        data,
        res.headers,
      );
    }
    return { data: data as T, res };
  }

  /**
   * GET `path` as `get` does, plus `cachedAt`: when the answer came from the service worker's cache
   * (offline reading, web/sw.ts), the time its request was made; null for a fresh answer. `asUser`
   * names the user whose data this is (see userHeader).
   */
  async function getSnapshot<T>(
    path: string,
    signal?: AbortSignal,
    asUser?: number,
  ): Promise<{ data: T; cachedAt: number | null }> {
    const { data, res } = await exchange<T>('GET', path, undefined, signal, asUser);
    const cachedAt = Number(res.headers.get(SNAPSHOT_HEADER));
    return { data, cachedAt: Number.isFinite(cachedAt) && cachedAt > 0 ? cachedAt : null };
  }

  /**
   * The default query: GET `path`; a 401 is `null` when the caller asked for it, otherwise
   * 'Unauthorized access to {path}'; any other failure is 'Request to {path} failed: {status} {text}'.
   */
  async function query<T>(
    path: string,
    { on401 = 'throw', signal }: QueryOptions = {},
  ): Promise<T | null> {
    const res = await send('GET', path, undefined, {}, signal);
    const data = await readBody(res);
    if (res.status === 401) {
      if (on401 === 'returnNull') return null;
      throw new UnauthorizedError(`Unauthorized access to ${path}`, res.status, data);
    }
    if (!res.ok) {
      const text = isErrorBody(data)
        ? data.message
        : typeof data === 'string' && data
          ? data
          : res.statusText;
      throw errorFor(
        res.status,
        `Request to ${path} failed: ${res.status} ${text}`.trimEnd(),
        data,
        res.headers,
      );
    }
    return data as T;
  }

  /**
   * POST `body` asking for Server-Sent Events; resolves with the open response once the server
   * accepted the call (read it with `readEventStream` from ./sse). A refusal (4xx/5xx before any
   * event) throws the same typed errors as `post`. Kept body-agnostic so the SSE reader stays out of
   * the entry chunk. `asUser` names the user the call is for (see userHeader).
   */
  async function stream(
    path: string,
    body: unknown,
    signal?: AbortSignal,
    asUser?: number,
  ): Promise<Response> {
    let res = await send(
      'POST',
      path,
      body,
      eventStreamHeaders(await getCsrfToken(), asUser),
      signal,
    );
    if (res.status === 403) {
      const data = await readBody(res);
      if (!(isErrorBody(data) && data.code === ErrorCode.csrf))
        throw failedCall(res.status, data, res.headers);
      // As in `request`: the CSRF secret may have rotated with the session; refetch once.
      resetCsrfToken();
      res = await send(
        'POST',
        path,
        body,
        eventStreamHeaders(await getCsrfToken(), asUser),
        signal,
      );
    }
    if (!res.ok) throw failedCall(res.status, await readBody(res), res.headers);
    return res;
  }

  return {
    query,
    stream,
    get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal),
    getSnapshot,
    /** `asUser` names the user whose queued work this is (see userHeader). */
    post: <T>(path: string, body?: unknown, asUser?: number) =>
      request<T>('POST', path, body, undefined, asUser),
    put: <T>(path: string, body?: unknown, asUser?: number) =>
      request<T>('PUT', path, body, undefined, asUser),
    patch: <T>(path: string, body?: unknown, asUser?: number) =>
      request<T>('PATCH', path, body, undefined, asUser),
    /** GET a file's bytes (an export made for the rep); `asUser` and errors as in `post`. */
    getFile: async (path: string, asUser?: number): Promise<Blob> => {
      const res = await send('GET', path, undefined, userHeader(asUser));
      if (!res.ok) throw failedCall(res.status, await readBody(res), res.headers);
      return res.blob();
    },
    /** `body`: what names the thing to delete when its path cannot (e.g. a push endpoint). */
    delete: <T>(path: string, asUser?: number, body?: unknown) =>
      request<T>('DELETE', path, body, undefined, asUser),
    /**
     * PUT `file`'s bytes as the body (its type as Content-Type), with `headers` (what a file's
     * address cannot carry, e.g. its name); CSRF, errors and `asUser` as in `put`.
     */
    putFile: async <T>(
      path: string,
      file: Blob,
      headers: Record<string, string>,
      asUser?: number,
    ): Promise<T> => (await exchange<T>('PUT', path, file, undefined, asUser, headers)).data,
    getCsrfToken,
    resetCsrfToken,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: same origin, cookies. */
export const api: ApiClient = createApiClient();

/** True for a failed call the server rejected on purpose (4xx): retrying will not help. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
