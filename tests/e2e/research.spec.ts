import { expect, test } from './fixtures';
import { Network, waitForWorker } from './support/network';
import { expectPhoneReady } from './support/phoneReady';
import { EmailEditor } from './pages/EmailEditor';

// Research on a phone: asked for in the chat, made from the web (a fake SearXNG whose results are a
// fixture site's pages), every line citing its page, then read again in the lobby with no signal.
// A browser is needed for the chat's offer, the research kept in the phone's database and opened
// offline through the worker's cached app, and the layout at 320 px.

test('a rep asks the chat to research a company, reads each line’s source, and opens it again with no signal', async ({
  page,
  context,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  await chat.send('Research Freightly before my call');
  const offer = page.getByRole('link', { name: 'Research Freightly on the web, with sources' });
  await offer.click();
  await expect(page).toHaveURL(/\/research\?subject=Freightly/);
  await expect(page.getByLabel('Company or person')).toHaveValue('Freightly');
  await expectPhoneReady(page, 'research form');

  await page.getByRole('button', { name: 'Research', exact: true }).click();
  await expect(page).toHaveURL(/\/research\/[0-9a-f-]{36}$/);
  const research = page.getByRole('article', { name: 'Research' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Freightly');
  await expect(research.getByRole('listitem').first()).toContainText(
    'Freightly is a freight booking platform for mid-sized shippers.',
  );
  await expect(research).toContainText('What we could not confirm');
  await expect(research).toContainText('No page gives their revenue.');
  // A line's [1] opens its source below: the page's title, site and the passage it was written from.
  await research.getByRole('link', { name: 'Source 1' }).first().click();
  const source = page.locator('#research-source-1');
  await expect(source).toContainText('About us | Freightly');
  await expect(source.getByText(/240 employees/)).toBeVisible();
  await expect(source.getByRole('link', { name: 'Open the page' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );
  await expectPhoneReady(page, 'a research');
  const url = page.url();

  // In the lobby: no signal. The research opens from the phone, and the list keeps it.
  await waitForWorker(page);
  const network = new Network(context);
  await network.goOffline();
  await page.goto(url);
  await expect(research.getByRole('listitem').first()).toContainText('freight booking platform');
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeDisabled();
  await page.getByRole('link', { name: 'All research' }).click();
  await expect(page.getByText('No signal: research needs the web.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'On this phone' }).getByRole('link', { name: /Freightly/ }),
  ).toBeVisible();

  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Freightly');
  await expectPhoneReady(page, 'a research at 320 px, offline');
});

// The cold email from research: 'Look it up' on the flow's first step, the model's email citing
// the pages, and the editor showing each fact's source while what leaves the app carries none.
// A browser is needed for the step's research, the editor dialog's list with Keep and Cut, the
// mail app's link, and the layout at 320 px.
test('a rep looks the prospect up from the cold email, sees each fact’s source in the editor, and sends none of the marks', async ({
  page,
  flows,
  newAccount,
}) => {
  await flows.openProToolAsNewUser(newAccount, '/pro/email');
  await flows.expectStep('Question 1 of 3', 'Who are you writing to?');
  await flows.answerBox.fill('Dana Ortiz, VP Sales at Freightly');
  const lookUp = page.locator('.look-it-up');
  await expect(lookUp).toContainText(
    'Look Freightly up on the web first, and the email cites what the pages say.',
  );
  await lookUp.getByRole('button', { name: 'Look it up' }).click();
  await expect(lookUp).toContainText(/Research on Freightly, .+: the email cites its \d sources\./);
  await expect(lookUp.getByRole('button', { name: 'Look it up again' })).toBeVisible();
  await expectPhoneReady(page, 'the cold email’s first step, looked up');

  await flows.button('Next').click();
  await flows.answer('We cut new-rep ramp time from 6 months to 10 weeks');
  await flows.answer('', 'Generate Email');
  await expect(flows.replyText()).toContainText(/Congrats: .*Freightly.* \[1\]\./);
  const sources = page.getByRole('region', { name: 'Sources' });
  await expect(sources.getByRole('link', { name: /Freightly/ }).first()).toBeVisible();
  // A long page title is cut short inside the screen, never widening the reply past it.
  const box = (await sources.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  const actions = flows.resultActions;
  const mailto = await actions.getByRole('link', { name: 'Open in mail app' }).getAttribute('href');
  expect(decodeURIComponent(mailto!)).toContain('Congrats: ');
  expect(decodeURIComponent(mailto!)).not.toMatch(/\[\d\]/);

  const editor = new EmailEditor(page);
  await editor.openFrom(actions);
  const facts = editor.dialog.getByRole('region', { name: 'Facts about Freightly' });
  await expect(facts).toContainText('Marks like [1] stay here: the email you send has none.');
  const sourced = facts.getByRole('listitem').filter({ hasText: 'Congrats' });
  await expect(sourced).toContainText(/\[1\] .*Freightly/);
  const madeUp = facts.getByRole('listitem').filter({ hasText: 'podcast' });
  await expect(madeUp).toContainText('No source');
  await expect(editor.dialog.locator('.email-coach__check[data-check="sources"]')).toContainText(
    '1 fact about Freightly with no source',
  );
  await page.setViewportSize({ width: 320, height: 568 });
  await expectPhoneReady(page, 'the email editor’s facts at 320 px');
  await madeUp.getByRole('button', { name: 'Cut' }).click();
  await expect(editor.body).not.toHaveValue(/podcast/);
  await expect(editor.body).toHaveValue(/\[1\]/);
  await editor.save();
  // The saved edit (the podcast cut) is what the mail app gets, with no marks.
  const mailApp = actions.getByRole('link', { name: 'Open in mail app' });
  await expect(mailApp).toHaveAttribute('href', /Congrats/);
  await expect(mailApp).not.toHaveAttribute('href', /podcast|%5B\d+%5D/);
});
