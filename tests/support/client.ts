import { randomInt } from 'node:crypto';
import { CSRF_HEADER } from '../../domain/contract/errors';

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A fresh documentation-range IP (RFC 5737) per client, so per-IP limits are per test. */
function randomIp(): string {
  return `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/**
 * A browser-like HTTP client for API tests: keeps cookies, fetches and sends the CSRF token, and
 * comes from its own IP. `csrf: false` or `origin` on a request imitate what an attacker sends.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  private csrfToken: string | undefined;

  constructor(
    readonly baseUrl: string,
    readonly ip = randomIp(),
  ) {}

  /** The same browser reaching another instance of the app (behind a load balancer): same cookies, same IP. */
  at(baseUrl: string): TestClient {
    const other = new TestClient(baseUrl, this.ip);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  async token(): Promise<string> {
    if (!this.csrfToken)
      this.csrfToken = (
        await this.request<{ csrfToken: string }>('GET', '/api/csrf-token')
      ).body.csrfToken;
    return this.csrfToken;
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown, opts?: RequestOpts) {
    return this.request<T>('POST', path, body, opts);
  }
  put<T = any>(path: string, body?: unknown, opts?: RequestOpts) {
    return this.request<T>('PUT', path, body, opts);
  }
  patch<T = any>(path: string, body?: unknown, opts?: RequestOpts) {
    return this.request<T>('PATCH', path, body, opts);
  }
  delete<T = any>(path: string, opts?: RequestOpts) {
    return this.request<T>('DELETE', path, undefined, opts);
  }

  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    opts: RequestOpts = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...opts.headers };
    // Fetch the token first: it sets the session cookie this request must carry.
    if (method !== 'GET' && opts.csrf !== false) headers[CSRF_HEADER] = await this.token();
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (opts.origin) headers.origin = opts.origin;
    // Bytes (an uploaded file) go as they are, with the type the test names; anything else as JSON.
    const bytes = body instanceof Uint8Array;
    if (body !== undefined)
      headers['content-type'] ??= bytes ? 'application/octet-stream' : 'application/json';
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body:
        body === undefined
          ? undefined
          : bytes || typeof body === 'string'
            ? (body as BodyInit)
            : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    // Logging in or out (registering, a passkey, a new password sign in anew) changes which secret
    // signs CSRF tokens; the web client refetches its token when the old one is refused.
    if (
      res.ok &&
      (path === '/api/auth/login' ||
        path === '/api/auth/register' ||
        path === '/api/auth/logout' ||
        path === '/api/auth/passkey' ||
        path === '/api/account/password')
    )
      this.csrfToken = undefined;
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }
}

export interface RequestOpts {
  csrf?: false;
  origin?: string;
  headers?: Record<string, string>;
}

export interface StreamEvent {
  event: string;
  data: any;
}

/** Parse a Server-Sent Events body into its events. */
export function parseEvents(text: string): StreamEvent[] {
  return text
    .split('\n\n')
    .map((block) => {
      const event = block.match(/^event: (.*)$/m)?.[1];
      const data = block.match(/^data: (.*)$/m)?.[1];
      return event && data ? { event, data: JSON.parse(data) } : undefined;
    })
    .filter((e): e is StreamEvent => e !== undefined);
}

/**
 * POST and read the reply as SSE. `until(events)` may end the read early by returning true: the
 * client then drops the connection, as a phone losing signal would.
 */
export async function postStream(
  client: TestClient,
  path: string,
  body: unknown,
  until?: (events: StreamEvent[]) => boolean,
): Promise<{ status: number; events: StreamEvent[]; text: string }> {
  const controller = new AbortController();
  const headers: Record<string, string> = {
    'x-forwarded-for': client.ip,
    'content-type': 'application/json',
    accept: 'text/event-stream',
    [CSRF_HEADER]: await client.token(),
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
  const res = await fetch(client.baseUrl + path, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  if (!res.headers.get('content-type')?.includes('text/event-stream')) {
    const text = await res.text();
    return { status: res.status, events: [], text };
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (until?.(parseEvents(text))) {
        controller.abort();
        break;
      }
    }
  } catch (err) {
    if (!controller.signal.aborted) throw err;
  }
  return { status: res.status, events: parseEvents(text), text };
}
