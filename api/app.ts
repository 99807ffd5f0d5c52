import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import session from 'koa-session';
import helmet from 'koa-helmet';
import compress from 'koa-compress';
import { paymentsEnabled, type Config } from './config';
import type { AppDeps, AppState } from './context';
import type { Pool } from './db';
import { loggerFor, type Logger } from './log';
import { errorHandler } from './middleware/errorHandler';
import { requestLog } from './middleware/requestLog';
import { csrf } from './middleware/csrf';
import { createLucia } from './auth/lucia';
import { planSettingsRoutes } from './billing/planSettings.routes';
import { loadSession } from './auth/sessions';
import { pgSessionStore } from './auth/sessionStore';
import { cookieNames } from './auth/cookies';
import { authRoutes } from './auth/auth.routes';
import { passwordResetRoutes } from './auth/passwordReset.routes';
import { passkeyRoutes } from './account/passkeys.routes';
import { credentialRoutes } from './account/credentials.routes';
import { deviceRoutes } from './account/devices.routes';
import { createMailer, type Mailer } from './mail';
import { formBody } from './auth/authForm';
import { sendSignedInOnward } from './auth/signInPages';
import { userRoutes } from './users/users.routes';
import { planRoutes } from './billing/plans.routes';
import { healthRoutes } from './health/health.routes';
import { chatRoutes } from './chats/chats.routes';
import { playbookRoutes } from './playbooks/playbooks.routes';
import { workflowRoutes } from './workflows/workflows.routes';
import { analysisRoutes } from './analysis/analysis.routes';
import { billingRoutes, WEBHOOK_PATH } from './billing/billing.routes';
import { createStripe, type Stripe } from './billing/stripe';
import { isLiveGateway, liveGateway } from './llm/live';
import { meteredGateway } from './llm/metered';
import { settingsRoutes } from './settings/settings.routes';
import { profileRoutes } from './profile/profile.routes';
import { KIT_UPLOAD_PATH, kitRoutes } from './kit/kit.routes';
import { RECORDING_UPLOAD_PATH, recordingRoutes } from './recordings/recordings.routes';
import { calendarRoutes } from './calendar/calendar.routes';
import { calendarJobs } from './calendar/calendarJobs';
import { sendPush } from './push/push';
import { crmRoutes } from './crm/crm.routes';
import { crmSettingsRoutes } from './crm/crmSettings.routes';
import { pushRoutes } from './push/push.routes';
import { searchRoutes } from './search/search.routes';
import { researchRoutes } from './research/research.routes';
import { accountExportRoutes } from './account/export.routes';
import { accountDeleteRoutes } from './account/delete.routes';
import type { LlmGateway } from './llm/types';
import { serveWeb } from './static';
import { sharedPages, shareRoutes } from './shares/shares.routes';
import { AUTH_FORM_PATHS } from '../domain/contract/authForm';
import { EARLY_TAP_SCRIPT } from '../domain/contract/earlyTapScript';
import { FRAME_BODY_SCRIPT, FRAME_HEAD_SCRIPT } from '../domain/contract/frameScript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = join(ROOT, 'web', 'dist');

/** The guest session (koa-session, `session` table): pre-sign-up state such as an idea analysis. */
const GUEST_SESSION_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

export interface AppOptions {
  config: Config;
  pool: Pool;
  log?: Logger;
  webDist?: string;
  /**
   * The model gateway; default: the live gateway (api/llm/live.ts), from the configuration and what
   * the operator stored in Settings → Model. A test's own gateway stays as it is: saving the
   * settings then changes nothing it answers with.
   */
  llm?: LlmGateway;
  /** The Stripe client; default: from the configuration (null when payments are not set up). */
  stripe?: Stripe | null;
  /** Outgoing mail; default: from the configuration (null when this server cannot send: api/mail.ts). */
  mailer?: Mailer | null;
}

/** Build the Koa app over an open database. Tests call this; `main.ts` adds the process around it. */
export function createApp({
  config,
  pool,
  log = loggerFor(config),
  webDist = WEB_DIST,
  llm,
  stripe = createStripe(config),
  mailer = createMailer(config, log),
}: AppOptions) {
  const live =
    llm === undefined ? liveGateway({ config, pool, log }) : isLiveGateway(llm) ? llm : null;
  const app = new Koa<AppState, AppDeps>({
    proxy: config.trustProxy,
    keys: [config.sessionSecret],
  });
  // Koa's ctx.ip is the left-most X-Forwarded-For entry, which the client writes. Keep only the
  // entries our own proxies appended, so ctx.ip is the address the outermost trusted proxy saw.
  app.maxIpsCount = config.trustProxy ? config.proxyHops : 0;
  Object.assign(app.context, { config, pool, log } satisfies AppDeps);
  app.silent = true; // errors are logged by errorHandler, once

  const lucia = createLucia(pool, {
    secure: config.secureCookies,
    paymentsEnabled: paymentsEnabled(config),
  });

  app.use(requestLog(log));
  if (config.secureCookies) {
    // The public origin is https; TLS may end at a proxy, so don't let Koa refuse Secure cookies.
    app.use((ctx, next) => {
      (ctx.cookies as unknown as { secure: boolean }).secure = true;
      return next();
    });
  }
  app.use(noStoreApi());
  app.use(compressApi());
  app.use(errorHandler());
  app.use(securityHeaders(config));
  // A signed-in rep is sent on from the sign-in pages before they are served (auth/signInPages.ts).
  app.use(sendSignedInOnward(lucia));
  // /s/<id>: a rep's shared page, made here, never the PWA's shell.
  app.use(sharedPages(lucia));
  app.use(serveWeb(webDist));
  // koa-session reads its store on every request it runs for, so it runs for guests only: a
  // logged-in user's requests need no guest state (their CSRF secret derives from the login).
  const guestSession = session(
    {
      key: cookieNames(config.secureCookies).guest,
      maxAge: GUEST_SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      signed: true,
      store: pgSessionStore(pool),
    },
    app,
  );
  app.use(loadSession(lucia));
  app.use((ctx, next) => (ctx.state.user ? next() : guestSession(ctx, next)));
  // The Stripe webhook proves itself with its signature over the raw body: no CSRF, no JSON parsing.
  const formPaths: string[] = Object.values(AUTH_FORM_PATHS);
  app.use(
    csrf({
      appUrl: config.appUrl,
      trustHost: !config.isProduction,
      exempt: [WEBHOOK_PATH],
      forms: formPaths,
    }),
  );
  // DELETE too: DELETE /api/push/subscription names the browser to forget in its body (an endpoint
  // is too long, and too secret, for a URL that request logs keep).
  const parseJson = bodyParser({
    enableTypes: ['json'],
    jsonLimit: '1mb',
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  });
  // The sign-in and registration forms a prerendered page posts itself: their fields, nothing else,
  // and a body it cannot read answered as the form's other refusals are (auth/authForm.ts).
  const parseForm = formBody();
  app.use((ctx, next) =>
    ctx.path === WEBHOOK_PATH ||
    (ctx.method === 'PUT' &&
      (KIT_UPLOAD_PATH.test(ctx.path) || RECORDING_UPLOAD_PATH.test(ctx.path)))
      ? next()
      : formPaths.includes(ctx.path)
        ? parseForm(ctx, next)
        : parseJson(ctx, next),
  );
  // A model an operator connected (or changed) on another instance answers here within seconds.
  if (live)
    app.use((ctx, next) => (ctx.path.startsWith('/api/') ? live.freshen().then(next) : next()));
  // Every model call is bounded and counted against its payer's daily allowance, whoever makes it.
  const model = meteredGateway(llm ?? live!, { pool, config, log });
  // The calendar's background work (briefs, reminders): main.ts runs it on a timer; a rep's read of
  // their meetings starts their turn at once.
  const calendarWork = calendarJobs({
    pool,
    config,
    log,
    llm: model,
    notify: (userId, message) => sendPush({ pool, config, log }, userId, message),
    ...(live ? { freshen: () => live.freshen() } : {}),
  });
  const routers = [
    healthRoutes(),
    authRoutes(lucia),
    passwordResetRoutes(lucia, mailer),
    passkeyRoutes(lucia, mailer),
    credentialRoutes(lucia, mailer),
    deviceRoutes(),
    userRoutes(model),
    planRoutes(),
    chatRoutes(model),
    playbookRoutes(model),
    workflowRoutes(),
    analysisRoutes(model),
    billingRoutes(stripe),
    settingsRoutes(model, live, { passwordReset: mailer !== null }),
    planSettingsRoutes(),
    profileRoutes(model),
    kitRoutes(),
    recordingRoutes(live),
    crmRoutes(),
    calendarRoutes(model, calendarWork),
    crmSettingsRoutes(),
    pushRoutes(),
    searchRoutes(),
    researchRoutes(model),
    shareRoutes(),
    accountExportRoutes(),
    accountDeleteRoutes(lucia, stripe),
  ];
  for (const router of routers) {
    app.use(router.routes()).use(router.allowedMethods());
  }
  return Object.assign(app, { calendarWork });
}

/**
 * `Cache-Control: no-store` on every /api answer, errors and streams included. All of them, not only
 * a signed-in user's: a guest's answers are theirs too (CSRF token, idea analyses), a logout's
 * answer has no session left to test for, and no API answer is meant for a shared or disk cache.
 * The PWA keeps what it needs offline itself (Dexie, the service worker's cache).
 */
function noStoreApi(): Koa.Middleware<AppState, AppDeps> {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    ctx.set('Cache-Control', 'no-store');
    await next();
    // Streams set 'no-cache, no-transform'; keep their other directives beside no-store.
    if (!ctx.headerSent) ctx.set('Cache-Control', withNoStore(ctx.response.get('Cache-Control')));
  };
}

/** JSON (and other text) answers of the API; never an event stream. */
const COMPRESSIBLE_API_TYPE = /^(application\/([\w.-]+\+)?json|text\/(?!event-stream))/i;

/**
 * API answers above 1 KiB are compressed (Brotli or gzip, as the client accepts): a chat list or a
 * long reply is mostly repeated keys and words. Server-Sent Events never are: a compressor holds
 * bytes back until it has enough to work with, and each event must reach the phone as it is written.
 * The PWA's static files come precompressed from the build (static.ts), so only /api goes through this.
 */
function compressApi(): Koa.Middleware<AppState, AppDeps> {
  const compressJson = compress({
    threshold: 1024,
    filter: (type) => COMPRESSIBLE_API_TYPE.test(type),
  });
  return (ctx, next) =>
    ctx.path.startsWith('/api/')
      ? compressJson(ctx, () => next().then(() => serializeJson(ctx)))
      : next();
}

/**
 * A JSON body as its text, made once: koa-compress asks the body's length (for Koa, an object's
 * length is its JSON serialized), then Koa or the compressor serialized it again to send it.
 */
function serializeJson(ctx: Koa.Context): void {
  const { body } = ctx;
  if (
    body !== null &&
    typeof body === 'object' &&
    !Buffer.isBuffer(body) &&
    typeof (body as { pipe?: unknown }).pipe !== 'function'
  )
    ctx.body = JSON.stringify(body);
}

function withNoStore(value: string): string {
  const others = value
    .split(',')
    .map((d) => d.trim())
    .filter(
      (d) => d && !/^(no-store|no-cache|public|private|max-age=.*|s-maxage=.*|immutable)$/i.test(d),
    );
  return ['no-store', ...others].join(', ');
}

/**
 * The inline scripts allowed, by the hashes of their exact texts, so no other inline script runs:
 * the prerendered pages' tap keeper (domain/contract/earlyTapScript.ts) and the shell's two that
 * paint the home screen's frame (domain/contract/frameScript.ts).
 */
const INLINE_SCRIPT_HASHES = [EARLY_TAP_SCRIPT, FRAME_HEAD_SCRIPT, FRAME_BODY_SCRIPT].map(
  (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
);

/** Security headers; the CSP allows Stripe's script and frames and nothing else from outside. */
function securityHeaders(config: Config) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com', ...INLINE_SCRIPT_HASHES],
        // Stripe's embedded checkout: its script, its frames (3-D Secure runs on hooks.stripe.com) and its API.
        frameSrc: [
          "'self'",
          'https://js.stripe.com',
          'https://checkout.stripe.com',
          'https://hooks.stripe.com',
        ],
        connectSrc: ["'self'", 'https://api.stripe.com', 'https://checkout.stripe.com'],
        // Ionic's web components inject <style> elements and style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Logos are local initials, never fetched from a logo service: images come from us, data:/blob:
        // URLs and Stripe's checkout.
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
        // A voice debrief plays back from the phone's own copy, a blob: URL.
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // helmet's default, no-referrer, also makes a browser send `Origin: null` on our own pages' form
    // POSTs (the sign-in forms posted before the app takes over), which the CSRF check must refuse.
    // same-origin names us to ourselves and sends nothing to other sites, as before.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.isProduction,
    crossOriginEmbedderPolicy: false,
  });
}
