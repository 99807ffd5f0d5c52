/**
 * Salesforce through its public REST API: the OAuth 2 web server flow (with PKCE) against the login
 * URL (a sandbox's, or a My Domain), then the org's own instance URL for search (parameterizedSearch
 * over Contacts, Accounts and Opportunities) and a completed Task related to the chosen records
 * (`WhoId`: the contact; `WhatId`: the opportunity or the account). The Task's subject carries the
 * push's marker: its description cannot be filtered on in a query, the subject can.
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

export const SALESFORCE_API_VERSION = 'v62.0';
/** A Task's Description holds 32,000 characters. */
const MAX_BODY = 32_000;
const SUBJECT_MAX = 255;

const OBJECTS: Record<string, CrmRecordType> = {
  Contact: 'contact',
  Account: 'company',
  Opportunity: 'deal',
};

/** Salesforce's own domains, where an org's API answers. */
const SALESFORCE_DOMAINS = ['salesforce.com', 'force.com', 'cloudforce.com', 'salesforce.mil'];

/** A Salesforce host: one of its domains, or the login URL's own (a My Domain on a custom domain). */
function isSalesforceHost(host: string, loginHost: string): boolean {
  const loginDomain = loginHost.split('.').slice(-2).join('.');
  return [...SALESFORCE_DOMAINS, loginDomain].some(
    (domain) => host === domain || host.endsWith(`.${domain}`),
  );
}

/**
 * The instance URL a token answer names is where the rep's data goes, so it must be an https address
 * (or, when the login URL itself is plain http on this machine, as in development and tests, that
 * same host) on Salesforce's own domains or the login URL's: a token endpoint that names another
 * place is not trusted with the rep's token and notes.
 */
export function trustedInstanceUrl(instanceUrl: string | undefined, loginUrl: string): string {
  if (!instanceUrl || !URL.canParse(instanceUrl))
    throw new CrmFailure('refused', 'Salesforce did not say where the account answers.');
  const instance = new URL(instanceUrl);
  const login = new URL(loginUrl);
  const ok =
    (instance.protocol === 'https:' && isSalesforceHost(instance.hostname, login.hostname)) ||
    (login.protocol === 'http:' && instance.protocol === 'http:' && instance.host === login.host);
  if (!ok || instance.username || instance.password)
    throw new CrmFailure('refused', 'Salesforce named an address Pitchpad will not send notes to.');
  return instance.origin;
}

/** Salesforce's errors are a list of `{ message, errorCode }`; the first says it. */
function errorOf(body: unknown): { message: string; code: string } {
  const first = Array.isArray(body) ? body[0] : body;
  return {
    message: field(first, 'message') ?? field(first, 'error_description') ?? '',
    code: field(first, 'errorCode') ?? field(first, 'error') ?? '',
  };
}

function failure(response: Response, body: unknown): CrmFailure {
  const { message, code } = errorOf(body);
  if (response.status === 401)
    return new CrmFailure('expired', 'Salesforce no longer accepts this connection.');
  if (response.status === 429 || (response.status === 403 && code === 'REQUEST_LIMIT_EXCEEDED'))
    return new CrmFailure('rate', 'Salesforce asks to slow down.', retryAfterOf(response, 60));
  if (response.status === 403)
    return new CrmFailure(
      'scope',
      'The Salesforce connection may not do this: reconnect Salesforce.',
    );
  if (response.status >= 500)
    return new CrmFailure(
      'down',
      `Salesforce answered ${response.status}.`,
      response.headers.has('retry-after') ? retryAfterOf(response) : undefined,
    );
  if (
    response.status === 404 ||
    /INVALID_CROSS_REFERENCE_KEY|ENTITY_IS_DELETED|FIELD_INTEGRITY_EXCEPTION|INVALID_ID_FIELD/.test(
      code,
    )
  )
    return new CrmFailure('target', 'A record the note is for is no longer in Salesforce.');
  return new CrmFailure(
    'refused',
    `Salesforce refused the note: ${(message || code || String(response.status)).slice(0, 300)}`,
  );
}

async function call(session: CrmSession, path: string, body?: unknown) {
  const { response, body: answer } = await crmFetch(
    'Salesforce',
    `${session.account.apiUrl}/services/data/${SALESFORCE_API_VERSION}${path}`,
    {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${session.tokens.accessToken}`,
        'content-type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
  );
  if (!response.ok) throw failure(response, answer);
  return answer as Record<string, unknown>;
}

async function token(app: CrmApp, form: Record<string, string>) {
  const { response, body } = await crmFetch('Salesforce', `${app.authUrl}/services/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: app.clientId,
      client_secret: app.clientSecret,
      ...form,
    }),
  });
  if (response.status >= 500)
    throw new CrmFailure('down', `Salesforce answered ${response.status}.`);
  if (response.status === 429)
    throw new CrmFailure('rate', 'Salesforce asks to slow down.', retryAfterOf(response, 60));
  const accessToken = field(body, 'access_token');
  if (!response.ok && field(body, 'error') === 'invalid_grant')
    throw new CrmFailure('revoked', 'Salesforce refused the sign-in: connect Salesforce again.');
  if (!response.ok || !accessToken)
    throw new CrmFailure(
      'refused',
      response.ok
        ? 'Salesforce answered the sign-in with something other than tokens.'
        : `Salesforce refused the sign-in (${field(body, 'error') ?? response.status}).`,
    );
  return { accessToken, body };
}

/** The subject: what the note is about, then the marker (cut to the field's 255 characters). */
const subjectOf = (note: CrmNote) => {
  const tail = ` · Pitchpad ${note.marker}`;
  const head = note.asEmail ? `Email: ${note.asEmail.subject}` : `Notes: ${note.title}`;
  return head.slice(0, SUBJECT_MAX - tail.length) + tail;
};

/** A Task written, with the page that opens it in Lightning. */
const written = (session: CrmSession, remoteId: string, cut: boolean): Written => ({
  remoteId,
  recordUrl: `${session.account.apiUrl}/lightning/r/Task/${encodeURIComponent(remoteId)}/view`,
  cut,
});

export function salesforceAdapter(): CrmAdapter {
  return {
    provider: 'salesforce',
    // A query finds a Task once written; a write cut off by the time limit may still be committing.
    searchSettleS: 5,
    maxBodyChars: MAX_BODY,

    authorizeUrl(app, { state, codeChallenge }) {
      const url = new URL(`${app.authUrl}/services/oauth2/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: app.clientId,
        redirect_uri: app.redirectUri,
        scope: 'api refresh_token',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    async connect(app, { code, codeVerifier }) {
      const { accessToken, body } = await token(app, {
        grant_type: 'authorization_code',
        redirect_uri: app.redirectUri,
        code,
        code_verifier: codeVerifier,
      });
      const refreshToken = field(body, 'refresh_token');
      if (!refreshToken)
        throw new CrmFailure(
          'scope',
          'Salesforce gave no refresh token: the connected app needs the refresh_token scope.',
        );
      const apiUrl = trustedInstanceUrl(field(body, 'instance_url'), app.authUrl);
      // The identity URL names the org and the user (…/id/<org id>/<user id>): read from the
      // answer itself, so no call needs the identity scope, which Pitchpad does not ask for.
      const orgId = /\/id\/(\w{15,18})\/\w{15,18}\/?$/.exec(field(body, 'id') ?? '')?.[1];
      if (!orgId)
        throw new CrmFailure('refused', 'Salesforce did not say which org was connected.');
      return {
        tokens: { accessToken, refreshToken, expiresAt: null },
        account: { id: orgId, name: new URL(apiUrl).host, apiUrl },
      };
    },

    async refresh(app, session): Promise<CrmTokens> {
      const { accessToken, body } = await token(app, {
        grant_type: 'refresh_token',
        refresh_token: session.tokens.refreshToken,
      });
      return {
        accessToken,
        // A connected app set to rotate refresh tokens sends a new one.
        refreshToken: field(body, 'refresh_token') ?? session.tokens.refreshToken,
        expiresAt: null,
      };
    },

    async searchRecords(session, query) {
      const params = new URLSearchParams({ q: query, overallLimit: '15' });
      for (const sobject of Object.keys(OBJECTS)) params.append('sobject', sobject);
      params.set('Contact.fields', 'Id,Name,Email,Title');
      params.set('Account.fields', 'Id,Name,Website');
      params.set('Opportunity.fields', 'Id,Name,StageName');
      const answer = await call(session, `/parameterizedSearch/?${params}`);
      const records = Array.isArray(answer.searchRecords) ? answer.searchRecords : [];
      return records.flatMap((raw): CrmRecord[] => {
        const r = raw as Record<string, unknown>;
        const type = OBJECTS[field(r.attributes, 'type') ?? ''];
        const id = field(r, 'Id');
        const name = field(r, 'Name');
        if (!type || !id || !/^[A-Za-z0-9]{1,40}$/.test(id) || !name) return [];
        const detail =
          type === 'contact'
            ? [field(r, 'Email'), field(r, 'Title')].filter(Boolean).join(' · ')
            : type === 'company'
              ? field(r, 'Website')
              : field(r, 'StageName');
        return [
          {
            type,
            id,
            name: name.slice(0, 200),
            ...(detail ? { detail: detail.slice(0, 200) } : {}),
          },
        ];
      });
    },

    async writeNote(session, note) {
      const { text, cut } = cutToFit(note.body, MAX_BODY);
      const who = note.targets.find((t) => t.type === 'contact');
      const what =
        note.targets.find((t) => t.type === 'deal') ??
        note.targets.find((t) => t.type === 'company');
      const answer = await call(session, '/sobjects/Task', {
        Subject: subjectOf(note),
        Description: text,
        Status: 'Completed',
        Priority: 'Normal',
        TaskSubtype: note.asEmail ? 'Email' : 'Call',
        ActivityDate: note.at.toISOString().slice(0, 10),
        ...(who ? { WhoId: who.id } : {}),
        ...(what ? { WhatId: what.id } : {}),
      });
      const id = field(answer, 'id');
      if (!id) throw new CrmFailure('down', 'Salesforce did not say what it wrote.');
      return written(session, id, cut);
    },

    async findWritten(session, note) {
      const soql = `SELECT Id FROM Task WHERE Subject LIKE '%${note.marker}%'`;
      const answer = await call(session, `/query/?q=${encodeURIComponent(soql)}`);
      const first = Array.isArray(answer.records) ? answer.records[0] : undefined;
      const id = field(first, 'Id');
      return id ? written(session, id, note.body.length > MAX_BODY) : null;
    },

    async revoke(app, session) {
      const { response } = await crmFetch('Salesforce', `${app.authUrl}/services/oauth2/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: session.tokens.refreshToken }),
      });
      if (response.status >= 500)
        throw new CrmFailure('down', `Salesforce answered ${response.status}.`);
    },
  };
}
