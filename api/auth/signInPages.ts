import type { Middleware } from 'koa';
import { AUTH_FORM_PAGES } from '../../domain/contract/authForm';
import { signInDestination } from '../../domain/signInDestination';
import type { AppDeps, AppState } from '../context';
import type { AppLucia } from './lucia';
import { loadSession } from './sessions';

/** The prerendered sign-in pages (web/prerender/pages.ts), as the client router matches them: any case, a trailing slash. */
const SIGN_IN_PAGES = new Set(['/auth', AUTH_FORM_PAGES.login, AUTH_FORM_PAGES.register]);

function isSignInPage(path: string): boolean {
  return SIGN_IN_PAGES.has(path.toLowerCase().replace(/(.)\/$/, '$1'));
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A signed-in rep who opens the sign-in page (a tool card's link tapped before the app took the
 * landing page over: /auth/login?redirect=pricing&tool=…) is sent on at once with a 303 to where
 * that address leads after signing in (domain/signInDestination.ts), as if they had just signed
 * in; a guest gets the page. The answer now depends on the session cookie, so no shared cache may
 * keep it for anyone else (Vary: Cookie, private). Runs before the web files are served, which is
 * before the session is read for the API, so it reads the session itself.
 *
 * An installed app's service worker answers these navigations from its own copy of the page
 * (web/sw.ts), so there the request never reaches the server: the redirect is for browsers the
 * worker does not control yet, a first or cleared visit.
 */
export function sendSignedInOnward(lucia: AppLucia): Middleware<AppState, AppDeps> {
  const readSession = loadSession(lucia);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !isSignInPage(ctx.path)) return next();
    ctx.vary('Cookie');
    await readSession(ctx, async () => {});
    if (ctx.state.user) {
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 303;
      ctx.redirect(
        signInDestination({
          redirect: firstValue(ctx.query.redirect),
          tool: firstValue(ctx.query.tool),
        }),
      );
      return;
    }
    await next();
    // serveWeb's `no-cache` lets a shared cache keep the page (revalidated); this one is per browser.
    ctx.set('Cache-Control', 'private, no-cache');
  };
}
