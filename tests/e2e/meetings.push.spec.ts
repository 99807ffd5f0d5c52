import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { csrfToken, registerAndLogIn } from './pages/session';
import { icsOf, startFakeCalendar, type FakeCalendar } from '../fakes/calendar';
import { fullBrowser } from './support/browser';
import { Network, waitForWorker } from './support/network';

// A meeting's reminder on the phone: the server sends it through the push service 30 minutes before
// the meeting, the service worker shows it and fetches the brief the phone never read, and a tap
// opens that brief with no signal. A browser is needed for the worker's push and notification events,
// its IndexedDB and the offline page they open; notifications show only in the full browser.
test.use(fullBrowser);

let soonCalendar: FakeCalendar;
const PUSH_URL = `http://127.0.0.1:${process.env.E2E_FAKE_PUSH_PORT}`;

test.beforeAll(async () => {
  soonCalendar = await startFakeCalendar(
    icsOf([
      {
        uid: 'pricing-call',
        start: new Date(Date.now() + 20 * 60_000),
        minutes: 30,
        summary: 'Freightly pricing call',
        attendees: ['dana@freightly.example'],
      },
    ]),
  );
});
test.afterAll(() => soonCalendar?.close());

/**
 * The app's service worker as it runs now: the newest instance the browser started (an idle worker
 * is stopped and started again, and an earlier instance may still be listed).
 */
const runningWorker = (context: BrowserContext) => context.serviceWorkers().at(-1)!;

/** The notifications the app's service worker is showing now. */
function shownNotifications(context: BrowserContext) {
  return runningWorker(context).evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    return (await scope.registration.getNotifications()).map(({ title, body, data }) => ({
      title,
      body,
      data: data as unknown,
    }));
  });
}

test('the push service’s reminder shows before the meeting and opens its brief with no signal', async ({
  page,
  context,
  newAccount,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await registerAndLogIn(page.request, newAccount);
  // Chromium under test has no push service: the subscription is made at the push service's fake,
  // for the server's key, as a browser would make it, and handed to the server as the app does.
  const { publicKey } = (await (await page.request.get('/api/push/key')).json()) as {
    publicKey: string;
  };
  const made = await page.request.post(`${PUSH_URL}/__test/newSubscription`, { data: [publicKey] });
  const subscription = ((await made.json()) as { result: { endpoint: string } }).result;
  const headers = { 'x-csrf-token': await csrfToken(page.request) };
  expect(
    (await page.request.put('/api/push/subscription', { data: subscription, headers })).status(),
  ).toBe(204);

  // The meeting starts in 20 minutes: connecting the calendar makes its brief and its reminder.
  // The rep is elsewhere in the app: the phone has not read the meetings or the brief.
  await page.goto('/profile');
  await waitForWorker(page);
  expect(
    (
      await page.request.put('/api/calendar', {
        data: { url: soonCalendar.url, timeZone: 'UTC' },
        headers,
      })
    ).status(),
  ).toBe(200);
  let payload: { title: string; body: string; url: string; tag: string } | undefined;
  await expect(async () => {
    const state = (await (await page.request.get(`${PUSH_URL}/__test/state`)).json()) as {
      received: { endpoint: string; payload: typeof payload }[];
    };
    payload = state.received.find((r) => r.endpoint === subscription.endpoint)?.payload;
    expect(payload).toBeDefined();
  }).toPass({ timeout: 30_000 });
  expect(payload!.title).toMatch(/^Freightly at \d\d:\d\d: your brief is ready$/);
  await expect
    .poll(async () => (await page.request.get(`/api${payload!.url}/brief`)).status())
    .toBe(200);
  expect(
    await page.evaluate(() => localStorage.getItem('pitchpad-query-cache') ?? ''),
  ).not.toContain('Freightly pricing call');

  // The push arrives (handed to the worker as the browser hands it the message the push service
  // took): it shows, and the worker fetches the brief onto the phone while it is shown.
  await runningWorker(context).evaluate(async (data) => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const event = new PushEvent('push', { data });
    let handled: Promise<unknown> = Promise.resolve();
    const extend = event.waitUntil.bind(event);
    event.waitUntil = (promise) => {
      handled = promise;
      extend(promise);
    };
    scope.dispatchEvent(event);
    await handled;
  }, JSON.stringify(payload));

  // In the lobby, no signal: a tap opens the brief the reminder brought.
  await new Network(context).goOffline();
  await expect
    .poll(() => shownNotifications(context))
    .toEqual([
      { title: payload!.title, body: 'Freightly pricing call', data: { url: payload!.url } },
    ]);
  await runningWorker(context).evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(
      new NotificationEvent('notificationclick', { notification: notification! }),
    );
  });
  await expect(page).toHaveURL(
    new RegExp(`${payload!.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Freightly pricing call');
  await expect(page.getByRole('article', { name: 'Prep brief' })).toContainText('Freightly');
});
