// What the CRM fakes (hubspot.ts, salesforce.ts) share: the consent page a user clicks through,
// the PKCE check, authorization codes, scripted faults, the loopback server, and the runner that
// puts a fake on a fixed port for e2e with test-only controls (the *-server.ts entries).
// Nothing here calls out: every server listens on 127.0.0.1 only.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Obj = Record<string, unknown>;

/** One request as a fake received it, for tests that count calls. */
export interface LoggedRequest {
  method: string;
  /** The path without the query string (v1 HubSpot puts tokens in paths; tests never log them). */
  path: string;
  at: Date;
}

export const randomToken = (bytes = 24): string => randomBytes(bytes).toString('base64url');
export const correlationId = (): string => randomUUID();

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

/**
 * The consent screen: what the user is connecting, what it may do, and two buttons that post the
 * choice (`decision=allow|deny`) back with the authorize request's own parameters, as hidden fields.
 */
export function consentHtml(opts: {
  title: string;
  heading: string;
  lines: string[];
  action: string;
  fields: Record<string, string>;
  allowLabel: string;
  denyLabel: string;
}): string {
  const hidden = Object.entries(opts.fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const items = opts.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('');
  return page(
    opts.title,
    `<main><h1>${escapeHtml(opts.heading)}</h1><ul>${items}</ul>` +
      `<form method="post" action="${escapeHtml(opts.action)}">${hidden}` +
      `<button type="submit" name="decision" value="allow">${escapeHtml(opts.allowLabel)}</button> ` +
      `<button type="submit" name="decision" value="deny">${escapeHtml(opts.denyLabel)}</button>` +
      `</form></main>`,
  );
}

export const errorHtml = (title: string, message: string): string =>
  page(title, `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main>`);

/** A whole-word, case-insensitive match of `value`, where `*` stands for any run of non-spaces. */
export function wordPattern(value: string): RegExp {
  const body = value
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\S*');
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'iu');
}

/** RFC 7636: the verifier's SHA-256, base64url without padding, is the challenge (or equal, for `plain`). */
export function pkceMatches(challenge: string, method: string, verifier: string): boolean {
  if (method === 'plain') return challenge === verifier;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}

/** What a consent granted, kept until the app trades its code for tokens. */
export interface AuthorizationCode {
  redirectUri: string;
  scopes: string[];
  challenge?: string;
  challengeMethod?: string;
  expiresAt: number;
}

/** Codes are single use: `redeem` removes the code whatever comes of it, as providers do. */
export class CodeBook {
  private readonly codes = new Map<string, AuthorizationCode>();
  constructor(private readonly ttlMs: number) {}

  issue(grant: Omit<AuthorizationCode, 'expiresAt'>): string {
    const code = randomToken(18);
    this.codes.set(code, { ...grant, expiresAt: Date.now() + this.ttlMs });
    return code;
  }

  redeem(code: string): AuthorizationCode | 'unknown' | 'expired' {
    const grant = this.codes.get(code);
    if (!grant) return 'unknown';
    this.codes.delete(code);
    return grant.expiresAt < Date.now() ? 'expired' : grant;
  }
}

/** A user's consent, as a refresh token: the access tokens made from it carry its scopes. */
export interface Grant {
  refreshToken: string;
  scopes: string[];
  revoked: boolean;
}

export interface AccessToken {
  token: string;
  grant: Grant;
  expiresAt: number;
  revoked: boolean;
}

/**
 * The tokens a fake has handed out, with the counts tests assert on. `check` says why a bearer
 * token fails, so each fake can word the failure as its provider does.
 */
export class TokenStore {
  readonly counts = { issued: 0, refreshed: 0, revoked: 0 };
  private readonly grants = new Map<string, Grant>();
  private readonly access = new Map<string, AccessToken>();

  constructor(
    private readonly accessTtlMs: number,
    private readonly mint: { access: () => string; refresh: () => string },
  ) {}

  /** A new consent: a refresh token and its first access token. */
  issue(scopes: string[]): AccessToken {
    const grant: Grant = { refreshToken: this.mint.refresh(), scopes, revoked: false };
    this.grants.set(grant.refreshToken, grant);
    this.counts.issued += 1;
    return this.newAccess(grant);
  }

  /** A fresh access token for a live refresh token, or undefined when it is unknown or revoked. */
  refresh(refreshToken: string): AccessToken | undefined {
    const grant = this.liveGrant(refreshToken);
    if (!grant) return undefined;
    this.counts.refreshed += 1;
    return this.newAccess(grant);
  }

  liveGrant(refreshToken: string): Grant | undefined {
    const grant = this.grants.get(refreshToken);
    return grant && !grant.revoked ? grant : undefined;
  }

  find(token: string | undefined): AccessToken | undefined {
    return token ? this.access.get(token) : undefined;
  }

  check(token: string | undefined): AccessToken | 'unknown' | 'revoked' | 'expired' {
    const found = this.find(token);
    if (!found) return 'unknown';
    if (found.revoked) return 'revoked';
    return found.expiresAt <= Date.now() ? 'expired' : found;
  }

  /** Revokes a refresh token; with `withAccess`, also every access token made from it. */
  revokeRefresh(refreshToken: string, withAccess: boolean): boolean {
    const grant = this.liveGrant(refreshToken);
    if (!grant) return false;
    grant.revoked = true;
    this.counts.revoked += 1;
    if (withAccess) for (const a of this.access.values()) if (a.grant === grant) a.revoked = true;
    return true;
  }

  revokeAccess(token: string): boolean {
    const found = this.check(token);
    if (typeof found === 'string') return false;
    found.revoked = true;
    this.counts.revoked += 1;
    return true;
  }

  /** Every access token so far is past its expiry (a minute ago); refresh tokens still work. */
  expireAll(): void {
    for (const a of this.access.values()) a.expiresAt = Math.min(a.expiresAt, Date.now() - 60_000);
  }

  /** Nothing issued so far works any more (the app was uninstalled, the user's access removed). */
  revokeAll(): void {
    for (const g of this.grants.values()) g.revoked = true;
    for (const a of this.access.values()) a.revoked = true;
  }

  private newAccess(grant: Grant): AccessToken {
    const token = this.mint.access();
    const made = { token, grant, expiresAt: Date.now() + this.accessTtlMs, revoked: false };
    this.access.set(token, made);
    return made;
  }
}

/** A scripted failure: answer `status` (with Retry-After when rate limiting) instead of the API. */
export interface Fault {
  status: number;
  retryAfterSeconds?: number;
  path: RegExp;
}

/**
 * Scripted faults, in order. Each applies to the next request whose path it matches (by default
 * the fake's data API, not its OAuth endpoints). `drops` counts the next record creations that
 * are stored but whose answer never comes: the socket is destroyed instead.
 */
export class Faults {
  private queue: Fault[] = [];
  private drops = 0;
  constructor(private readonly apiPath: RegExp) {}

  add(status: number, count: number, path: RegExp | undefined, retryAfterSeconds?: number): void {
    for (let i = 0; i < count; i++)
      this.queue.push({ status, path: path ?? this.apiPath, retryAfterSeconds });
  }

  take(path: string): Fault | undefined {
    const at = this.queue.findIndex((fault) => fault.path.test(path));
    return at < 0 ? undefined : this.queue.splice(at, 1)[0];
  }

  dropAfterWrite(count: number): void {
    this.drops += count;
  }

  /** True when this creation's answer is to be lost (the record is kept). */
  takeDrop(): boolean {
    if (this.drops <= 0) return false;
    this.drops -= 1;
    return true;
  }
}

export async function readBody(req: IncomingMessage): Promise<string> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return raw;
}

/** A form body as plain strings (the last value wins, as most servers take it). */
export const formOf = (raw: string): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(raw));

/** The Basic credentials of an Authorization header, which OAuth clients may send instead of form fields. */
export function basicCredentials(req: IncomingMessage): { id: string; secret: string } | undefined {
  const match = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
  if (!match) return undefined;
  const [id, ...rest] = Buffer.from(match[1]!, 'base64').toString('utf8').split(':');
  return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(rest.join(':')) };
}

export const bearerOf = (req: IncomingMessage): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res
    .writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers })
    .end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}

/** The client sees a network error, not an answer: the write it asked for may or may not be in. */
export const dropConnection = (res: ServerResponse): void => void res.socket?.destroy();

export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

/** A plain node:http server on 127.0.0.1 (port 0: any free one); a handler's throw answers 500. */
export async function listenLoopback(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  port = 0,
): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const server = createServer(
    (req, res) =>
      void handle(req, res).catch((error: Error) => {
        if (!res.headersSent) sendJson(res, 500, { error: error.message });
        else res.destroy();
      }),
  );
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Runs a fake behind a fixed port for e2e (Playwright cannot reach the fake's object): requests
 * pass through to the fake as they came, and a few test-only routes reach it:
 *   GET  /__test/health        ready check for Playwright's webServer
 *   GET  /__test/state         what `state()` answers (records written, token counts, ...)
 *   POST /__test/<control>     calls that control with the JSON array body as its arguments,
 *                              e.g. POST /__test/failNext  [503]
 * A connection the fake drops is dropped here too, so the browser or app sees the same failure.
 */
export async function serveForE2e(opts: {
  name: string;
  port: number;
  upstream: string;
  controls: Record<string, (...args: never[]) => unknown>;
  state: () => unknown;
  close: () => Promise<void>;
}): Promise<void> {
  const upstream = new URL(opts.upstream);
  const front = await listenLoopback(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname.startsWith('/__test/')) {
      const name = url.pathname.slice('/__test/'.length);
      if (req.method === 'GET' && name === 'health') return sendJson(res, 200, { ok: true });
      if (req.method === 'GET' && name === 'state') return sendJson(res, 200, opts.state());
      const control = Object.hasOwn(opts.controls, name) ? opts.controls[name] : undefined;
      if (req.method !== 'POST' || !control)
        return sendJson(res, 404, { error: `no test route ${req.method} ${url.pathname}` });
      const raw = await readBody(req);
      const args = (raw.trim() ? JSON.parse(raw) : []) as never[];
      return sendJson(res, 200, { ok: true, result: control(...args) ?? null });
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => dropConnection(res));
    req.pipe(forward);
  }, opts.port);
  console.log(`fake ${opts.name} listening at ${front.url}`);
  const stop = () => void Promise.all([front.close(), opts.close()]).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
