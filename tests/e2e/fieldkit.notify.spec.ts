import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './support/axe';
import { fireBackgroundSync, syncTagOf } from './support/backgroundSync';
import { KEYBOARD_UP_HEIGHT, expectOnScreen, hideKeyboard, showKeyboard } from './support/keyboard';
import { expectNoSidewaysScroll } from './support/layout';
import { Network } from './support/network';
import { expectTapTargetsLargeEnough } from './support/tapTargets';
import { fullBrowser } from './support/browser';

// 'Your draft is ready' is a web notification, which only the full browser shows.
test.use(fullBrowser);

// 'Your draft is ready'. A queued send delivered and answered while no Pitchpad
// window is visible gets a notification, if the rep allowed them; the ask comes in context, once,
// right after the rep's first queued send, never on load.

const whoAmI = async (page: Page) =>
  ((await (await page.request.get('/api/auth/user')).json()) as { id: number }).id;

interface Shown {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}

/** The notifications the app's service worker is showing now. */
async function shownNotifications(context: BrowserContext): Promise<Shown[]> {
  const [worker] = context.serviceWorkers();
  if (!worker) return [];
  return worker.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    return (await scope.registration.getNotifications()).map(({ title, body, tag, data }) => ({
      title,
      body,
      tag,
      data: data as unknown,
    }));
  });
}

/** What the service worker writes to its console, from now on. */
function recordWorkerConsole(context: BrowserContext): string[] {
  const lines: string[] = [];
  context.on('console', (message) => {
    if (message.worker()) lines.push(`${message.type()}: ${message.text()}`);
  });
  return lines;
}

/** Runs `check`; if it fails, attaches what the worker said and the user's outbox as the worker sees it. */
async function explainOnFailure(
  check: Promise<void>,
  context: BrowserContext,
  workerLog: string[],
  userId: number,
): Promise<void> {
  try {
    await check;
  } catch (error) {
    const [worker] = context.serviceWorkers();
    const outbox = await worker
      ?.evaluate(
        (name) =>
          new Promise<unknown>((resolve) => {
            const open = indexedDB.open(name);
            open.addEventListener('error', () => resolve(`cannot open ${name}`));
            open.addEventListener('success', () => {
              const read = open.result.transaction('outbox').objectStore('outbox').getAll();
              read.addEventListener('success', () =>
                resolve({ onLine: navigator.onLine, entries: read.result as unknown }),
              );
              read.addEventListener('error', () => resolve('cannot read the outbox'));
            });
          }),
        `pitchpad-user-${userId}`,
      )
      .catch((reason: unknown) => `the worker could not be asked: ${String(reason)}`);
    const seen = JSON.stringify(
      { workers: context.serviceWorkers().length, outbox, console: workerLog },
      null,
      2,
    );
    // Printed as well: CI keeps only its log.
    console.log(`What the service worker saw:\n${seen}`);
    await test.info().attach('service worker', { contentType: 'application/json', body: seen });
    throw error;
  }
}

test("the ask comes after the first queued send, not on load; 'Not now' is remembered across a reload", async ({
  page,
  context,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  await chat.waitForOfflineReady();
  const ask = page.getByRole('region', { name: 'Notifications' });
  await chat.send('A question with signal');
  await expect(chat.replyText()).toContainText('You said: A question with signal');
  // Sent and answered with signal: nothing to wait for, nothing asked.
  await expect(ask).toBeHidden();

  const network = new Network(context);
  await network.goOffline();
  await chat.send('How do I price a pilot?');
  await expect(chat.userMessage('How do I price a pilot?')).toContainText('Queued');
  await expect(ask).toBeVisible();
  await expect(ask).toContainText("Tell me when it's ready?");
  await expect(ask.getByRole('button', { name: 'Notify me' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the chat with the notification ask');
  await expectTapTargetsLargeEnough(page, 'the chat with the notification ask');

  // With the keyboard up, the ask sits above the input bar, which stays clear.
  await showKeyboard(page, chat.input);
  await expect(page.viewportSize()).toEqual({ width: 390, height: KEYBOARD_UP_HEIGHT });
  await expectOnScreen(chat.input, 'the message box');
  await expectOnScreen(chat.sendButton, 'Send');
  await hideKeyboard(page);

  // A 320 px phone: the buttons go under the words, nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoSidewaysScroll(page, 'the ask at 320 px');
  // The header's connection mark keeps its icon there (its words are only read out).
  const markIcon = await chat.syncBadge.locator('.inline-icon').boundingBox();
  expect(markIcon?.width, 'the offline icon at 320 px').toBeGreaterThanOrEqual(14);
  await expectOnScreen(ask.getByRole('button', { name: 'Not now' }), 'Not now');
  await page.setViewportSize({ width: 390, height: 844 });

  await ask.getByRole('button', { name: 'Not now' }).click();
  await expect(ask).toBeHidden();
  // Asked once: the next queued send does not bring it back.
  await chat.send('And the second question?');
  await expect(chat.userMessage('And the second question?')).toContainText('Queued');
  await expect(ask).toBeHidden();

  // Nor does a reload (the app starts from the worker, still offline), nor the next queued send.
  await page.reload();
  await expect(chat.userMessage('And the second question?')).toContainText('Queued');
  await expect(ask).toBeHidden();
  await chat.send('A third, after the reload');
  await expect(chat.userMessage('A third, after the reload')).toContainText('Queued');
  await expect(ask).toBeHidden();
  // The browser's own prompt was never shown: the permission is still the browser's default.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
});

test("'Notify me' asks the browser, from the tap, and the ask does not come back", async ({
  page,
  context,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  await chat.waitForOfflineReady();
  const ask = page.getByRole('region', { name: 'Notifications' });
  const network = new Network(context);
  await network.goOffline();
  await chat.send('What goes in a mutual action plan?');
  await expect(ask).toBeVisible();
  expect(await page.evaluate(() => Notification.permission)).toBe('default');

  await ask.getByRole('button', { name: 'Notify me' }).click();
  await expect(ask).toBeHidden();
  // Headless Chromium answers the browser's prompt by itself (no one is there to allow it): the
  // permission is decided, which only that prompt can do.
  await expect.poll(() => page.evaluate(() => Notification.permission)).not.toBe('default');

  await page.reload();
  await chat.send('And who signs it?');
  await expect(chat.userMessage('And who signs it?')).toContainText('Queued');
  await expect(ask).toBeHidden();
});

test("a cold email queued offline and delivered by the service worker with no window open: 'Your cold email to Dana Ortiz is ready', and a tap opens its chat", async ({
  page,
  context,
  flows,
  newAccount,
  baseURL,
}) => {
  // The worker starts, opens the database, delivers and reads the whole reply: ~5 s on a quiet
  // machine, three times that with the rest of the suite running beside it.
  test.slow();
  const workerLog = recordWorkerConsole(context);
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await flows.openAsNewProUser(newAccount);
  await flows.waitForOfflineReady();
  const userId = await whoAmI(page);
  const network = new Network(context);

  await flows.openFlow('email');
  await flows.answer(
    'Dana Ortiz, VP Sales at Freightly. Just raised a Series B and is hiring 20 reps.',
  );
  await flows.answer('We halve the time new reps take to book their first meeting');
  await flows.answerBox.fill('https://cal.com/ada');
  await network.goOffline();
  await flows.button('Generate Email').click();
  await expect(flows.userMessages.first()).toContainText('Queued');
  const chatId = flows.chatId()!;
  // Notifications are allowed already: nothing to ask.
  await expect(page.getByRole('region', { name: 'Notifications' })).toBeHidden();
  expect(await shownNotifications(context)).toEqual([]);

  // The rep puts the phone away: no window of the app is open. The signal comes back, and the
  // browser's Background Sync wakes the worker, which delivers the send and reads the answer.
  await page.goto('about:blank');
  await network.goOnline();
  await fireBackgroundSync(page, baseURL!, syncTagOf(userId));

  await explainOnFailure(
    expect.poll(() => shownNotifications(context), { timeout: 45_000 }).toHaveLength(1),
    context,
    workerLog,
    userId,
  );
  const [shown] = await shownNotifications(context);
  expect(shown).toEqual({
    title: 'Your cold email to Dana Ortiz is ready',
    body: expect.stringMatching(/^You said: Write a personalized cold email/),
    tag: chatId,
    data: { url: `/chat?chat=${chatId}` },
  });
  expect(shown!.body.length).toBeLessThanOrEqual(100);

  // A tap on it, with the app open again on another screen: that window goes to the chat, which
  // holds the answer announced, and the notification goes. Headless Chromium has no way to tap a
  // notification: the worker is handed the event the browser would give it (minus the tap's
  // permission to focus or open a window, so opening a new window is covered by unit tests only).
  await flows.open();
  await expect(flows.input).toBeVisible();
  await context.serviceWorkers()[0]!.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(
      new NotificationEvent('notificationclick', { notification: notification! }),
    );
  });
  await expect(page).toHaveURL(`/chat?chat=${chatId}`);
  await expect(flows.replyText()).toContainText('You said: Write a personalized cold email');
  await expect.poll(() => shownNotifications(context)).toEqual([]);
});

test('a queued send delivered while the app is on screen shows no notification (the chat shows the answer)', async ({
  context,
  chat,
  newAccount,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await chat.openAsNewUser(newAccount);
  await chat.waitForOfflineReady();
  const network = new Network(context);
  await network.goOffline();
  await chat.send('Who signs a pilot at a bank?');
  await expect(chat.userMessage('Who signs a pilot at a bank?')).toContainText('Queued');
  await network.goOnline();
  await expect(chat.replyText()).toContainText('You said: Who signs a pilot at a bank?');
  expect(await shownNotifications(context)).toEqual([]);
});
