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

  async token(): Promise<string> {
    if (!this.csrfToken) this.csrfToken = (await this.request<{ csrfToken: string }>('GET', '/api/csrf-token')).body.csrfToken;
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

  async request<T>(method: string, path: string, body?: unknown, opts: RequestOpts = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...opts.headers };
    // Fetch the token first: it sets the session cookie this request must carry.
    if (method !== 'GET' && opts.csrf !== false) headers[CSRF_HEADER] = await this.token();
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (opts.origin) headers.origin = opts.origin;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
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
