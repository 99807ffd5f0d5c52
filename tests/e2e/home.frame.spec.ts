import type { Page } from '@playwright/test';
import { FRAME_GLOBAL } from '../../domain/contract/frameScript';
import { expect, test } from './fixtures';
import { AppPage } from './pages/AppPage';
import type { ChatPage } from './pages/ChatPage';
import { holdRequests } from './support/network';
import { unique } from './support/scriptedReplies';

/**
 * Opened again from the home screen, the chat paints from what the phone holds before any
 * of the app's code has run (the shell's inline scripts draw the copy kept at the last run), and the
 * app takes it over in place. Here every script is held back until the test lets go, as on a slow
 * phone; the worker is kept out so the held scripts are the page's own requests.
 *
 * The copy is drawn in a closed shadow root: no locator reaches it (nor the page's own queries), so
 * the test taps it where it is drawn, as a finger would, and reads it through the scripts' handle.
 */
test.use({ serviceWorkers: 'block' });

interface Drawn {
  frame: boolean;
  /** The app has drawn its screen: #root is no longer marked as prerendered (under the frame, a shell). */
  appDrawn: boolean;
  text: string;
  typed: string | null;
}

/** What the page shows now: the frame (if any) and what it holds, and whether the app drew anything. */
function drawn(page: Page): Promise<Drawn> {
  return page.evaluate((global) => {
    const frame = (window as unknown as Record<string, { root?: ShadowRoot } | undefined>)[global]
      ?.root;
    return {
      frame: document.getElementById('pp-frame') !== null,
      appDrawn: !document.getElementById('root')?.hasAttribute('data-prerendered'),
      text: frame?.textContent ?? '',
      typed: frame?.querySelector<HTMLInputElement>('input[name="message"]')?.value ?? null,
    };
  }, FRAME_GLOBAL);
}

/**
 * The centre of the frame's element matching `selector`, where a finger taps it: measured once the
 * frame's linked stylesheets have loaded, as the rep sees it (before, the copy is laid out unstyled
 * for a moment, and a tap aimed there lands elsewhere).
 */
async function frameSpot(page: Page, selector: string): Promise<{ x: number; y: number }> {
  await page.waitForFunction((global) => {
    const frame = (window as unknown as Record<string, { root?: ShadowRoot } | undefined>)[global]
      ?.root;
    return [...(frame?.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]') ?? [])].every(
      (link) => link.sheet !== null,
    );
  }, FRAME_GLOBAL);
  const box = await page.evaluate(
    ({ global, sel }) => {
      const frame = (window as unknown as Record<string, { root?: ShadowRoot } | undefined>)[global]
        ?.root;
      const rect = frame?.querySelector(sel)?.getBoundingClientRect();
      return rect ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 } : null;
    },
    { global: FRAME_GLOBAL, sel: selector },
  );
  if (!box) throw new Error(`the frame has no ${selector}`);
  return box;
}

/** A chat with an answer, kept as the frame's copy; answers its address. */
async function chatKeptForTheFrame(
  page: Page,
  chat: ChatPage,
  newAccount: Parameters<ChatPage['openAsNewUser']>[0],
) {
  await chat.openAsNewUser(newAccount);
  const question = `Should we price per seat ${unique()}`;
  await chat.send(`${question} [[reply:Per seat suits teams of five to fifty.]]`);
  await expect(chat.replies.last()).toContainText('Per seat suits teams');
  await expect(chat.regenerateButton).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        (q) => localStorage.getItem('pitchpad:frame')?.includes(q) ?? false,
        question.slice(0, 20),
      ),
    )
    .toBe(true);
  return { url: page.url(), question };
}

test('the last chat paints from the phone before any script has run; typing there is kept, with the focus, in the same place', async ({
  page,
  chat,
  newAccount,
}) => {
  const { url, question } = await chatKeptForTheFrame(page, chat, newAccount);
  const before = {
    input: (await chat.input.boundingBox())!,
    reply: (await chat.replies.last().boundingBox())!,
  };

  const { release } = await holdRequests(page, /\.js(\?|$)/);
  await page.goto(url, { waitUntil: 'commit' });
  await expect.poll(() => drawn(page)).toMatchObject({ frame: true, appDrawn: false });
  const frame = await drawn(page);
  expect(frame.text).toContain(question);
  expect(frame.text).toContain('Per seat suits teams of five to fifty.');
  // Nothing outside the frame matches its copy: the page holds one chat, the app's, once it is drawn.
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);

  const box = await frameSpot(page, 'input[name="message"]');
  await page.mouse.click(box.x, box.y);
  await page.keyboard.type('And annual plans?');
  await expect.poll(async () => (await drawn(page)).typed).toBe('And annual plans?');

  release();
  await expect(chat.input).toHaveValue('And annual plans?');
  await expect(chat.input).toBeFocused();
  await expect.poll(async () => (await drawn(page)).frame).toBe(false);
  await expect(chat.replies.last()).toContainText('Per seat suits teams');
  // Taken over in place: the box and the reply are where the frame drew them, and where they were.
  const after = {
    input: (await chat.input.boundingBox())!,
    reply: (await chat.replies.last().boundingBox())!,
  };
  expect(after).toEqual(before);
});

test('a send made in the frame, before the app has loaded, is sent once when it takes over', async ({
  page,
  chat,
  newAccount,
}) => {
  const { url } = await chatKeptForTheFrame(page, chat, newAccount);
  const { release } = await holdRequests(page, /\.js(\?|$)/);
  await page.goto(url, { waitUntil: 'commit' });
  await expect.poll(async () => (await drawn(page)).frame).toBe(true);
  const box = await frameSpot(page, 'input[name="message"]');
  await page.mouse.click(box.x, box.y);
  const followUp = `What about annual plans ${unique()}`;
  await page.keyboard.type(followUp);
  await page.keyboard.press('Enter');

  release();
  await expect(chat.replies.last()).toContainText(`You said: ${followUp}`);
  await expect(chat.userMessages.filter({ hasText: followUp })).toHaveCount(1);
  await expect(chat.input).toHaveValue('');
  const stored = (await (await page.request.get(`/api/chats/${chat.chatId()}`)).json()) as {
    messages: Array<{ role: string; content: string }>;
  };
  expect(stored.messages.filter((m) => m.role === 'user' && m.content === followUp)).toHaveLength(
    1,
  );
});

test('Tools tapped in the frame opens the drawer once the app has taken over', async ({
  page,
  chat,
  newAccount,
}) => {
  const { url } = await chatKeptForTheFrame(page, chat, newAccount);
  const { release } = await holdRequests(page, /\.js(\?|$)/);
  await page.goto(url, { waitUntil: 'commit' });
  await expect.poll(async () => (await drawn(page)).frame).toBe(true);
  const tools = await frameSpot(page, '.chat-header__tools-button');
  await page.mouse.click(tools.x, tools.y);

  release();
  await expect(page.getByRole('dialog', { name: 'Tools and conversations' })).toBeVisible();
});

test('logging out forgets the copy: the next start paints no chat', async ({
  page,
  chat,
  newAccount,
}) => {
  const { url } = await chatKeptForTheFrame(page, chat, newAccount);
  await new AppPage(page).logOutFromMenu();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pitchpad:frame'))).toBeNull();
  await page.goto(url);
  await expect(page).toHaveURL(/\/auth/);
  expect((await drawn(page)).frame).toBe(false);
});
