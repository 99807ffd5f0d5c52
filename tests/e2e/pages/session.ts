import { expect } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { NewAccount } from './AuthPage';

/**
 * Registers and logs in through the API; the page (and any page of the same context) shares the
 * cookies. The login screens have their own spec; here they would only slow every story down.
 */
export async function registerAndLogIn(
  request: APIRequestContext,
  account: NewAccount,
): Promise<void> {
  const registered = await request.post('/api/auth/register', {
    data: account,
    headers: { 'x-csrf-token': await csrfToken(request) },
  });
  expect(registered.status(), 'register').toBe(201);
  await logIn(request, account);
}

export async function logIn(
  request: APIRequestContext,
  account: Pick<NewAccount, 'username' | 'password'>,
): Promise<void> {
  const loggedIn = await request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
    headers: { 'x-csrf-token': await csrfToken(request) },
  });
  expect(loggedIn.status(), 'login').toBe(200);
}

export async function csrfToken(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/csrf-token')).json()) as { csrfToken: string }).csrfToken;
}

/**
 * The same account signed in on a second device (a laptop-sized browser of its own, sharing nothing
 * with the test's page): `use` drives it, and it is closed afterwards whatever happens.
 */
export async function onAnotherDevice(
  browser: Browser,
  account: Pick<NewAccount, 'username' | 'password'>,
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await laptop.newPage();
    await logIn(page.request, account);
    await use(page);
  } finally {
    await laptop.close();
  }
}
