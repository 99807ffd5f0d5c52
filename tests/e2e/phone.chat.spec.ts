import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ChatPage } from './pages/ChatPage';
import { onAnotherDevice } from './pages/session';
import { runAxe, seriousOf } from './support/axe';
import { Network } from './support/network';
import { GTM_PLAN, base64, unique } from './support/scriptedReplies';
import { storedMessages } from './support/storedChat';

// The chat screen on a 390×844 phone: what it says offline, what a normal send shows,
// and what a streamed reply looks like. The fake model answers "You said: <message>" word by word.

test('offline, a chat never opened on this phone says it is not here yet, a message typed there is queued for it, and it loads once back online', async ({
  browser,
  page,
  context,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  await chat.waitForOfflineReady();
  // A conversation read on this phone before: it stays readable offline.
  const mine = `Which CFOs buy on a Friday ${unique()}`;
  await chat.send(mine);
  await expect(chat.replyText()).toHaveText(`You said: ${mine}`);
  const mineId = chat.chatId()!;

  // A conversation the rep had on the laptop: this phone only learns it exists (the chat list).
  const elsewhere = `Laptop question about churn ${unique()}`;
  let laptopChatId = '';
  await onAnotherDevice(browser, newAccount, async (laptop) => {
    const onLaptop = new ChatPage(laptop);
    await onLaptop.open();
    await onLaptop.send(elsewhere);
    await expect(onLaptop.replyText()).toHaveText(`You said: ${elsewhere}`);
    laptopChatId = onLaptop.chatId()!;
  });
  await chat.open();
  const sidebar = await chat.openSidebar();
  await expect(sidebar.locator('.chat-sidebar__chat')).toHaveCount(2);
  await page.keyboard.press('Escape');

  const network = new Network(context);
  await network.goOffline();
  await chat.open(`?chat=${mineId}`);
  await expect(chat.syncBadge).toContainText('Offline');
  await expect(chat.userMessage(mine)).toBeVisible();
  await expect(chat.replyText()).toHaveText(`You said: ${mine}`);
  await expect(chat.unloadedNotice).toBeHidden();

  // The laptop's chat, never opened here: not an empty chat with a welcome, but what is going on.
  await chat.open(`?chat=${laptopChatId}`);
  await expect(chat.title).toHaveText(elsewhere);
  await expect(chat.unloadedNotice).toContainText("This conversation isn't on this phone yet");
  await expect(chat.unloadedNotice).toContainText("It will load when you're back online.");
  await expect(chat.page.locator('.message--welcome')).toHaveCount(0);
  await expect(chat.userMessages).toHaveCount(0);

  // Written here anyway: queued, and the screen says where it goes.
  const typed = `Follow-up from the train ${unique()}`;
  await chat.send(typed);
  await expect(chat.userMessage(typed)).toContainText('Queued');
  await expect(chat.unloadedNotice).toContainText(
    `Your message is queued. It goes into “${elsewhere}” when you're back online.`,
  );
  await expect(page).toHaveURL(new RegExp(`chat=${laptopChatId}`));

  // Back online: the conversation loads, and the message goes into it, after what was there.
  await network.goOnline();
  await expect(chat.userMessages).toHaveCount(2);
  await expect(chat.replies.locator('.message__bubble')).toHaveText([
    `You said: ${elsewhere}`,
    `You said: ${typed}`,
  ]);
  await expect(chat.unloadedNotice).toBeHidden();
  await expect(chat.sentMessages).toHaveCount(2);
  expect(
    (await storedMessages(page.request, laptopChatId)).map((m) => [m.role, m.content]),
  ).toEqual([
    ['user', elsewhere],
    ['assistant', `You said: ${elsewhere}`],
    ['user', typed],
    ['assistant', `You said: ${typed}`],
  ]);
});

/**
 * Records, from the page's first script on, whether the header ever showed its amber 'waiting'
 * warning or any message ever showed 'Queued': a flash of either counts.
 */
async function recordAlarms(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { alarmsSeen: string[] }).alarmsSeen = seen;
    const check = () => {
      const badge = document.querySelector('.sync-badge--waiting');
      if (badge) seen.push(`header: ${badge.textContent ?? ''}`);
      for (const queued of document.querySelectorAll('.message--queued'))
        seen.push(`message: ${queued.textContent ?? ''}`);
    };
    new MutationObserver(check).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
    });
  });
}

const alarmsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { alarmsSeen: string[] }).alarmsSeen);

test('online, a send shows no waiting warning and no Queued: a message in another chat goes while a long reply streams, and is Sent as soon as the server has it', async ({
  page,
  chat,
  newAccount,
}) => {
  await recordAlarms(page);
  await chat.openAsNewUser(newAccount);

  // A long answer in the first chat: about 15 s of words, so it is still being written while the
  // quick question below is asked and answered, even on a loaded machine.
  const long = `Write the whole launch plan ${unique()} ${'step '.repeat(30).trim()}`;
  await chat.send(`${long} [[delay:400]]`);
  await expect(chat.replyText()).toContainText('You said:');
  await expect(chat.stopButton).toBeVisible();
  // The server has the message: it says so while the answer is still coming.
  await expect(chat.userMessage(long)).toHaveClass(/message--sent/);
  const longChat = chat.chatId()!;

  // Meanwhile, a quick question in a new chat: it goes at once, and its answer is complete while
  // the long one is still being written.
  await page
    .locator('header.chat-header')
    .getByRole('button', { name: 'New Chat', exact: true })
    .click();
  await expect(chat.title).toHaveText('New Conversation');
  const quick = `Quick pricing question ${unique()}`;
  await chat.send(quick);
  await expect(chat.replyText()).toHaveText(`You said: ${quick}`);
  await expect(chat.userMessage(quick)).toHaveClass(/message--sent/);
  expect((await storedMessages(page.request, longChat)).at(-1)?.status).toBe('streaming');

  // Back in the first chat, its answer finishes.
  const sidebar = await chat.openSidebar();
  await sidebar.locator('.chat-sidebar__chat', { hasText: long.slice(0, 20) }).click();
  await expect(page).toHaveURL(new RegExp(`chat=${longChat}`));
  await expect(chat.replyText()).toHaveText(`You said: ${long}`, { timeout: 30_000 });
  await expect(chat.syncBadge).toHaveCount(0);
  expect(await alarmsSeen(page)).toEqual([]);
});

/** The words of `scope`'s text that the layout splits over two lines (a number or word broken mid-token). */
function brokenTokens(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        // One box per line the word is laid out on.
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1)
          broken.push(match[0]);
      }
    }
    return broken;
  });
}

/** How many lines the text of `cell` takes. */
const lineCount = (cell: Locator) =>
  cell.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

test('the Stop control never covers the newest streamed line: it sits in the input bar', async ({
  page,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  // Long enough to outlast the checks on a busy machine (about 16 s): Stop is still there to tap.
  const words = `Tell the whole story ${unique()} ${'once upon a time there was a sales rep '.repeat(40).trim()}`;
  await chat.send(`${words} [[delay:50]]`);
  await expect(chat.stopButton).toBeVisible();
  // The reply has begun (the rep's long message alone can make the list scroll while the reply's
  // bubble is still empty), has grown taller than the screen and is still coming: the list follows
  // its newest line.
  await expect(chat.replyText()).toContainText('Tell the whole story');
  const scroller = page.locator('.chat__scroller');
  await expect
    .poll(() => scroller.evaluate((el) => el.scrollHeight - el.clientHeight))
    .toBeGreaterThan(100);

  const stop = (await chat.stopButton.boundingBox())!;
  const list = (await scroller.boundingBox())!;
  // Stop is below the conversation, not over it, and within the phone's screen, at least 44 px tall.
  expect(stop.y).toBeGreaterThanOrEqual(list.y + list.height - 1);
  expect(stop.y + stop.height).toBeLessThanOrEqual(844);
  expect(stop.height).toBeGreaterThanOrEqual(44);
  // The newest line is on screen and nothing covers it, from end to end.
  const covered = await chat.replyText().evaluate((bubble) => {
    const range = document.createRange();
    range.selectNodeContents(bubble);
    const rects = [...range.getClientRects()];
    const last = rects.reduce((a, b) => (b.bottom > a.bottom ? b : a));
    const y = last.top + last.height / 2;
    const points: number[] = [];
    for (let x = last.left + 2; x < last.right - 2; x += 8) points.push(x);
    return points.filter((x) => !bubble.contains(document.elementFromPoint(x, y)));
  });
  expect(covered).toEqual([]);
  // Measured while it was still streaming.
  await expect(chat.stopButton).toBeVisible();
  // Stop stands in Send's place while the reply streams.
  await expect(chat.sendButton).toHaveCount(0);

  await chat.stopButton.click();
  await expect(chat.stopButton).toBeHidden();
  await expect(chat.replies.last()).toContainText('Stopped');
});

test('a markdown table keeps numbers and words whole and scrolls sideways, by touch or keyboard', async ({
  page,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  const table = [
    `Here are the plans ${unique()}:`,
    '',
    '| Plan | Seats | Annual price | Onboarding | Support |',
    '|---|---|---|---|---|',
    '| Starter | 5 | $1,200,000 | Self-serve | Email |',
    '| Enterprise | 2,500 | $12,500,000 | Implementation partner | Dedicated CSM |',
  ].join('\n');
  await chat.send(`Compare the plans [[reply64:${Buffer.from(table).toString('base64')}]]`);
  const region = page.getByRole('region', {
    name: 'Table: Plan, Seats, Annual price, Onboarding, Support',
  });
  await expect(region).toBeVisible();
  await expect(region.getByRole('cell', { name: '$12,500,000' })).toBeVisible();

  expect(await brokenTokens(region)).toEqual([]);
  expect(await lineCount(region.getByRole('cell', { name: '$12,500,000' }))).toBe(1);
  // Wider than the phone: the table scrolls inside its box, the page does not.
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // A keyboard reaches it and scrolls it.
  await expect(region).toHaveAttribute('tabindex', '0');
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

  expect(seriousOf(await runAxe(page, '.markdown__table')).map((v) => v.id)).toEqual([]);
});

// The shared plan, with a market table whose figures are long enough to wrap.
const PLAN = {
  ...GTM_PLAN,
  marketAnalysis: {
    ...GTM_PLAN.marketAnalysis,
    targetMarket: 'Plumbing and HVAC firms with 2 to 20 vans.',
    marketOpportunity: {
      tam: '$12,500,000,000 across 180,000 service firms',
      sam: '$1,200,000,000 in North America',
      som: '$60,000,000 (5% of SAM)',
    },
  },
};

test("the GTM plan's market table reads 'TAM' on one line and breaks no figure", async ({
  flows,
  newAccount,
}) => {
  await flows.openProToolAsNewUser(newAccount, '/pro/gtm-advisor?flow=gtmplan');
  await flows.answer(`Pipewise ${unique()}: a CRM for plumbers [[reply64:${base64(PLAN)}]]`);
  await flows.button('Next').click(); // company type: the first option
  await flows.answerBox.fill('Never miss a job call');
  await flows.button('Skip to Plan Generation').click();

  const market = flows.replies
    .last()
    .getByRole('region', { name: /^Table: / })
    .filter({ hasText: 'TAM' });
  await expect(market).toBeVisible();
  const tam = market.getByRole('cell', { name: 'TAM', exact: true });
  await expect(tam).toBeVisible();
  expect(await lineCount(tam)).toBe(1);
  expect(await brokenTokens(market)).toEqual([]);
  await expect(market.getByRole('cell', { name: /\$12,500,000,000/ })).toBeVisible();
});
