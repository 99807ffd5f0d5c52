import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { onAnotherDevice } from './pages/session';
import { COMPETITORS, unique } from './support/scriptedReplies';
import { expectTapTargetsLargeEnough } from './support/tapTargets';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

// The fake model streams this JSON word by word (scripted with [[reply64:...]]).
const base64 = (value: unknown) => Buffer.from(JSON.stringify(value, null, 1)).toString('base64');
const LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#4a154b"/></svg>')}`;

/** The shared analysis, with a logo of each sort a model writes: an image, an address, none. */
const ANALYSIS = {
  ...COMPETITORS,
  competitors: COMPETITORS.competitors.map((competitor, i) => ({
    ...competitor,
    logo_url: [LOGO, 'https://127.0.0.1:9/connecteam.png', ''][i] ?? '',
  })),
};

test('a blank description is refused with the spec’s toast', async ({
  competitive,
  newAccount,
}) => {
  await competitive.openAsNewProUser(newAccount);
  await competitive.analyzeButton.click();
  await competitive.expectToast('Input Required', 'Please enter a product or market to analyze.');
  await expect(competitive.description).toBeVisible();
});

test('an analysis streams into the competitor grid, the comparison matrix and insights, exports as CSV, and resets', async ({
  page,
  competitive,
  newAccount,
}) => {
  await competitive.openAsNewProUser(newAccount);
  const topic = `Team chat apps for shift workers ${unique()}`;
  await competitive.analyze(`${topic} [[delay:20]] [[reply64:${base64(ANALYSIS)}]]`);
  await expect(competitive.ask).toContainText(`Analyze competitors for: ${topic}`);
  await expect(competitive.spinner).toBeVisible();
  await expect(competitive.description).toBeHidden();

  await expect(competitive.cards).toHaveCount(3);
  await expect(competitive.spinner).toBeHidden();
  await expect(page.getByRole('heading', { name: ANALYSIS.topic })).toBeVisible();
  // Two columns on a phone.
  const [first, second, third] = await Promise.all(
    [0, 1, 2].map((i) => competitive.cards.nth(i).boundingBox()),
  );
  expect(first!.y).toBe(second!.y);
  expect(third!.y).toBeGreaterThan(first!.y);
  // Logos: every competitor gets an avatar drawn from its initials, whatever logo_url the model wrote.
  await expect(competitive.cards.nth(0).getByRole('img', { name: 'Slack avatar' })).toHaveText(
    'SL',
  );
  await expect(competitive.cards.nth(1).getByRole('img', { name: 'Connecteam avatar' })).toHaveText(
    'CO',
  );
  await expect(
    competitive.cards.nth(2).getByRole('img', { name: 'Microsoft Teams avatar' }),
  ).toHaveText('MT');

  const matrix = competitive.matrix;
  await expect(matrix.getByRole('columnheader')).toHaveText([
    'Category',
    'Slack',
    'Connecteam',
    'Microsoft Teams',
  ]);
  const mobile = matrix.getByRole('row').filter({ hasText: 'Mobile experience' });
  await expect(mobile.locator('.score')).toHaveText(['6/10', '9/10', '4/10']);
  await expect(mobile.locator('.score').nth(0)).toHaveClass(/score--amber/);
  await expect(mobile.locator('.score').nth(1)).toHaveClass(/score--green/);
  await expect(mobile.locator('.score').nth(2)).toHaveClass(/score--red/);
  await expect(competitive.insights).toHaveText(ANALYSIS.insights);
  // With a search engine, each competitor can be looked up on the web, every line with its source.
  const lookUp = competitive.cards.nth(1).getByRole('link', { name: 'Look up Connecteam' });
  await expect(lookUp).toHaveAttribute('href', /^\/research\?subject=Connecteam&question=/);
  await expectTapTargetsLargeEnough(page, 'the competitor cards with Look up');

  const download = page.waitForEvent('download');
  await competitive.button('Export CSV').click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv.split('\n')[0]).toBe(
    'Category,Description,Slack score,Slack notes,Connecteam score,Connecteam notes,Microsoft Teams score,Microsoft Teams notes',
  );
  expect(csv).toContain('Mobile experience,"On a phone, one-handed",6,Good,9,Built for it,4,Slow');

  // The result is still there after a reload; New Analysis empties the form.
  await page.reload();
  await expect(competitive.cards).toHaveCount(3);
  await competitive.button('New Analysis').click();
  await expect(competitive.description).toHaveValue('');
  await expect(competitive.grid).toHaveCount(0);
});

test('a finished analysis is saved to the history, opens from there on another device, and is shared from there', async ({
  browser,
  page,
  competitive,
  history,
  newAccount,
}) => {
  await competitive.openAsNewProUser(newAccount);
  const topic = `Field service CRM ${unique()}`;
  await competitive.analyze(`${topic} [[reply64:${base64({ ...ANALYSIS, topic })}]]`);
  await expect(competitive.cards).toHaveCount(3);
  await competitive.expectToast('Analysis Saved');
  // The address names the saved analysis: a reload, or the link elsewhere, shows it.
  await expect(page).toHaveURL(/\/competitive\?workflow=[\w-]{21}$/);

  await history.open();
  const name = `Competitive Analysis: ${topic}`;
  await expect(history.item(name).locator('.history-badge')).toHaveText('Competitive Analysis');
  await history.close();
  // A new analysis leaves the saved one in the history, and the address.
  await competitive.button('New Analysis').click();
  await expect(competitive.description).toHaveValue('');
  await expect(page).toHaveURL(/\/competitive$/);
  await history.open();
  await expect(history.item(name)).toBeVisible();
  await history.close();
  // An address naming an analysis that is gone says so and shows the form.
  await page.goto('/competitive?workflow=gone_gone_gone_gone_g');
  await competitive.expectToast('Analysis not found');
  await expect(page).toHaveURL(/\/competitive$/);
  await expect(competitive.description).toBeVisible();

  await onAnotherDevice(browser, newAccount, async (other) => {
    await other.goto('/chat');
    await other.getByRole('button', { name: /^Saved history/ }).click();
    const sheet = other.getByRole('dialog', { name: 'Saved History' });
    await sheet
      .locator('.history-item')
      .filter({ hasText: name })
      .locator('.history-item__open')
      .click();
    await expect(other).toHaveURL(/\/competitive\?workflow=/);
    await expect(other.getByRole('heading', { name: topic })).toBeVisible();
    await expect(other.locator('.competitor-card')).toHaveCount(3);
    await expect(other.getByText(`Analyze competitors for: ${topic}`)).toBeVisible();
    // Shared from there: a link anyone opens signed out, the matrix a table on the page.
    await other.getByRole('button', { name: 'Share', exact: true }).click();
    const sheet2 = other.getByRole('dialog', { name: 'Share a link' });
    await sheet2.getByRole('radio', { name: 'Anyone with the link' }).check();
    await sheet2.getByRole('button', { name: 'Make the link' }).click();
    const link = await sheet2.getByRole('textbox', { name: 'The link' }).inputValue();
    const stranger = await browser.newContext();
    const reader = await stranger.newPage();
    await reader.goto(link);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(reader.getByRole('row').filter({ hasText: 'Mobile experience' })).toContainText(
      '9/10 · Built for it',
    );
    await stranger.close();
  });
});

test('a stream cut mid-answer ends in the error state, never a half matrix', async ({
  competitive,
  newAccount,
}) => {
  await competitive.openAsNewProUser(newAccount);
  await competitive.analyze(
    `Field service CRM ${unique()} [[cut:30]] [[reply64:${base64(ANALYSIS)}]]`,
  );
  await competitive.expectToast(
    'Analysis Failed',
    'There was an error analyzing competitors. Please try again.',
  );
  await expect(competitive.error).toBeVisible();
  await expect(competitive.grid).toHaveCount(0);
  await expect(competitive.matrix).toHaveCount(0);
  await competitive.button('Edit description').click();
  await expect(competitive.description).toHaveValue(/^Field service CRM/);
});

test('the chat menu leads to the competitive tool', async ({
  page,
  chat,
  competitive,
  newAccount,
}) => {
  await chat.openAsNewProUser(newAccount);
  const sidebar = await chat.openSidebar();
  await sidebar.getByRole('link', { name: 'Competitive Intelligence' }).click();
  await expect(page).toHaveURL(/\/competitive$/);
  await expect(competitive.heading).toBeVisible();
});
