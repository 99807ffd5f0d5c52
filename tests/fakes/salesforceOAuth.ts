// The OAuth side of the Salesforce fake (salesforce.ts), from Salesforce's OAuth 2.0 web server
// flow docs. The same server is the login host (login.salesforce.com / test.salesforce.com) and
// the org's instance_url:
//  - GET /services/oauth2/authorize?response_type=code&client_id&redirect_uri&state&scope
//    &code_challenge&code_challenge_method=S256 shows an 'Allow Access?' page; 'Allow' redirects to
//    redirect_uri?code=..&state=.., 'Deny' with error=access_denied&error_description=end-user
//    denied authorization. A wrong client_id or redirect_uri gets a 400 page, as Salesforce's
//    OAuth error page does; an unknown scope redirects with error=invalid_scope.
//  - POST /services/oauth2/token (form; client credentials in the body or HTTP Basic):
//    authorization_code → {access_token, refresh_token, signature, scope, instance_url, id,
//    token_type:'Bearer', issued_at} (no expires_in: sessions end by the org's timeout, 2 hours
//    here); a refresh token only when the scopes hold refresh_token or offline_access.
//    refresh_token → a new access_token, the same refresh token kept (not returned).
//    PKCE per the docs: a challenge with no verifier is invalid_grant, a wrong one invalid_request.
//  - POST /services/oauth2/revoke (token=): 200; a refresh token takes its access tokens with it.
//  - The identity URL GET /id/<orgId>/<userId> and GET /services/oauth2/userinfo, with the token.
import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  basicCredentials,
  bearerOf,
  CodeBook,
  consentHtml,
  errorHtml,
  formOf,
  pkceMatches,
  randomToken,
  sendHtml,
  sendJson,
  TokenStore,
  type AccessToken,
} from './oauthConsent';

export interface SalesforceOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** The connected app's callback URLs; when given, redirect_uri must be one of them. */
  redirectUris?: string[];
  /** The connected app's scopes: what it may be granted, and is when none are asked for (default: api, refresh_token, id granted; any known scope may be asked for). */
  scopes?: string[];
  appName?: string;
  /** How long an authorization code lasts (default 15 minutes). */
  codeTtlMs?: number;
}

export interface SalesforceUser {
  orgId: string;
  userId: string;
  username: string;
  displayName: string;
  email: string;
}

const SESSION_MS = 2 * 60 * 60 * 1000;
const KNOWN_SCOPES = [
  'api',
  'refresh_token',
  'offline_access',
  'id',
  'profile',
  'email',
  'openid',
  'full',
  'web',
];

const oauthError = (res: ServerResponse, error: string, description: string) =>
  sendJson(res, 400, { error, error_description: description });

export function salesforceOAuth(
  opts: SalesforceOAuthOptions,
  user: SalesforceUser,
  apiVersion: string,
  base: () => string,
) {
  // Without a scope parameter Salesforce grants the connected app's scopes; with one, those asked.
  const allowed = opts.scopes ?? KNOWN_SCOPES;
  const appScopes = opts.scopes ?? ['api', 'refresh_token', 'id'];
  const codes = new CodeBook(opts.codeTtlMs ?? 15 * 60_000);
  const tokens = new TokenStore(SESSION_MS, {
    access: () => `${user.orgId}!AQ${randomToken(72)}`,
    refresh: () => `5Aep861${randomToken(60)}`,
  });
  let deactivated = false;
  const idUrl = () => `${base()}/id/${user.orgId}/${user.userId}`;

  function invalid(p: URLSearchParams): string | undefined {
    if (p.get('client_id') !== opts.clientId)
      return 'error=invalid_client_id: client identifier invalid';
    const redirectUri = p.get('redirect_uri') ?? '';
    if (
      !URL.canParse(redirectUri) ||
      (opts.redirectUris && !opts.redirectUris.includes(redirectUri))
    )
      return 'error=redirect_uri_mismatch: redirect_uri must match configuration';
    return undefined;
  }

  /** Where the browser goes after the choice: a code, or the error Salesforce puts on the callback. */
  function decide(p: URLSearchParams, decision: string): URL {
    const target = new URL(p.get('redirect_uri')!);
    const asked = (p.get('scope') ?? '').split(/[\s+]+/).filter(Boolean);
    const fail = (error: string, description: string) => {
      target.searchParams.set('error', error);
      target.searchParams.set('error_description', description);
    };
    if (p.get('response_type') !== 'code')
      fail('unsupported_response_type', 'response type not supported');
    else if (asked.some((s) => !allowed.includes(s)))
      fail('invalid_scope', 'the requested scope is not allowed');
    else if (p.get('code_challenge') && (p.get('code_challenge_method') ?? 'S256') !== 'S256')
      fail('invalid_request', 'code_challenge_method must be S256');
    else if (decision !== 'allow') fail('access_denied', 'end-user denied authorization');
    else
      target.searchParams.set(
        'code',
        codes.issue({
          redirectUri: p.get('redirect_uri')!,
          scopes: asked.length ? asked : appScopes,
          challenge: p.get('code_challenge') ?? undefined,
          challengeMethod: 'S256',
        }),
      );
    const state = p.get('state');
    if (state !== null) target.searchParams.set('state', state);
    return target;
  }

  /** The token answer; `signature` is HMAC-SHA256 of id + issued_at keyed by the client secret, as documented. */
  function answer(a: AccessToken, withRefresh: boolean) {
    const issuedAt = String(Date.now());
    const canRefresh = a.grant.scopes.some((s) => s === 'refresh_token' || s === 'offline_access');
    return {
      access_token: a.token,
      ...(withRefresh && canRefresh ? { refresh_token: a.grant.refreshToken } : {}),
      signature: createHmac('sha256', opts.clientSecret)
        .update(idUrl() + issuedAt)
        .digest('base64'),
      scope: a.grant.scopes.join(' '),
      instance_url: base(),
      id: idUrl(),
      token_type: 'Bearer',
      issued_at: issuedAt,
    };
  }

  function tokenEndpoint(req: IncomingMessage, res: ServerResponse, raw: string): void {
    const p = formOf(raw);
    const basic = basicCredentials(req);
    const clientId = p.client_id ?? basic?.id;
    const secret = p.client_secret ?? basic?.secret;
    if (p.grant_type !== 'authorization_code' && p.grant_type !== 'refresh_token')
      return oauthError(res, 'unsupported_grant_type', 'grant type not supported');
    if (clientId !== opts.clientId)
      return oauthError(res, 'invalid_client_id', 'client identifier invalid');
    if (secret !== opts.clientSecret)
      return oauthError(res, 'invalid_client', 'invalid client credentials');
    if (p.grant_type === 'refresh_token') {
      const refreshed = deactivated ? undefined : tokens.refresh(p.refresh_token ?? '');
      if (!refreshed)
        return oauthError(
          res,
          'invalid_grant',
          deactivated ? 'authentication failure' : 'expired access/refresh token',
        );
      return sendJson(res, 200, answer(refreshed, false));
    }
    const code = codes.redeem(p.code ?? '');
    if (code === 'unknown') return oauthError(res, 'invalid_grant', 'invalid authorization code');
    if (code === 'expired') return oauthError(res, 'invalid_grant', 'expired authorization code');
    if (p.redirect_uri !== code.redirectUri)
      return oauthError(res, 'redirect_uri_mismatch', 'redirect_uri must match configuration');
    if (code.challenge && !p.code_verifier)
      return oauthError(res, 'invalid_grant', 'invalid code verifier');
    if (code.challenge && !pkceMatches(code.challenge, 'S256', p.code_verifier ?? ''))
      return oauthError(res, 'invalid_request', 'invalid code verifier');
    if (deactivated) return oauthError(res, 'invalid_grant', 'authentication failure');
    return sendJson(res, 200, answer(tokens.issue(code.scopes), true));
  }

  function identity(res: ServerResponse, token: string | undefined, userinfo: boolean): void {
    if (typeof tokens.check(token) === 'string')
      return void res.writeHead(403, { 'content-type': 'text/plain' }).end('Bad_OAuth_Token');
    const [first = '', ...rest] = user.displayName.split(' ');
    const urls = {
      rest: `${base()}/services/data/v${apiVersion}/`,
      sobjects: `${base()}/services/data/v${apiVersion}/sobjects/`,
      search: `${base()}/services/data/v${apiVersion}/search/`,
      query: `${base()}/services/data/v${apiVersion}/query/`,
      custom_domain: base(),
    };
    const common = {
      user_id: user.userId,
      organization_id: user.orgId,
      email: user.email,
      email_verified: true,
      urls,
      active: true,
      user_type: 'STANDARD',
      language: 'en_US',
      locale: 'en_US',
      utcOffset: 0,
      is_app_installed: true,
    };
    sendJson(
      res,
      200,
      userinfo
        ? {
            sub: idUrl(),
            ...common,
            preferred_username: user.username,
            nickname: first.toLowerCase(),
            name: user.displayName,
            given_name: first,
            family_name: rest.join(' '),
            zoneinfo: 'Etc/UTC',
          }
        : {
            id: idUrl(),
            asserted_user: true,
            ...common,
            username: user.username,
            nick_name: first.toLowerCase(),
            display_name: user.displayName,
            first_name: first,
            last_name: rest.join(' '),
            timezone: 'Etc/UTC',
          },
    );
  }

  return {
    tokens,
    /** The consent page (GET shows it, POST is the user's choice); false when `path` is not it. */
    page(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): boolean {
      if (url.pathname !== '/services/oauth2/authorize') return false;
      const p = req.method === 'POST' ? new URLSearchParams(raw) : url.searchParams;
      const problem = invalid(p);
      if (problem)
        sendHtml(
          res,
          400,
          errorHtml('OAuth Error', `We can't authorize you because of an OAuth error. ${problem}`),
        );
      else if (req.method === 'POST')
        res.writeHead(302, { location: decide(p, p.get('decision') ?? '').toString() }).end();
      else
        sendHtml(
          res,
          200,
          consentHtml({
            title: 'Allow Access? | Fake Salesforce',
            heading: `Allow Access? ${opts.appName ?? 'Pitchpad'} is asking to:`,
            lines: [
              `Signed in as ${user.username}`,
              'Access the identity URL service',
              'Manage user data via APIs',
              'Perform requests at any time',
            ],
            action: '/services/oauth2/authorize',
            fields: Object.fromEntries([...p].filter(([k]) => k !== 'decision')),
            allowLabel: 'Allow',
            denyLabel: 'Deny',
          }),
        );
      return true;
    },
    /** The token, revoke and identity endpoints; false when `path` is none of them. */
    api(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): boolean {
      const path = url.pathname;
      if (req.method === 'POST' && path === '/services/oauth2/token') tokenEndpoint(req, res, raw);
      else if (path === '/services/oauth2/revoke') {
        const t = (req.method === 'POST' ? formOf(raw).token : url.searchParams.get('token')) ?? '';
        if (tokens.revokeRefresh(t, true) || tokens.revokeAccess(t)) res.writeHead(200).end();
        else oauthError(res, 'invalid_token', 'invalid token');
      } else if (path === '/services/oauth2/userinfo') identity(res, bearerOf(req), true);
      else if (path === `/id/${user.orgId}/${user.userId}`)
        identity(
          res,
          bearerOf(req) ??
            url.searchParams.get('oauth_token') ??
            url.searchParams.get('access_token') ??
            undefined,
          false,
        );
      else if (path.startsWith('/id/'))
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Bad_Id');
      else return false;
      return true;
    },
    authorizeUrl(p: {
      redirectUri: string;
      state: string;
      scope?: string[];
      codeChallenge?: string;
    }): string {
      const u = new URL('/services/oauth2/authorize', base());
      u.searchParams.set('response_type', 'code');
      u.searchParams.set('client_id', opts.clientId);
      u.searchParams.set('redirect_uri', p.redirectUri);
      u.searchParams.set('state', p.state);
      if (p.scope?.length) u.searchParams.set('scope', p.scope.join(' '));
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
    mintTokens(scopes = appScopes) {
      return answer(tokens.issue(scopes), true);
    },
    /** The user is frozen or deactivated: tokens stop working, refresh says authentication failure. */
    deactivateUser() {
      deactivated = true;
      tokens.revokeAll();
    },
  };
}
