import type { Browser, Locator, Page } from '@playwright/test';
import type { NewAccount } from './pages/AuthPage';
import { ChatPage } from './pages/ChatPage';
import { expect, test } from './fixtures';
import { onAnotherDevice } from './pages/session';
import { Network, waitForWorker } from './support/network';
import { GTM_PLAN, base64, unique } from './support/scriptedReplies';
import { expectPhoneReady } from './support/phoneReady';

// The six guided flows on a phone, each to its result in the chat. The fake model answers
// "You said: <the message>" unless the message scripts a reply ([[reply:...]], or [[reply64:...]]
// for JSON, whose brackets the plain form cannot hold).
/** Turns off the account page's link `item`, confirmed in its dialog; it leaves the list. */
async function turnOff(page: Page, item: Locator): Promise<void> {
  await item.getByRole('button', { name: 'Turn off' }).click();
  await page
    .getByRole('dialog', { name: 'Turn this link off?' })
    .getByRole('button', { name: 'Turn off' })
    .click();
  await expect(item).toHaveCount(0);
}

const TRANSCRIPT =
  'Rep: Thanks for joining. Prospect: Our reps lose two hours a day to CRM updates, and pipeline reviews are guesswork.';

test('value proposition: a founding-journey card, five text steps, generated options, then the sales pitch in the chat', async ({
  flows,
  newAccount,
}) => {
  await flows.openAsNewProUser(newAccount);
  await flows.openFlowFromMenu('Refine Your Value Proposition');
  await expect(flows.title).toHaveText('Refine Your Value Proposition');
  await flows.expectStep('Question 1 of 7', 'Where are you in your founding journey?');
  await expect(flows.option('I have an idea')).toBeVisible();
  await expect(flows.option('I have a sales process')).toBeVisible();
  await flows.option('I have a product').click();

  await flows.expectStep('Question 2 of 7', 'What are you building?');
  await expect(flows.button('Next')).toBeDisabled();
  // The value-props call and the final prompt both carry the answers: script the model's list here.
  await flows.answer(
    `A CRM for plumbers ${unique()} [[reply:1. Never miss a job call again\n2. Quote jobs in minutes, not days\n3. Get paid the day the job is done]]`,
  );
  await flows.answer('Missed calls and slow quotes');
  await flows.answer('Plumbers in the field');
  await flows.answer('Owners of small plumbing firms');
  await flows.expectStep('Question 6 of 7', 'What are its key features?');
  await expect(flows.button('Create Sales Pitch')).toBeVisible();
  await flows.answer('Call capture, instant quotes, invoicing', 'Create Sales Pitch');

  await flows.expectStep('Question 7 of 7', 'Which value proposition fits best?');
  await expect(flows.card.locator('.flow-card--option')).toHaveText([
    'Never miss a job call again',
    'Quote jobs in minutes, not days',
    'Get paid the day the job is done',
  ]);
  await flows.option('Quote jobs in minutes, not days').click();

  // 500 ms later the flow finishes: the composed prompt goes to a new chat.
  await expect(flows.userMessages).toHaveCount(1);
  await expect(flows.userMessages.first()).toContainText('Create a compelling sales pitch');
  await expect(flows.userMessages.first()).toContainText(
    'Which value proposition fits best? Quote jobs in minutes, not days',
  );
  await expect(flows.replyText()).toContainText('Never miss a job call again');
  await flows.expectToast('Sales Pitch Generated');
  await expect(flows.title).toHaveText(/^Value Proposition /);
  await expect(flows.resultActions.getByRole('button', { name: 'Copy' })).toBeVisible();

  // The pick carries into the cold email, editable.
  await flows.openFlow('email');
  await flows.answer('Dana Ortiz, VP Sales at Freightly');
  await expect(flows.answerBox).toHaveValue('Quote jobs in minutes, not days');
});

test("cold email: three steps with Back, 'Skip to Email', and the email in the chat with Copy, Share and 'Open in mail app'", async ({
  page,
  browser,
  flows,
  newAccount,
}) => {
  // A share sheet to record what would be shared (Chromium on Linux has none).
  await page.addInitScript(() => {
    (window as unknown as { shared: unknown[] }).shared = [];
    Object.defineProperty(navigator, 'share', {
      value: async (data: unknown) =>
        void (window as unknown as { shared: unknown[] }).shared.push(data),
    });
  });
  // /pro/email is the cold email tool of a paying user: it opens on the flow.
  await flows.openProToolAsNewUser(newAccount, '/pro/email');
  await expect(flows.title).toHaveText('Create Cold Email');
  await flows.expectStep('Question 1 of 3', 'Who are you writing to?');
  await expect(flows.button('Skip to Email')).toBeEnabled();
  const name = `Dana Ortiz ${unique()}`;
  const recipient = `${name}, VP Sales at Freightly`;
  await flows.answer(recipient);
  await flows.expectStep('Question 2 of 3');
  await flows.backButton.click();
  await flows.expectStep('Question 1 of 3');
  await expect(flows.answerBox).toHaveValue(recipient);
  await flows.button('Next').click();
  await flows.answer('We cut new-rep ramp time from 6 months to 10 weeks');
  await flows.expectStep('Question 3 of 3', 'Where can they book a meeting?');
  await flows.answer('https://cal.com/ada/20min', 'Generate Email');

  await expect(flows.replyText()).toContainText(
    'You said: Write a personalized cold email of 150 to 200 words',
  );
  await flows.expectToast(
    'Cold Email Generated',
    'Your personalized cold email has been created successfully.',
  );
  await expect(flows.title).toHaveText(`Cold Email to ${name} at Freightly`);
  const actions = flows.resultActions;
  await expect(actions.getByRole('link', { name: 'Open in mail app' })).toHaveAttribute(
    'href',
    /^mailto:\?subject=.*&body=/,
  );
  // Share makes a link to a read-only copy (private until the rep chooses), then the phone's share
  // sheet takes the link.
  await actions.getByRole('button', { name: 'Share' }).click();
  const sheet = page.getByRole('dialog', { name: 'Share a link' });
  await expect(sheet.getByRole('radio', { name: 'Only you, for now' })).toBeChecked();
  await expect(sheet.getByRole('combobox', { name: 'Works for' })).toHaveValue('7d');
  // The same email as a Word file, named after it.
  const download = page.waitForEvent('download');
  await sheet.getByRole('link', { name: 'Word (.docx)' }).click();
  expect((await download).suggestedFilename()).toBe(`Cold Email to ${name} at Freightly.docx`);
  await sheet.getByRole('radio', { name: 'Anyone with the link' }).check();
  await sheet.getByRole('button', { name: 'Make the link' }).click();
  await expect(sheet).toContainText('Anyone with the link can open it until');
  await expect(sheet.getByRole('textbox', { name: 'The link' })).toBeFocused();
  await expectPhoneReady(page, 'the share sheet with its link');
  await sheet.getByRole('button', { name: 'Share', exact: true }).click();
  let sharedUrl = '';
  await expect
    .poll(async () => {
      sharedUrl = await page.evaluate(
        () => (window as unknown as { shared: Array<{ url?: string }> }).shared[0]?.url ?? '',
      );
      return sharedUrl;
    })
    .toMatch(/\/s\/[A-Za-z0-9_-]{22}$/);
  // Opened signed out, on another phone: the email, and nothing of the rep's account.
  const other = await browser.newContext();
  const reader = await other.newPage();
  await reader.goto(sharedUrl);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(
    `Cold Email to ${name} at Freightly`,
  );
  await expect(reader.locator('article')).toContainText(
    'You said: Write a personalized cold email',
  );
  await expect(reader.getByRole('link', { name: 'Made with Pitchpad' })).toHaveAttribute(
    'href',
    '/',
  );
  await other.close();
  await sheet.getByRole('button', { name: 'Copy link' }).click();
  await expect(sheet).toContainText('Link copied.');
  await sheet.getByRole('button', { name: 'Done' }).click();
  await expect(sheet).toBeHidden();
  // Opened on the rep's own phone, where the app's worker answers navigations: the server's page,
  // not the app's shell.
  await waitForWorker(page);
  const mine = await page.context().newPage();
  await mine.goto(sharedUrl);
  await expect(mine.getByRole('heading', { level: 1 })).toHaveText(
    `Cold Email to ${name} at Freightly`,
  );
  await mine.close();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await actions.getByRole('button', { name: 'Copy' }).click();
  // The button says so itself (no toast repeats it).
  await expect(actions.getByRole('button', { name: 'Copied' })).toBeVisible();
  // Both kinds on the clipboard: HTML paragraphs for a mail app, plain text for a CRM.
  const copied = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    const read = async (type: string) => (await item!.getType(type)).text();
    return { types: item!.types, html: await read('text/html'), text: await read('text/plain') };
  });
  expect(copied.types).toEqual(expect.arrayContaining(['text/html', 'text/plain']));
  expect(copied.html).toMatch(/^<p>.*You said: Write a personalized cold email/);
  expect(copied.text).toContain('You said: Write a personalized cold email');
  expect(copied.text).not.toContain('<p>');

  // 'Skip to Email' generates with what has been entered so far.
  await flows.openFlow('email');
  await flows.expectStep('Question 1 of 3');
  await expect(flows.answerBox).toHaveValue('');
  await flows.answerBox.fill(`Sam Lee ${unique()}`);
  await flows.button('Skip to Email').click();
  await expect(flows.replyText()).toContainText('Who are you writing to? Sam Lee');

  // The account lists the link with its view; turned off, the page says so and shows nothing.
  await page.goto('/account#links');
  const links = page.getByRole('region', { name: 'Shared links' });
  const item = links.getByRole('listitem').filter({ hasText: `Cold Email to ${name}` });
  await expect(item).toContainText('Opened once');
  await item.getByRole('button', { name: 'Make it private' }).click();
  await expect(item.getByRole('status')).toHaveText('Only you can open it now.');
  await expect(item).toContainText('Only you can open it.');
  await expectPhoneReady(page, 'the account’s shared links');
  await item.getByRole('button', { name: 'Let anyone with the link open it' }).click();
  await expect(item.getByRole('status')).toHaveText('Anyone with the link can open it now.');
  await turnOff(page, item);
  const later = await browser.newContext();
  const gone = await later.newPage();
  const answer = await gone.goto(sharedUrl);
  expect(answer?.status()).toBe(410);
  await expect(gone.getByRole('heading', { level: 1 })).toHaveText('This link no longer works');
  await expect(gone.locator('body')).not.toContainText('You said');
  await later.close();
});

test('cold email offline: the offline draft appears at once, and the model’s version arrives once back online', async ({
  flows,
  newAccount,
}) => {
  const network = await flows.draftColdEmailOffline(newAccount, {
    recipient: `Priya Shah ${unique()}, Head of Ops at Tidal`,
    value: 'We halve the time ops teams spend on vendor onboarding',
    bookingLink: 'https://cal.com/ada',
  });

  const draft = flows.page.locator('.flow-offline-draft');
  await expect(draft).toContainText('Offline draft');
  await expect(draft).toContainText('Hi Priya,');
  await expect(draft.getByRole('link', { name: 'Open in mail app' })).toHaveAttribute(
    'href',
    /^mailto:\?subject=Idea%20for%20Tidal&body=Hi%20Priya/,
  );
  await expect(draft.getByRole('button', { name: 'Copy' })).toBeVisible();

  await expect(flows.userMessages.first()).toContainText('Queued');
  await network.goOnline();
  await expect(flows.replyText()).toContainText('You said: Write a personalized cold email');
  await expect(draft).toBeVisible();
});

test('customer persona: eight steps, the industry select defaulting to its first option', async ({
  flows,
  newAccount,
}) => {
  await flows.openAsNewProUser(newAccount);
  await flows.openFlow('demo');
  await expect(flows.title).toHaveText('Define Customer Personas');
  await flows.answer(`Acme ${unique()}`);
  await flows.answer('Field-service software that never misses a call');
  await flows.expectStep('Question 3 of 8', 'Which industry do you sell into?');
  await expect(flows.choice('SaaS')).toBeChecked();
  await expect(flows.card.getByRole('radio')).toHaveCount(10);
  await flows.button('Next').click();
  for (const text of [
    'Small plumbing firms',
    'Owner, office manager',
    'Word of mouth, then a demo',
    'Missed calls, slow quotes',
  ])
    await flows.answer(text);
  await flows.expectStep('Question 8 of 8');
  await flows.answer('ServiceTitan, spreadsheets', 'Create Personas');
  await expect(flows.replyText()).toContainText('Which industry do you sell into? SaaS');
  await flows.expectToast('Personas Generated');
});

test("call analysis: the transcript messages, Back, and 'Skip to analysis with current information'", async ({
  page,
  flows,
  newAccount,
}) => {
  await flows.openAsNewProUser(newAccount);
  await flows.openFlow('call');
  await flows.expectStep('Question 1 of 4', 'Paste the call transcript');
  await expect(flows.button('Skip to analysis with current information')).toHaveCount(0);

  await flows.answer('Too short to analyze');
  await expect(flows.card.getByRole('alert')).toHaveText(
    'Please provide a longer transcript for meaningful analysis (at least 50 characters)',
  );
  await flows.expectStep('Question 1 of 4');

  await flows.answer(`${TRANSCRIPT} ${unique()}`);
  await flows.expectStep('Question 2 of 4', 'What kind of call was it?');
  await expect(flows.choice('Discovery')).toBeChecked();
  await flows.choose('Demo');
  await flows.button('Next').click();
  await flows.expectStep('Question 3 of 4');
  await flows.backButton.click();
  await expect(flows.choice('Demo')).toBeChecked();
  await flows.button('Next').click();

  // Skipping needs a transcript of 50 characters: one cut short (here, in the saved draft) is refused.
  await setDraftStep(page, 'call', 'transcript', 'Hi.');
  await page.reload();
  await flows.expectStep('Question 3 of 4');
  await flows.button('Skip to analysis with current information').click();
  await expect(flows.card.getByRole('alert')).toHaveText(
    'At minimum, please provide a transcript before skipping to results',
  );

  await setDraftStep(page, 'call', 'transcript', `${TRANSCRIPT} ${unique()}`);
  await page.reload();
  await flows.button('Skip to analysis with current information').click();
  await expect(flows.replyText()).toContainText('What kind of call was it? Demo');
  await expect(flows.replyText()).toContainText('What should the analysis focus on? Pain points');
  await flows.expectToast('Call Analysis Generated');
});

test("objection handling: the audience first, then that audience's questions, ending in 'Create Objection Guide'", async ({
  flows,
  newAccount,
}) => {
  await flows.openAsNewProUser(newAccount);
  await flows.openFlow('objection');
  await flows.expectStep('Question 1 of 5', 'Whose objections do you want to handle?');
  await expect(flows.choice('Customers')).toBeChecked();
  await flows.choose('Investors');
  await flows.button('Next').click();
  await flows.expectStep('Question 2 of 6', 'What is your business model?');
  for (const text of [`SaaS, $49 a seat ${unique()}`, '$4B', 'Too early', 'Proprietary call data'])
    await flows.answer(text);
  await flows.expectStep('Question 6 of 6', 'What traction do you have?');
  await flows.answer('40 paying firms, 15% MoM', 'Create Objection Guide');
  await expect(flows.replyText()).toContainText('Create an objection-handling guide for investors');
  await flows.expectToast('Objection Guide Generated');
});

/** The chat at `chatUrl`, opened by the same account on a laptop, shows the model's plan. */
function expectPlanOnAnotherDevice(
  browser: Browser,
  account: NewAccount,
  chatUrl: string,
): Promise<void> {
  return onAnotherDevice(browser, account, async (laptop) => {
    await laptop.goto(chatUrl);
    await expect(new ChatPage(laptop).replies).toContainText(
      'Pipewise gives plumbing firms a CRM that answers every call.',
    );
  });
}

test("GTM plan: 'Skip to Plan Generation' waits for 3 answers, the plan lands in the chat, the pitch-deck card 3 s later, the plan is on every device, and it is handed on as files and a link", async ({
  browser,
  page,
  flows,
  newAccount,
}) => {
  // A share sheet that takes files, recording what it was handed (Chromium on Linux has none).
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    (window as unknown as { shared: unknown[] }).shared = shared;
    Object.defineProperty(navigator, 'canShare', {
      value: (data?: { files?: File[] }) => Array.isArray(data?.files),
    });
    Object.defineProperty(navigator, 'share', {
      value: async (data: { files?: File[]; url?: string }) =>
        void shared.push({
          url: data.url,
          files: (data.files ?? []).map((f) => ({ name: f.name, type: f.type, size: f.size })),
        }),
    });
  });
  await flows.openProToolAsNewUser(newAccount, '/pro/gtm-advisor?flow=gtmplan');
  await expect(flows.title).toHaveText('Build Your GTM Plan');
  await flows.expectStep('Question 1 of 11');
  const skip = flows.button('Skip to Plan Generation');
  await expect(skip).toBeDisabled();
  await expect(flows.card).toContainText('Answer at least 3 questions');

  await flows.answer(`Pipewise ${unique()}: a CRM for plumbers [[reply64:${base64(GTM_PLAN)}]]`);
  await expect(skip).toBeDisabled();
  await flows.button('Next').click(); // company type: the first option
  await expect(skip).toBeDisabled();
  await flows.answerBox.fill('Never miss a job call');
  await expect(skip).toBeEnabled();
  await expect(flows.card).not.toContainText('Answer at least 3 questions');
  // Not with the plan: later (3 s, flowSession.test.tsx times it). Seen in the page as it happens,
  // so a busy machine, slow to run the checks below, cannot make the order look wrong.
  const order = page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        const look = () => {
          const plan = [...document.querySelectorAll('h1')].some(
            (h) => h.textContent === 'Go-to-Market Plan',
          );
          if (plan && !seen.includes('plan')) seen.push('plan');
          if (document.querySelector('.pitch-deck-card') && !seen.includes('deck'))
            seen.push('deck');
          if (seen.length === 2) {
            observer.disconnect();
            resolve(seen);
          }
        };
        const observer = new MutationObserver(look);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
  );
  await skip.click();

  const plan = flows.replies.last();
  const deck = page.locator('.pitch-deck-card');
  await expect(plan.getByRole('heading', { name: 'Go-to-Market Plan', level: 1 })).toBeVisible();
  await expect(plan.getByRole('heading', { name: 'Executive Summary' })).toBeVisible();
  await expect(plan).toContainText('Pipewise gives plumbing firms a CRM that answers every call.');
  await expect(plan.getByRole('table')).toContainText('$1.2B');
  await flows.expectToast('GTM Plan Generated');
  await expect(flows.title).toHaveText(/^GTM Plan /);
  await expect(deck).toBeVisible();
  expect(await order).toEqual(['plan', 'deck']);
  await expect(deck.getByRole('button')).toHaveText('Coming soon');
  await expect(deck.getByRole('button')).toBeDisabled();

  // The server kept the plan in that chat: the same address on a laptop shows it.
  const chatUrl = page.url();
  await expectPlanOnAnotherDevice(browser, newAccount, chatUrl);

  // Handed on as files. With a signal, the server's PDF; with none, Word made on the phone and the
  // PDF queued, made once the signal is back and said by a toast wherever the rep is.
  const planTitle = (await flows.title.textContent())!;
  await flows.resultActions.getByRole('button', { name: 'Share' }).click();
  const sheet = page.getByRole('dialog', { name: 'Share a link' });
  let download = page.waitForEvent('download');
  await sheet.getByRole('link', { name: 'PDF (.pdf)' }).click();
  expect((await download).suggestedFilename()).toBe(`${planTitle}.pdf`);
  // Where the phone's share sheet takes files, the PDF itself goes to it.
  await sheet.getByRole('button', { name: 'Share the PDF' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared[0]))
    .toEqual({
      files: [{ name: `${planTitle}.pdf`, type: 'application/pdf', size: expect.any(Number) }],
    });
  await waitForWorker(page);
  const network = new Network(page.context());
  await network.goOffline();
  await expect(sheet).toContainText('No signal: Word and Markdown are made on this phone');
  download = page.waitForEvent('download');
  await sheet.getByRole('button', { name: 'Word (.docx)' }).click();
  expect((await download).suggestedFilename()).toBe(`${planTitle}.docx`);
  await sheet.getByRole('button', { name: 'PDF when back online' }).click();
  const files = sheet.getByRole('list', { name: 'Files made for you' });
  await expect(files).toContainText('Waiting for a signal to be made.');
  await expectPhoneReady(page, 'the share sheet with no signal');
  await network.goOnline();
  await expect(files).toContainText('Ready to save.');
  await flows.expectToast('Your PDF is ready', planTitle);
  download = page.waitForEvent('download');
  await files.getByRole('button', { name: 'Save' }).click();
  expect((await download).suggestedFilename()).toBe(`${planTitle}.pdf`);

  // A link anyone can open, read signed out with the plan's table; turned off, it is gone (410).
  await sheet.getByRole('radio', { name: 'Anyone with the link' }).check();
  await sheet.getByRole('button', { name: 'Make the link' }).click();
  const link = await sheet.getByRole('textbox', { name: 'The link' }).inputValue();
  await sheet.getByRole('button', { name: 'Done' }).click();
  const stranger = await browser.newContext();
  const reader = await stranger.newPage();
  await reader.goto(link);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(planTitle);
  await expect(reader.getByRole('table')).toContainText('$1.2B');
  await page.goto('/account#links');
  const item = page
    .getByRole('region', { name: 'Shared links' })
    .getByRole('listitem')
    .filter({ hasText: planTitle, has: page.getByRole('button', { name: 'Turn off' }) });
  // The PDF made once back online waits there too, until saved or removed.
  await expect(page.getByRole('list', { name: 'Files made for you' })).toContainText(
    `${planTitle}.pdf`,
  );
  await turnOff(page, item);
  expect((await reader.goto(link))?.status()).toBe(410);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('This link no longer works');
  await expect(reader.locator('body')).not.toContainText('$1.2B');
  await stranger.close();
});

test('GTM plan offline: drafted on the phone at once, then made for real once back online, in the same chat ahead of a question typed meanwhile, on every device', async ({
  browser,
  context,
  page,
  flows,
  newAccount,
}) => {
  await flows.openProToolAsNewUser(newAccount, '/pro/gtm-advisor?flow=gtmplan');
  await flows.waitForOfflineReady();
  const network = new Network(context);
  await flows.answer(`Pipewise ${unique()}: a CRM for plumbers [[reply64:${base64(GTM_PLAN)}]]`);
  await flows.button('Next').click();
  await flows.answerBox.fill('Never miss a job call');
  await network.goOffline();
  await flows.button('Skip to Plan Generation').click();

  const plan = flows.replies.last();
  await expect(plan.getByRole('heading', { name: 'Go-to-Market Plan', level: 1 })).toBeVisible();
  await expect(plan).toContainText('Never miss a job call');
  await expect(plan).not.toContainText(
    'Pipewise gives plumbing firms a CRM that answers every call.',
  );
  const chatUrl = page.url();
  // A question typed into the plan's chat while still offline waits for the plan.
  await flows.send('Make it shorter');
  await expect(flows.userMessages.last()).toContainText('Queued');

  await network.goOnline();
  await expect(flows.replies.first()).toContainText(
    'Pipewise gives plumbing firms a CRM that answers every call.',
  );
  await expect(flows.replyText()).toContainText('You said: Make it shorter');
  await expect(flows.replies).toHaveCount(2);

  // The server holds both replies whole before the laptop looks: the phone shows the second one
  // while it still streams, and a laptop opened then would read the chat half written.
  const chatId = new URL(chatUrl).searchParams.get('chat');
  await expect
    .poll(async () => {
      const stored = (await (await page.request.get(`/api/chats/${chatId}`)).json()) as {
        messages: Array<{ role: string; status: string }>;
      };
      return stored.messages.filter((m) => m.role === 'assistant' && m.status === 'complete')
        .length;
    })
    .toBe(2);

  // On the laptop: the model's plan, then the question and its answer.
  await onAnotherDevice(browser, newAccount, async (laptop) => {
    await laptop.goto(chatUrl);
    const replies = new ChatPage(laptop).replies;
    await expect(replies).toHaveCount(2);
    await expect(replies.first()).toContainText(
      'Pipewise gives plumbing firms a CRM that answers every call.',
    );
    await expect(replies.last()).toContainText('You said: Make it shorter');
  });
});

test('GTM plan: an answer the plan call cannot use falls back to a plain chat prompt', async ({
  page,
  flows,
  newAccount,
}) => {
  await flows.openAsNewProUser(newAccount);
  await flows.openFlow('gtmplan');
  await flows.answer(`Pipewise ${unique()} [[reply:this is not a plan]]`);
  await flows.button('Next').click();
  await flows.answerBox.fill('Never miss a job call');
  await flows.button('Skip to Plan Generation').click();
  await flows.expectToast(
    'Invalid response format from API',
    'API Error: Falling back to chat-based generation. This might be less detailed.',
  );
  await expect(flows.userMessages.first()).toContainText(
    'Create an investor-ready go-to-market plan',
  );
  await expect(flows.replyText()).toHaveText('this is not a plan');
  await flows.expectToast('GTM Plan Generated');
  await expect(page.locator('.pitch-deck-card')).toHaveCount(0);
});

test('a flow left at step 3 is found at step 3 after a reload, and from the menu', async ({
  page,
  flows,
  newAccount,
}) => {
  await flows.openAsNewProUser(newAccount);
  await flows.openFlow('demo');
  await flows.answer('Acme Plumbing');
  await flows.answer('Field-service CRM');
  await flows.expectStep('Question 3 of 8');
  await flows.choose('Fintech');

  await page.reload();
  await flows.expectStep('Question 3 of 8', 'Which industry do you sell into?');
  await expect(flows.choice('Fintech')).toBeChecked();
  await flows.button('Next').click();
  await flows.answerBox.fill('Half-typed answer');
  // Saved as typed: the phone's write lands within moments of the keystroke (a navigation in the
  // same millisecond, as only a script makes, could cut it off before it starts).
  await expect.poll(() => draftStepValues(page, 'demo')).toContain('Half-typed answer');

  // Leave the flow for a chat, then come back through the menu, after a reload.
  await page.goto('/chat');
  await page.reload();
  const sidebar = await flows.openSidebar();
  await expect(
    flows.flowMenu(sidebar).getByRole('button', { name: /Define Customer Personas/ }),
  ).toContainText('Resume · Question 4 of 8');
  await flows
    .flowMenu(sidebar)
    .getByRole('button', { name: /Define Customer Personas/ })
    .click();
  await flows.expectStep('Question 4 of 8', 'Who is your target audience?');
  await expect(flows.answerBox).toHaveValue('Half-typed answer');
  await flows.backButton.click();
  await flows.backButton.click();
  await flows.expectStep('Question 2 of 8');
  await expect(flows.answerBox).toHaveValue('Field-service CRM');
});

/** The values of a flow's saved draft steps, as the phone's database holds them now. */
async function draftStepValues(page: Page, flow: string): Promise<unknown[]> {
  const user = (await (await page.request.get('/api/auth/user')).json()) as { id: number };
  return page.evaluate(
    ({ name, type }) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.addEventListener('error', () => reject(open.error));
        open.addEventListener('success', () => {
          const rows = open.result.transaction('drafts').objectStore('drafts').getAll();
          rows.addEventListener('success', () => {
            open.result.close();
            resolve(
              (rows.result as { flow: string; value: unknown }[])
                .filter((row) => row.flow === type)
                .map((row) => row.value),
            );
          });
          rows.addEventListener('error', () => reject(rows.error));
        });
      }),
    { name: `pitchpad-user-${user.id}`, type: flow },
  );
}

/** Writes one step of a flow's saved draft, as an older tab or version might have left it. */
async function setDraftStep(
  page: Page,
  flow: string,
  stepId: string,
  value: string,
): Promise<void> {
  const user = (await (await page.request.get('/api/auth/user')).json()) as { id: number };
  await page.evaluate(
    ({ name, row }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.addEventListener('error', () => reject(open.error));
        open.addEventListener('success', () => {
          const tx = open.result.transaction('drafts', 'readwrite');
          tx.objectStore('drafts').put(row);
          tx.addEventListener('complete', () => {
            open.result.close();
            resolve();
          });
          tx.addEventListener('error', () => reject(tx.error));
        });
      }),
    { name: `pitchpad-user-${user.id}`, row: { flow, stepId, value, updatedAt: Date.now() } },
  );
}
