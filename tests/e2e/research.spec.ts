import { expect, test } from './fixtures';
import { Network, waitForWorker } from './support/network';
import { expectPhoneReady } from './support/phoneReady';

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
