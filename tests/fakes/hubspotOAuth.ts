// The OAuth side of the HubSpot fake (hubspot.ts), from HubSpot's OAuth docs:
//  - GET /oauth/authorize (app.hubspot.com's install page): client_id, redirect_uri, scope,
//    optional_scope, state, and PKCE's code_challenge (S256). It shows a consent page whose
//    'Connect app' button redirects to redirect_uri?code=..&state=.. and whose 'Cancel' button
//    redirects with error=access_denied. A wrong client_id or redirect_uri gets a 400 page.
//  - The token endpoint at /oauth/v1/token (deprecated, removed 2027-02-16), /oauth/v3/token and
//    the date-versioned /oauth/2026-03/token: grant_type authorization_code (code, redirect_uri,
//    client_id, client_secret, code_verifier) or refresh_token. v1 also read its fields from the
//    query string; the later versions only from the form body. Access tokens last 1800 s; the
//    refresh token does not change on refresh.
//  - Token metadata: GET /oauth/v1/access-tokens/:t and /oauth/v1/refresh-tokens/:t, and POST
//    /oauth/{v3|2026-03}/token/introspect (client_id, client_secret, token) → {active, ...}.
//  - Revocation: DELETE /oauth/v1/refresh-tokens/:t (204) and POST /oauth/2026-03/token/revoke.
//    As documented, this deletes the refresh token only: access tokens made from it keep working
//    until they expire. `uninstallApp()` on the fake is what ends them all at once.
// Token errors are 400 with RFC 6749's error and error_description, plus HubSpot's older
// status (BAD_CLIENT_ID, BAD_AUTH_CODE, BAD_REDIRECT_URI, BAD_REFRESH_TOKEN, ...) and message.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  CodeBook,
  consentHtml,
  correlationId,
  errorHtml,
  formOf,
  pkceMatches,
  randomToken,
  sendHtml,
  sendJson,
  TokenStore,
  type AccessToken,
  type Obj,
} from './oauthConsent';

export interface HubSpotOAuthOptions {
  clientId: string;
  clientSecret: string;
  redirectUris?: string[];
  portalId: number;
  appName?: string;
  codeTtlMs?: number;
}

/** The scopes `mintTokens` grants when a test names none: all the CRM calls the fake serves. */
export const ALL_SCOPES = [
  'oauth',
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.objects.companies.read',
  'crm.objects.deals.read',
  'sales-email-read',
];

/** Token errors carry RFC 6749's error and error_description, and HubSpot's older status and message. */
const oauthError = (res: ServerResponse, status: string, error: string, message: string) =>
  sendJson(res, 400, { status, message, error, error_description: message });

export function hubSpotOAuth(opts: HubSpotOAuthOptions) {
  const appId = 4_242_424;
  const userId = 7_700_001;
  const userEmail = 'rep@pitchpad-fake.example';
  const hubDomain = `fake-portal-${opts.portalId}.hubspot.test`;
  const codes = new CodeBook(opts.codeTtlMs ?? 5 * 60_000);
  const tokens = new TokenStore(1800 * 1000, {
    access: () => `CJ${randomToken(48)}`,
    refresh: () => `na1-${randomToken(18)}`,
  });
  let withheld = new Set<string>();

  function invalid(p: URLSearchParams): string | undefined {
    if (p.get('client_id') !== opts.clientId)
      return 'The client_id of this install URL is invalid.';
    const redirectUri = p.get('redirect_uri') ?? '';
    if (!URL.canParse(redirectUri)) return 'The redirect_uri is missing or not a URL.';
    if (opts.redirectUris && !opts.redirectUris.includes(redirectUri))
      return `The redirect_uri ${redirectUri} is not one of the app's redirect URLs.`;
    if (!p.get('scope')) return 'The install URL asks for no scope.';
    const method = p.get('code_challenge_method') ?? 'S256';
    if (p.get('code_challenge') && method !== 'S256' && method !== 'plain')
      return 'code_challenge_method must be S256.';
    return undefined;
  }

  /** Where the browser goes after the user's choice (the authorize request's fields are valid). */
  function decide(p: URLSearchParams, decision: string): URL {
    const target = new URL(p.get('redirect_uri')!);
    if (decision === 'allow') {
      const asked = `${p.get('scope')} ${p.get('optional_scope') ?? ''}`.split(/[\s+]+/);
      const code = codes.issue({
        redirectUri: p.get('redirect_uri')!,
        scopes: [...new Set(asked.filter((s) => s && !withheld.has(s)))],
        challenge: p.get('code_challenge') ?? undefined,
        challengeMethod: p.get('code_challenge_method') ?? 'S256',
      });
      target.searchParams.set('code', code);
    } else target.searchParams.set('error', 'access_denied');
    const state = p.get('state');
    if (state !== null) target.searchParams.set('state', state);
    return target;
  }

  const answer = (a: AccessToken) => ({
    token_type: 'bearer',
    refresh_token: a.grant.refreshToken,
    access_token: a.token,
    expires_in: Math.round((a.expiresAt - Date.now()) / 1000),
    hub_id: opts.portalId,
    user_id: userId,
    scopes: a.grant.scopes,
  });

  function token(res: ServerResponse, p: Record<string, string>): void {
    if (p.client_id !== opts.clientId)
      return oauthError(res, 'BAD_CLIENT_ID', 'invalid_client', 'missing or invalid client id');
    if (p.client_secret !== opts.clientSecret)
      return oauthError(res, 'BAD_CLIENT_SECRET', 'invalid_client', 'invalid client secret');
    if (p.grant_type === 'refresh_token') {
      const refreshed = tokens.refresh(p.refresh_token ?? '');
      if (!refreshed)
        return oauthError(
          res,
          'BAD_REFRESH_TOKEN',
          'invalid_grant',
          'missing or invalid refresh token',
        );
      return sendJson(res, 200, answer(refreshed));
    }
    if (p.grant_type !== 'authorization_code')
      return oauthError(res, 'BAD_GRANT_TYPE', 'unsupported_grant_type', 'unknown grant_type');
    const code = codes.redeem(p.code ?? '');
    if (typeof code === 'string')
      return oauthError(
        res,
        'BAD_AUTH_CODE',
        'invalid_grant',
        `missing, used or ${code} auth code`,
      );
    if (p.redirect_uri !== code.redirectUri)
      return oauthError(res, 'BAD_REDIRECT_URI', 'invalid_grant', 'redirect_uri does not match');
    if (
      code.challenge &&
      !pkceMatches(code.challenge, code.challengeMethod ?? 'S256', p.code_verifier ?? '')
    )
      return oauthError(
        res,
        'BAD_AUTH_CODE',
        'invalid_grant',
        'code_verifier does not match the code_challenge',
      );
    return sendJson(res, 200, answer(tokens.issue(code.scopes)));
  }

  /** What HubSpot says of a token that still works (v1 metadata and introspection), else undefined. */
  function describe(t: string): Obj | undefined {
    const common = {
      token: t,
      user: userEmail,
      hub_domain: hubDomain,
      hub_id: opts.portalId,
      user_id: userId,
      client_id: opts.clientId,
    };
    const a = tokens.check(t);
    if (typeof a !== 'string')
      return {
        ...common,
        token_use: 'access_token',
        scopes: a.grant.scopes,
        app_id: appId,
        token_type: 'access',
        is_private_distribution: false,
        expires_in: Math.round((a.expiresAt - Date.now()) / 1000),
      };
    const g = tokens.liveGrant(t);
    return g
      ? { ...common, token_use: 'refresh_token', scopes: g.scopes, token_type: 'refresh' }
      : undefined;
  }

  return {
    tokens,
    /** The install page (GET shows it, POST is the user's choice); false when `path` is not it. */
    page(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): boolean {
      if (url.pathname !== '/oauth/authorize') return false;
      const p = req.method === 'POST' ? new URLSearchParams(raw) : url.searchParams;
      const problem = invalid(p);
      if (problem) sendHtml(res, 400, errorHtml('Authorization failed', problem));
      else if (req.method === 'POST')
        res.writeHead(302, { location: decide(p, p.get('decision') ?? '').toString() }).end();
      else
        sendHtml(
          res,
          200,
          consentHtml({
            title: 'Connect app | Fake HubSpot',
            heading: `Connect ${opts.appName ?? 'Pitchpad'} to Fake HubSpot portal ${opts.portalId}`,
            lines: [
              `Signed in as ${userEmail}`,
              ...p
                .get('scope')!
                .split(/[\s+]+/)
                .map((s) => `Scope: ${s}`),
            ],
            action: '/oauth/authorize',
            fields: Object.fromEntries([...p].filter(([k]) => k !== 'decision')),
            allowLabel: 'Connect app',
            denyLabel: 'Cancel',
          }),
        );
      return true;
    },
    /** The token, metadata and revocation endpoints; false when `path` is none of them. */
    api(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): boolean {
      const path = url.pathname;
      const version = /^\/oauth\/(v1|v3|\d{4}-\d{2})\/token(\/introspect|\/revoke)?$/.exec(path);
      if (req.method === 'POST' && version && !version[2]) {
        const query = version[1] === 'v1' ? Object.fromEntries(url.searchParams) : {};
        token(res, { ...query, ...formOf(raw) });
        return true;
      }
      if (req.method === 'POST' && version && version[1] !== 'v1') {
        const p = formOf(raw);
        if (p.client_id !== opts.clientId || p.client_secret !== opts.clientSecret)
          oauthError(res, 'BAD_CLIENT_ID', 'invalid_client', 'invalid client credentials');
        else if (version[2] === '/revoke') {
          tokens.revokeRefresh(p.token ?? '', false);
          res.writeHead(200).end();
        } else {
          const found = describe(p.token ?? '');
          sendJson(res, 200, found ? { active: true, ...found } : { active: false });
        }
        return true;
      }
      const v1 = /^\/oauth\/v1\/(access|refresh)-tokens\/([^/]+)$/.exec(path);
      if (!v1) return false;
      const t = decodeURIComponent(v1[2]!);
      const notFound = () =>
        sendJson(res, 404, {
          status: 'error',
          message: `${v1[1]} token not found or expired`,
          correlationId: correlationId(),
        });
      if (req.method === 'DELETE' && v1[1] === 'refresh') {
        if (tokens.revokeRefresh(t, false)) res.writeHead(204).end();
        else notFound();
        return true;
      }
      const found = describe(t);
      if (req.method === 'GET' && found?.token_use === `${v1[1]}_token`) {
        const { token_use: _use, client_id: _client, ...metadata } = found;
        sendJson(
          res,
          200,
          v1[1] === 'refresh' ? { ...metadata, client_id: opts.clientId } : metadata,
        );
      } else notFound();
      return true;
    },
    authorizeUrl(
      base: string,
      p: {
        redirectUri: string;
        scope: string[];
        state: string;
        optionalScope?: string[];
        codeChallenge?: string;
      },
    ): string {
      const u = new URL('/oauth/authorize', base);
      u.searchParams.set('client_id', opts.clientId);
      u.searchParams.set('redirect_uri', p.redirectUri);
      u.searchParams.set('scope', p.scope.join(' '));
      if (p.optionalScope?.length) u.searchParams.set('optional_scope', p.optionalScope.join(' '));
      u.searchParams.set('state', p.state);
      if (p.codeChallenge) {
        u.searchParams.set('code_challenge', p.codeChallenge);
        u.searchParams.set('code_challenge_method', 'S256');
      }
      return u.toString();
    },
    consent(authorizeUrl: string, decision: 'allow' | 'deny'): URL {
      const p = new URL(authorizeUrl).searchParams;
      const problem = invalid(p);
      if (problem) throw new Error(problem);
      return decide(p, decision);
    },
    mintTokens(scopes = ALL_SCOPES) {
      const { access_token, refresh_token, expires_in } = answer(tokens.issue(scopes));
      return { access_token, refresh_token, expires_in };
    },
    withholdScopes(scopes: string[]) {
      withheld = new Set(scopes);
    },
  };
}
