import type { Middleware } from 'koa';
import { PENDING_LOGOUT_COOKIE } from '../../domain/contract/signInCookies';
import { signInDestination } from '../../domain/signInDestination';
import type { AppContext, AppDeps, AppState } from '../context';
import { isSignInPage, onwardParams, type Onward } from './authForm';
import type { AppLucia } from './lucia';
import { loadSession } from './sessions';

/**
 * Where the rep was going, from the sign-in page they came from, when the page asked for names none:
 * the prerendered page's tabs are plain links to /auth/login and /auth/register (a static page
 * cannot put its own query into them before a script runs), and the browser names the page the tab
 * was on in the Referer (our Referrer-Policy is same-origin: the full address, only to ourselves).
 */
function onwardOfTab(ctx: AppContext): Onward {
  let referer: URL;
  try {
    referer = new URL(ctx.get('Referer'));
  } catch {
    return {};
  }
  if (referer.host !== ctx.host || !isSignInPage(referer.pathname)) return {};
  return onwardParams(referer.searchParams);
}

const isEmpty = (onward: Onward) => Object.keys(onward).length === 0;

/**
 * The sign-in pages (the prerendered /auth, /auth/login, /auth/register) as the server answers them.
 *
 * A signed-in rep who opens one (a tool card's link tapped before the app took the landing page
 * over: /auth/login?redirect=pricing&tool=…) is sent on at once with a 303 to where that address
 * leads after signing in (domain/signInDestination.ts), as if they had just signed in; a guest gets
 * the page. Not while the page says a logout made offline still waits to end this user's session
 * (PENDING_LOGOUT_COOKIE): the session cookie still answers for them until the app has ended it,
 * so the page is served and the app settles the logout before it decides (AuthScreen.tsx).
 *
 * A tab tapped before the app took the page over arrives without the query of the page it was on:
 * the query is put back with a 303 to the same page (from the Referer), so the form there leads
 * where the first page meant, as the app's own tabs do.
 *
 * The answer depends on the cookies and the Referer, so no shared cache may keep it for anyone else
 * (Vary, private). Runs before the web files are served, which is before the session is read for
 * the API, so it reads the session itself. The installed app's service worker asks the network for
 * these pages first (web/sw.ts), so this holds there too while online.
 */
export function sendSignedInOnward(lucia: AppLucia): Middleware<AppState, AppDeps> {
  const readSession = loadSession(lucia);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !isSignInPage(ctx.path)) return next();
    ctx.vary('Cookie');
    ctx.vary('Referer');
    const asked = onwardParams(new URLSearchParams(ctx.querystring));
    const carried = isEmpty(asked) ? onwardOfTab(ctx as AppContext) : {};
    await readSession(ctx, async () => {});
    const user = ctx.state.user;
    const logoutPending = user && ctx.cookies.get(PENDING_LOGOUT_COOKIE) === String(user.id);
    if (user && !logoutPending) {
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 303;
      const onward = isEmpty(asked) ? carried : asked;
      ctx.redirect(signInDestination({ redirect: onward.redirect, tool: onward.tool }));
      return;
    }
    if (!isEmpty(carried)) {
      const query = new URLSearchParams(ctx.querystring);
      for (const [name, value] of Object.entries(carried)) query.set(name, value);
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 303;
      ctx.redirect(`${ctx.path}?${query}`);
      return;
    }
    await next();
    // serveWeb's `no-cache` lets a shared cache keep the page (revalidated); this one is per browser.
    ctx.set('Cache-Control', 'private, no-cache');
  };
}
