/**
 * The sign-in and registration forms as the browser posts them itself, before the app has taken the
 * prerendered page over (a plain `<form method="post">`): the body is urlencoded fields, and every
 * answer is a 303 the browser follows with a GET, to where the rep was going or back to the form
 * with an error code. Never JSON: a browser's own form post would show it raw.
 */
import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import {
  AUTH_FORM_PAGES,
  AUTH_FORM_PATHS,
  COMMON_PASSWORD,
  EMAIL_TAKEN,
  USERNAME_TAKEN,
  fieldMessageCode,
} from '../../domain/contract/authForm';
import {
  NEW_ACCOUNT_COOKIE,
  NEW_ACCOUNT_COOKIE_MAX_AGE_S,
} from '../../domain/contract/signInCookies';
import { signInDestination } from '../../domain/signInDestination';
import type { AppContext, AppDeps, AppState } from '../context';
import { AppError, InvalidRequest, formatZodIssues, zodFieldMessages } from '../errors';
import { findBadText } from '../middleware/validate';

/** The sign-in page's own addresses: where a form's Referer must point for its query to count. */
const AUTH_PAGES = new Set(['/auth', AUTH_FORM_PAGES.login, AUTH_FORM_PAGES.register]);

/** The query parameters of the sign-in page that say where the rep was going (its link, e.g. a tool card's). */
const KEPT_PARAMS = ['redirect', 'tool'] as const;
export type Onward = Partial<Record<(typeof KEPT_PARAMS)[number], string>>;

/** Longer than any address of ours: a longer value is not carried back into the next one. */
const MAX_PARAM_LENGTH = 500;

/** The form page each form path goes back to when it fails. */
const FORM_PAGE_OF: Record<string, string> = {
  [AUTH_FORM_PATHS.login]: AUTH_FORM_PAGES.login,
  [AUTH_FORM_PATHS.register]: AUTH_FORM_PAGES.register,
};

/**
 * Where the rep was going, from the address of the sign-in page that posted the form. A static page
 * cannot fill hidden fields with its own query before a script runs, but the browser names that page
 * in the Referer (our Referrer-Policy is same-origin: the full address, only to ourselves). Only a
 * Referer from the origin the CSRF check accepted, and only from the sign-in page, is read.
 */
export function onwardOf(ctx: AppContext): Onward {
  let referer: URL;
  try {
    referer = new URL(ctx.get('Referer'));
  } catch {
    return {};
  }
  // The CSRF check (middleware/csrf.ts) accepted the Origin header, or without one the Referer's origin.
  const origin = ctx.get('Origin') || referer.origin;
  if (referer.origin !== origin || !isSignInPage(referer.pathname)) return {};
  return onwardParams(referer.searchParams);
}

/** Whether a path is one of the sign-in page's addresses (any case, a trailing slash), as the client router matches them. */
export function isSignInPage(path: string): boolean {
  return AUTH_PAGES.has(path.toLowerCase().replace(/(.)\/$/, '$1'));
}

/** The parameters of a sign-in page's query that say where the rep was going; none too long. */
export function onwardParams(query: URLSearchParams): Onward {
  const onward: Onward = {};
  for (const name of KEPT_PARAMS) {
    const value = query.get(name);
    if (value && value.length <= MAX_PARAM_LENGTH) onward[name] = value;
  }
  return onward;
}

/**
 * After the registration form created an account: a cookie the app reads once when it starts on
 * the page the 303 leads to, to greet the new account as its own registration does. Readable by
 * the page's script (it removes it); it holds the new account's id and nothing else, and no name
 * or address goes into a URL.
 */
export function markNewAccount(ctx: AppContext, userId: number): void {
  ctx.cookies.set(NEW_ACCOUNT_COOKIE, String(userId), {
    httpOnly: false,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    path: '/',
    maxAge: NEW_ACCOUNT_COOKIE_MAX_AGE_S * 1000,
    overwrite: true,
    signed: false,
  });
}

/** Back to the form with the reason's code, keeping where the rep was going for the next try. */
function backToForm(formPage: string, onward: Onward, code: string): string {
  return `${formPage}?${new URLSearchParams({ ...onward, error: code })}`;
}

/**
 * Runs a form's action and answers with a 303 (the browser then GETs the page): where the sign-in
 * page's address says the rep was going (domain/signInDestination.ts, as the app's own sign-in),
 * else back to the form with an error code the page shows. Only the code: never what was typed.
 */
export async function answerForm(
  ctx: AppContext,
  formPage: string,
  action: () => Promise<void>,
): Promise<void> {
  const onward = onwardOf(ctx);
  let target: string;
  try {
    await action();
    target = signInDestination({ redirect: onward.redirect, tool: onward.tool });
  } catch (error) {
    // Something that went wrong here (the database down) is logged and told as a failure on the
    // form's own page: a browser's plain form post must never land on a JSON body.
    if (!(error instanceof AppError)) ctx.log.error({ err: error }, `POST ${ctx.path} failed`);
    target = backToForm(
      formPage,
      onward,
      error instanceof AppError ? formErrorCode(error) : 'failed',
    );
  }
  ctx.status = 303; // Koa's redirect keeps a redirect status already set
  ctx.redirect(target);
}

/** The error code a refused form goes back with (domain/contract/authForm.ts words it). */
function formErrorCode(error: AppError): string {
  if (error.status === 429) return 'too-many';
  if (error.status === 401) return 'invalid-login';
  const [field, why] = Object.entries(error.fields ?? {})[0] ?? [];
  if (field === 'username' && why === USERNAME_TAKEN) return 'username-taken';
  if (field === 'email' && why === EMAIL_TAKEN) return 'email-taken';
  if (field === 'password' && why === COMMON_PASSWORD) return 'common-password';
  return (why && fieldMessageCode(why)) ?? 'failed';
}

/** A posted form's fields, checked by the same schema as the JSON body (a repeated field is refused). */
export function formInput<S extends z.ZodType>(ctx: { request: unknown }, schema: S): z.output<S> {
  const raw = (ctx.request as { body?: unknown }).body ?? {};
  const badText = findBadText(raw);
  if (badText) throw InvalidRequest(badText);
  const result = schema.safeParse(raw);
  if (!result.success)
    throw InvalidRequest(
      formatZodIssues(result.error.issues),
      zodFieldMessages(result.error.issues),
    );
  return result.data;
}

/**
 * The forms' body parser: their fields, nothing else. A body it cannot read (more than the form could
 * ever hold, or not text) is answered like any other refusal of the form, with a 303 back to it and
 * the reason's code, instead of the JSON error the API's own clients get.
 */
export function formBody(): Middleware<AppState, AppDeps> {
  const parse = bodyParser({ enableTypes: ['form'], formLimit: '16kb' });
  return async (ctx, next) => {
    let parsed = false;
    try {
      await parse(ctx, () => {
        parsed = true;
        return next();
      });
    } catch (error) {
      const formPage = FORM_PAGE_OF[ctx.path];
      if (parsed || !formPage) throw error;
      const status = (error as { status?: unknown }).status;
      const clientError = typeof status === 'number' && status >= 400 && status < 500;
      if (!clientError)
        ctx.log.error({ err: error }, `POST ${ctx.path}: the form could not be read`);
      ctx.status = 303;
      ctx.redirect(
        backToForm(formPage, onwardOf(ctx as AppContext), status === 413 ? 'too-large' : 'failed'),
      );
    }
  };
}
