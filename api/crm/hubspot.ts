/**
 * HubSpot through its public REST API: OAuth 2 (authorization code, with PKCE), CRM search of
 * contacts, companies and deals, and notes (or logged emails) associated with the chosen records.
 * A note's body is HTML to HubSpot, so the rep's text is escaped and its lines kept.
 */
import type { CrmRecord, CrmRecordType } from '../../domain/contract/crm';
import {
  CrmFailure,
  crmFetch,
  cutToFit,
  field,
  retryAfterOf,
  type CrmAdapter,
  type CrmApp,
  type CrmNote,
  type CrmSession,
  type CrmTokens,
  type Written,
} from './adapter';

/** What Pitchpad asks of a HubSpot account: to read the records it searches and write notes on them. */
export const HUBSPOT_SCOPES = [
  'oauth',
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.objects.companies.read',
  'crm.objects.deals.read',
  // A follow-up logged as an email is found again (after a lost answer) by searching emails.
  'sales-email-read',
];

/** HubSpot's dated OAuth API: the v1 token, metadata and revoke endpoints end in February 2027. */
const OAUTH = '/oauth/2026-03';

/** HubSpot's object per record type, its record page's type id, and the association type ids (note, email). */
const OBJECTS: Record<
  CrmRecordType,
  { path: string; typeId: string; note: number; email: number; properties: string[] }
> = {
  contact: {
    path: 'contacts',
    typeId: '0-1',
    note: 202,
    email: 198,
    properties: ['firstname', 'lastname', 'email', 'company'],
  },
  company: {
    path: 'companies',
    typeId: '0-2',
    note: 190,
    email: 186,
    properties: ['name', 'domain'],
  },
  deal: {
    path: 'deals',
    typeId: '0-3',
    note: 214,
    email: 210,
    properties: ['dealname', 'dealstage'],
  },
};

/** hs_note_body's limit; an email's text takes as much. */
const MAX_BODY = 65_536;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The rep's text as HubSpot's HTML body: escaped, a paragraph per blank-line block, lines kept. */
export function noteHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The line that carries the push's marker: it names the tool, and links to nothing. */
const markerLine = (marker: string) => `Logged from Pitchpad · ref ${marker}`;

/**
 * The note's HTML within hs_note_body's limit, cut (with a line saying so) on the rep's text so the
 * escaped whole fits: escaping makes it longer. The marker stands apart (a space on each side) so
 * HubSpot's search reads it as one word.
 */
function fitHtml(body: string, marker: string): { text: string; cut: boolean; html: string } {
  const build = (text: string) => `${noteHtml(text)}<p>${escapeHtml(markerLine(marker))} </p>`;
  let limit = MAX_BODY - 200;
  for (;;) {
    const { text, cut } = cutToFit(body, limit);
    const html = build(text);
    if (html.length <= MAX_BODY || limit < 1000) return { text, cut, html };
    limit -= html.length - MAX_BODY + 100;
  }
}

function failure(response: Response, body: unknown): CrmFailure {
  const message = field(body, 'message') ?? `HubSpot answered ${response.status}.`;
  const category = field(body, 'category');
  if (response.status === 401)
    return new CrmFailure('expired', 'HubSpot no longer accepts this connection.');
  if (response.status === 403 && category === 'MISSING_SCOPES')
    return new CrmFailure('scope', 'The HubSpot connection lacks a permission: reconnect HubSpot.');
  if (response.status === 429)
    return new CrmFailure('rate', 'HubSpot asks to slow down.', retryAfterOf(response));
  if (response.status === 404)
    return new CrmFailure('target', 'A record the note is for is no longer in HubSpot.');
  if (response.status >= 500) return new CrmFailure('down', `HubSpot answered ${response.status}.`);
  if (response.status === 400 && /associat|object.*(not found|does not exist)/i.test(message))
    return new CrmFailure('target', 'A record the note is for is no longer in HubSpot.');
  return new CrmFailure('refused', `HubSpot refused the note: ${message.slice(0, 300)}`);
}

async function call(session: CrmSession, path: string, body?: unknown) {
  const { response, body: answer } = await crmFetch('HubSpot', `${session.account.apiUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${session.tokens.accessToken}`,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw failure(response, answer);
  return answer as Record<string, unknown>;
}

/** Trades a code or a refresh token at the token endpoint. */
async function token(app: CrmApp, form: Record<string, string>): Promise<CrmTokens> {
  const { response, body } = await crmFetch('HubSpot', `${app.apiUrl}${OAUTH}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: app.clientId,
      client_secret: app.clientSecret,
      ...form,
    }),
  });
  if (response.status >= 500) throw new CrmFailure('down', `HubSpot answered ${response.status}.`);
  if (response.status === 429)
    throw new CrmFailure('rate', 'HubSpot asks to slow down.', retryAfterOf(response));
  const accessToken = field(body, 'access_token');
  const refreshToken = field(body, 'refresh_token');
  const expiresIn = Number(field(body, 'expires_in'));
  if (!response.ok || !accessToken || !refreshToken)
    throw new CrmFailure(
      response.ok ? 'refused' : 'revoked',
      response.ok
        ? 'HubSpot answered the sign-in with something other than tokens.'
        : 'HubSpot refused the sign-in: connect HubSpot again.',
    );
  return {
    accessToken,
    refreshToken,
    expiresAt: Number.isFinite(expiresIn) ? new Date(Date.now() + expiresIn * 1000) : null,
  };
}

function recordOf(type: CrmRecordType, result: Record<string, unknown>): CrmRecord | null {
  const id = field(result, 'id');
  const p = (result.properties ?? {}) as Record<string, string | null | undefined>;
  const name =
    type === 'contact'
      ? [p.firstname, p.lastname].filter(Boolean).join(' ') || p.email
      : type === 'company'
        ? p.name
        : p.dealname;
  if (!id || !/^[A-Za-z0-9]{1,40}$/.test(id) || !name) return null;
  const detail =
    type === 'contact'
      ? [p.email, p.company].filter(Boolean).join(' · ')
      : type === 'company'
        ? p.domain
        : p.dealstage;
  return {
    type,
    id,
    name: name.slice(0, 200),
    ...(detail ? { detail: detail.slice(0, 200) } : {}),
  };
}

/** The page of the first record a note is on (a contact first), where the note shows. */
function recordUrl(app: { authUrl: string }, hubId: string, targets: CrmRecord[]): string | null {
  const first = targets.find((t) => t.type === 'contact') ?? targets[0];
  return first
    ? `${app.authUrl}/contacts/${encodeURIComponent(hubId)}/record/${OBJECTS[first.type].typeId}/${encodeURIComponent(first.id)}`
    : null;
}

export function hubspotAdapter(urls: { authUrl: string }): CrmAdapter {
  const written = (
    session: CrmSession,
    note: CrmNote,
    remoteId: string,
    cut: boolean,
  ): Written => ({
    remoteId,
    recordUrl: recordUrl(urls, session.account.id, note.targets),
    cut,
  });
  return {
    provider: 'hubspot',
    searchSettleS: 20,
    maxBodyChars: MAX_BODY,

    authorizeUrl(app, { state, codeChallenge }) {
      const url = new URL(`${app.authUrl}/oauth/authorize`);
      url.search = new URLSearchParams({
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        scope: HUBSPOT_SCOPES.join(' '),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    async connect(app, { code, codeVerifier }) {
      const tokens = await token(app, {
        grant_type: 'authorization_code',
        redirect_uri: app.redirectUri,
        code,
        code_verifier: codeVerifier,
      });
      // Which portal the token opens: asked in the body, so no token is ever in an address.
      const { response, body } = await crmFetch(
        'HubSpot',
        `${app.apiUrl}${OAUTH}/token/introspect`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_id: app.clientId,
            client_secret: app.clientSecret,
            token: tokens.accessToken,
          }),
        },
      );
      const hubId = field(body, 'hub_id');
      if (!response.ok || !hubId)
        throw new CrmFailure('refused', 'HubSpot did not say which account was connected.');
      return {
        tokens,
        account: {
          id: hubId,
          name: field(body, 'hub_domain') ?? `HubSpot account ${hubId}`,
          apiUrl: app.apiUrl,
        },
      };
    },

    refresh: (app, session) =>
      token(app, {
        grant_type: 'refresh_token',
        redirect_uri: app.redirectUri,
        refresh_token: session.tokens.refreshToken,
      }),

    async searchRecords(session, query) {
      const found = await Promise.all(
        (Object.keys(OBJECTS) as CrmRecordType[]).map(async (type) => {
          const answer = await call(session, `/crm/v3/objects/${OBJECTS[type].path}/search`, {
            query,
            limit: 5,
            properties: OBJECTS[type].properties,
          });
          const results = Array.isArray(answer.results) ? answer.results : [];
          return results
            .map((r) => recordOf(type, r as Record<string, unknown>))
            .filter((r): r is CrmRecord => r !== null);
        }),
      );
      return found.flat();
    },

    async writeNote(session, note) {
      const { text, cut, html } = fitHtml(note.body, note.marker);
      const kind = note.asEmail ? 'email' : 'note';
      const associations = note.targets.map((target) => ({
        to: { id: target.id },
        types: [
          { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: OBJECTS[target.type][kind] },
        ],
      }));
      const properties = note.asEmail
        ? {
            hs_timestamp: note.at.toISOString(),
            hs_email_direction: 'EMAIL',
            hs_email_status: 'SENT',
            hs_email_subject: note.asEmail.subject,
            hs_email_text: `${text}\n\n${markerLine(note.marker)}`,
          }
        : { hs_timestamp: note.at.toISOString(), hs_note_body: html };
      const answer = await call(session, `/crm/v3/objects/${note.asEmail ? 'emails' : 'notes'}`, {
        properties,
        associations,
      });
      const id = field(answer, 'id');
      if (!id) throw new CrmFailure('down', 'HubSpot did not say what it wrote.');
      return written(session, note, id, cut);
    },

    async findWritten(session, note) {
      const [path, property] = note.asEmail
        ? ['emails', 'hs_email_text']
        : ['notes', 'hs_note_body'];
      const answer = await call(session, `/crm/v3/objects/${path}/search`, {
        filterGroups: [
          { filters: [{ propertyName: property, operator: 'CONTAINS_TOKEN', value: note.marker }] },
        ],
        properties: [property],
        limit: 1,
      });
      const first = Array.isArray(answer.results) ? answer.results[0] : undefined;
      const id = field(first, 'id');
      return id ? written(session, note, id, fitHtml(note.body, note.marker).cut) : null;
    },

    async revoke(app, session) {
      const { response } = await crmFetch('HubSpot', `${app.apiUrl}${OAUTH}/token/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: app.clientId,
          client_secret: app.clientSecret,
          token: session.tokens.refreshToken,
        }),
      });
      // Already gone (404, 400) is what a revoke wants; only an outage is worth saying.
      if (response.status >= 500)
        throw new CrmFailure('down', `HubSpot answered ${response.status}.`);
    },
  };
}
