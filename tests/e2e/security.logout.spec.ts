import type { APIRequestContext, BrowserContext, Page, Route } from '@playwright/test';
import { uniqueCredentials } from '../factories/users';
import { expect, test } from './fixtures';
import { registerAndLogIn } from './pages/session';
import { Network } from './support/network';

// Logging out on a phone with no signal forgets the user on the phone at once,
// and ends the session on the server as soon as the server can be reached, never someone else's.

const SESSION_COOKIE = 'pitchpad_session';

async function sessionCookie(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(cookie, 'the session cookie').toBeDefined();
  return cookie!.value;
}

/** Who the server says `request` is (null: no session). */
const whoIs = async (request: APIRequestContext) =>
  (await (await request.get('/api/auth/user')).json()) as { id: number; username: string } | null;

const localDatabases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));

test.describe('logout while offline', () => {
  test('logging out with no network clears the phone at once and ends the server session once back online', async ({
    page,
    context,
    chat,
    newAccount,
    playwright,
    baseURL,
  }) => {
    await chat.openAsNewUser(newAccount);
    await chat.waitForOfflineReady();
    await chat.send('Who signs off on a security review?');
    await expect(chat.replyText()).toHaveText('You said: Who signs off on a security review?');
    const me = (await whoIs(page.request))!;
    expect(await localDatabases(page)).toContain(`pitchpad-user-${me.id}`);
    // The old session, as someone holding a copy of the cookie would use it.
    const holder = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { cookie: `${SESSION_COOKIE}=${await sessionCookie(context)}` },
    });

    const network = new Network(context);
    await network.goOffline();
    await chat.logOutFromMenu();
    await chat.expectToast(
      'Signed out on this phone',
      "The sign-out completes when you're back online.",
    );

    // At once, with no network: the user's local data is gone and the app is signed out.
    await expect.poll(() => localDatabases(page)).not.toContain(`pitchpad-user-${me.id}`);
    await expect(chat.signInButton).toBeVisible();
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/auth/);
    // A reload offline does not bring the user back.
    await page.reload();
    await expect(chat.signInButton).toBeVisible();
    // The server has not heard yet.
    expect((await whoIs(holder))?.id).toBe(me.id);

    // Back online: the waiting logout goes out with the old session's cookie and ends it.
    await network.goOnline();
    await expect.poll(() => whoIs(holder)).toBeNull();
    await expect(chat.signInButton).toBeVisible();
    // The phone forgets the waiting logout once the server's answer is back, a moment after the
    // server ended the session.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pendingLogout'))).toBeNull();
    await holder.dispose();
  });

  test('when someone else signs in before the network is back, the old session is still ended and the new one is not', async ({
    page,
    context,
    chat,
    newAccount,
    playwright,
    baseURL,
  }) => {
    await chat.openAsNewUser(newAccount);
    await chat.waitForOfflineReady();
    const alice = (await whoIs(page.request))!;
    const holder = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { cookie: `${SESSION_COOKIE}=${await sessionCookie(context)}` },
    });

    const network = new Network(context);
    await network.goOffline();
    await chat.logOutFromMenu();
    await chat.expectToast('Signed out on this phone');

    // Bob signs in on this browser before the logout could reach the server.
    const bob = { name: 'Bob Closer', ...uniqueCredentials('bob') };
    await registerAndLogIn(page.request, bob);
    // His login replaced Alice's cookie, and ended her session.
    expect(await whoIs(holder)).toBeNull();

    await network.goOnline();
    // The waiting logout finds Bob's session in the browser: nothing of Alice's is left to end, and
    // Bob stays signed in.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pendingLogout'))).toBeNull();
    expect((await whoIs(page.request))?.username).toBe(bob.username);
    expect(alice.id).not.toBe((await whoIs(page.request))?.id);
    await holder.dispose();
  });
});

test('signing in again as the same rep through the sign-in form, after logging out offline, is not undone by the waiting logout when the app starts', async ({
  page,
  context,
  chat,
  newAccount,
  baseURL,
}) => {
  await chat.openAsNewUser(newAccount);
  await chat.waitForOfflineReady();
  const me = (await whoIs(page.request))!;
  const network = new Network(context);
  await network.goOffline();
  await chat.logOutFromMenu();
  await chat.expectToast('Signed out on this phone');
  // The rep closes the app while offline: the logout waits in this browser's storage.
  await page.goto('about:blank');
  await network.goOnline();

  // Back online, they sign in again through the prerendered sign-in form, which the browser posts
  // itself before any of the app's code runs (so nothing of the app hears of this login). Posted
  // here as that form posts it, with the browser's cookies; the server answers with a 303 to /chat.
  const posted = await page.request.post('/api/auth/login/form', {
    form: { username: newAccount.username, password: newAccount.password },
    headers: { origin: baseURL!, referer: `${baseURL}/auth/login` },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(303);
  expect(posted.headers().location).toBe('/chat');
  await page.goto('/chat');

  // The app starts, and the waiting logout finds a session begun after it: not its to end.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pendingLogout'))).toBeNull();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(chat.input).toBeVisible();
  expect((await whoIs(page.request))?.id).toBe(me.id);
});

/** A logout call lost to a dead radio. */
const cutLogout = (route: Route) => route.abort('internetdisconnected');

test.describe('without a service worker (a browser tab, not the installed app)', () => {
  test.use({ serviceWorkers: 'block' });

  test('with a logout made offline still waiting, the sign-in page opens as itself: no bounce through the chat of the session the logout is about to end', async ({
    page,
    chat,
    newAccount,
  }) => {
    await chat.openAsNewUser(newAccount);
    // No signal for the logout: it never reaches the server (the rest of the page is loaded, as
    // a phone that lost its signal after opening the app has it).
    await page.route('**/api/auth/logout', cutLogout);
    await chat.logOutFromMenu();
    await chat.expectToast('Signed out on this phone');
    // The rep leaves the page before the signal is back: the logout waits in this browser's storage.
    await page.goto('about:blank');
    await page.unroute('**/api/auth/logout', cutLogout);

    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    // The app ends the waiting logout's session, and the rep stays on the sign-in page.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pendingLogout'))).toBeNull();
    await expect.poll(() => whoIs(page.request)).toBeNull();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
    expect(visited, 'pages shown').not.toContain('/chat');
  });
});
