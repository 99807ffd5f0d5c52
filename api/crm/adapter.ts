/**
 * One interface for every CRM a rep connects (HubSpot, Salesforce): the OAuth 2 authorization-code
 * sign-in, its refresh and revocation, finding records, writing a note and finding a note written
 * before. Each adapter speaks its CRM's public REST API with `fetch`: both APIs are a handful of JSON
 * calls here, and their SDKs (HubSpot's generated client is tens of megabytes; Salesforce has no
 * maintained Node SDK of its own) would add far more than they save.
 */
import type { CrmProvider, CrmRecord } from '../../domain/contract/crm';

/** The app the operator registered with the CRM, and where the CRM answers. */
export interface CrmApp {
  clientId: string;
  clientSecret: string;
  /** Where the CRM sends the rep back: this server's callback. */
  redirectUri: string;
  /** The CRM's sign-in host (HubSpot's app host; Salesforce's login URL). */
  authUrl: string;
  /** HubSpot's API host; Salesforce answers on each org's own instance URL instead. */
  apiUrl: string;
}

export interface CrmTokens {
  accessToken: string;
  refreshToken: string;
  /** When the access token stops working; null when the CRM does not say (Salesforce). */
  expiresAt: Date | null;
}

/** The CRM account a connection writes into. */
export interface CrmAccount {
  id: string;
  /** The portal's domain or the org's host, shown on the rep's account page. */
  name: string;
  /** Where this account's API answers. */
  apiUrl: string;
}

export interface CrmSession {
  tokens: CrmTokens;
  account: CrmAccount;
}

/** A note to write, with the token that marks it as this push's. */
export interface CrmNote {
  title: string;
  body: string;
  targets: CrmRecord[];
  /** A token of letters and digits, written into the note, that `findWritten` searches for. */
  marker: string;
  at: Date;
  /** Logged as an email sent (HubSpot's email engagement; a Salesforce email task). */
  asEmail?: { subject: string };
}

export interface Written {
  remoteId: string;
  /** Opens the note's record in the CRM. */
  recordUrl: string | null;
  /** The body was cut to fit the CRM's field. */
  cut: boolean;
}

/**
 * How a CRM call failed, in the terms the push and the account page act on:
 * - expired: the access token is refused (refresh and try again);
 * - revoked: the refresh token is refused too (the rep reconnects);
 * - scope: the connection lacks a permission;
 * - target: a record named is gone or not in this account;
 * - rate: the CRM asks to wait (`retryAfterS`);
 * - down: no answer, a 5xx, a timeout (try again later; a write may or may not have happened);
 * - refused: any other refusal, in the CRM's words.
 */
export type CrmFailureKind =
  'expired' | 'revoked' | 'scope' | 'target' | 'rate' | 'down' | 'refused';

export class CrmFailure extends Error {
  override name = 'CrmFailure';
  constructor(
    readonly kind: CrmFailureKind,
    message: string,
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

export interface CrmAdapter {
  provider: CrmProvider;
  /**
   * How long after a write the CRM's search may not find it yet: a push whose answer was lost waits
   * this long before searching for its marker (HubSpot's search index lags seconds behind).
   */
  searchSettleS: number;
  /** The most characters the note's field takes. */
  maxBodyChars: number;
  /** The CRM's consent page, for this state and PKCE challenge. */
  authorizeUrl(app: CrmApp, input: { state: string; codeChallenge: string }): string;
  /** Trades the code the CRM sent back for tokens, and reads which account they open. */
  connect(app: CrmApp, input: { code: string; codeVerifier: string }): Promise<CrmSession>;
  refresh(app: CrmApp, session: CrmSession): Promise<CrmTokens>;
  searchRecords(session: CrmSession, query: string): Promise<CrmRecord[]>;
  writeNote(session: CrmSession, note: CrmNote): Promise<Written>;
  /** The note an earlier try of this push wrote, found by its marker; null if none. */
  findWritten(session: CrmSession, note: CrmNote): Promise<Written | null>;
  /** Ends the connection at the CRM: its tokens stop working. */
  revoke(app: CrmApp, session: CrmSession): Promise<void>;
}

/** How long one call to a CRM may take. */
export const CRM_TIMEOUT_MS = 15_000;

/**
 * `fetch` with the time limit, answering the parsed JSON (or null for an empty body) and the
 * response; a network failure or a timeout is a 'down' failure. No token ever goes into a message.
 */
export async function crmFetch(
  provider: string,
  url: string,
  init: RequestInit,
): Promise<{ response: Response; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(CRM_TIMEOUT_MS),
    });
  } catch {
    throw new CrmFailure('down', `${provider} did not answer.`);
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { response, body };
}

/** Seconds to wait from a Retry-After header (seconds or a date), within a minute to an hour. */
export function retryAfterOf(response: Response, fallbackS = 10): number {
  const header = response.headers.get('retry-after');
  if (!header) return fallbackS;
  const seconds = /^\d+$/.test(header.trim())
    ? Number(header)
    : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.min(3600, Math.max(1, Math.ceil(seconds))) : fallbackS;
}

/** A body cut to `max` characters, ending with a line that says so. */
export function cutToFit(body: string, max: number): { text: string; cut: boolean } {
  if (body.length <= max) return { text: body, cut: false };
  const note = `\n\n[Cut to fit: the full note had ${body.length.toLocaleString('en-US')} characters.]`;
  return { text: body.slice(0, max - note.length) + note, cut: true };
}

/** A JSON body's string field, or undefined. */
export function field(body: unknown, name: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}
