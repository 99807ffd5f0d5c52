import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectOnScreen, hideKeyboard, showKeyboard } from './support/keyboard';
import { expectNoSidewaysScroll } from './support/layout';
import { Network } from './support/network';
import { expectTapTargetsLargeEnough } from './support/tapTargets';

// A rep fills their profile on a phone: from their About page with 'Fill from text' (the fake model
// reads the fields from the pasted text: tests/fakes/openai.ts profileFieldsOf), choosing field by
// field, then by hand with no signal. Each time the server ends up with what the screen shows.

const ABOUT = [
  'Freightly books dock appointments for mid-size shippers.',
  'Acme Logistics cut dock wait times by 40% in six weeks.',
  'Plans start at $49 a seat per month.',
  'See freightly.io or book a call: cal.com/freightly/intro',
].join(' ');

/** The profile's values as the server holds them. */
async function serverValues(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.get('/api/profile');
  const { fields } = (await res.json()) as { fields: Record<string, { value: string }> };
  return Object.fromEntries(Object.entries(fields).map(([field, { value }]) => [field, value]));
}

test("a rep fills the profile from their About page, choosing field by field, then edits it with no signal; the server gets both, and 'Save' stays in reach with the keyboard up", async ({
  page,
  context,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  await chat.waitForOfflineReady();
  const menu = await chat.openAccountMenu();
  await menu.getByText('Profile').click();
  await expect(page).toHaveURL(/\/profile$/);
  // The menu closes as the profile opens; its own 'Sales kit' entry is not the profile's link.
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'What you sell' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Sales kit/ })).toHaveAttribute('href', '/kit');
  await expectNoSeriousA11yViolations(page, 'the profile');
  await expectTapTargetsLargeEnough(page, 'the profile');
  await expectNoSidewaysScroll(page, 'the profile');

  // Fill from text: every field the text answers is suggested beside what the profile holds now.
  await page.getByRole('button', { name: 'Fill from text' }).click();
  const sheet = page.getByRole('dialog', { name: 'Fill from text' });
  const pasted = sheet.getByLabel(/Paste your About page/);
  await pasted.fill(ABOUT);
  // With the keyboard up, the text and the button that reads it both show.
  await showKeyboard(page, pasted);
  await expectOnScreen(sheet.getByRole('button', { name: 'Read my fields' }), 'Read my fields');
  await hideKeyboard(page);
  await sheet.getByRole('button', { name: 'Read my fields' }).click();
  const pricing = sheet.getByRole('checkbox', { name: 'Pricing' });
  await expect(pricing).toBeChecked();
  await expect(sheet.getByRole('listitem').filter({ hasText: 'Pricing' })).toContainText(
    'Plans start at $49 a seat per month.',
  );
  await expect(sheet.getByRole('checkbox', { name: 'Company' })).toBeChecked();
  await expectNoSeriousA11yViolations(page, "'Fill from text' suggestions");
  await expectTapTargetsLargeEnough(page, "'Fill from text' suggestions");
  await expectNoSidewaysScroll(page, "'Fill from text' suggestions");
  // The rep keeps their pricing out of it.
  await pricing.uncheck();
  await sheet.getByRole('button', { name: 'Save chosen fields' }).click();
  await expect(sheet).toBeHidden();

  const company = page.getByLabel('Company', { exact: true });
  const website = page.getByLabel('Website', { exact: true });
  await expect(company).toHaveValue('Freightly');
  await expect(website).toHaveValue('https://freightly.io');
  await expect(page.getByLabel('Booking link')).toHaveValue('https://cal.com/freightly/intro');
  await expect(page.getByLabel('Pricing')).toHaveValue('');
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.reload();
  await expect(company).toHaveValue('Freightly');
  await expect(page.getByLabel('Proof points (customers, numbers, quotes)')).toHaveValue(
    'Acme Logistics cut dock wait times by 40% in six weeks.',
  );
  expect(await serverValues(page.request)).toEqual({
    company: 'Freightly',
    product: 'Freightly books dock appointments for mid-size shippers',
    website: 'https://freightly.io',
    bookingLink: 'https://cal.com/freightly/intro',
    proofPoints: 'Acme Logistics cut dock wait times by 40% in six weeks.',
  });

  const save = page.getByRole('button', { name: 'Save', exact: true });
  // A value the server would refuse is named under its field, before anything is saved.
  await website.fill('freightly dot io');
  await save.click();
  await expect(page.locator('#profile-website-error')).toHaveText(
    'Website must be a web link like https://acme.com, or blank.',
  );
  await expect(website).toBeFocused();
  await website.fill('freightly.io');

  // With the keyboard up, the field being typed in and Save both show.
  const signatureName = page.getByLabel('Signature: name');
  await showKeyboard(page, signatureName);
  await expectOnScreen(signatureName, 'the signature name field');
  await expectOnScreen(save, 'Save');
  await hideKeyboard(page);

  // No signal: the edit is kept on the phone, through a reload, and reaches the server once online.
  const network = new Network(context);
  await network.goOffline();
  await signatureName.fill('Dana Ortiz');
  await page.getByRole('radio', { name: 'Friendly' }).check();
  await save.click();
  const note = page.getByText("Saved on this phone; it will sync when you're online.");
  await expect(note).toBeVisible();
  await page.reload();
  await expect(signatureName).toHaveValue('Dana Ortiz');
  await expect(page.getByRole('radio', { name: 'Friendly' })).toBeChecked();
  await expect(note).toBeVisible();
  expect((await serverValues(page.request)).signatureName).toBeUndefined();
  await network.goOnline();
  await expect(note).toBeHidden();
  await expect
    .poll(async () => {
      const values = await serverValues(page.request);
      return [values.signatureName, values.tone];
    })
    .toEqual(['Dana Ortiz', 'friendly']);

  // At 320 px everything still fits and every control is tappable.
  await page.setViewportSize({ width: 320, height: 568 });
  await expectNoSidewaysScroll(page, 'the profile at 320 px');
  await expectTapTargetsLargeEnough(page, 'the profile at 320 px');

  // The dashboard says how much is filled, and leads here.
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Your profile' });
  await expect(card).toContainText('7 of 17 fields filled');
  await card.getByRole('link', { name: 'Edit your profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a long answer shows whole in its box, as typed and when the profile opens again, with no scrolling inside it', async ({
  page,
  chat,
  newAccount,
}) => {
  await chat.openAsNewUser(newAccount);
  await page.goto('/profile');
  const pains = page.getByLabel('Pains it solves');
  const shownWhole = () =>
    pains.evaluate((box: HTMLTextAreaElement) => ({
      hidden: box.scrollHeight - box.clientHeight,
      height: box.clientHeight,
    }));
  const start = await shownWhole();
  const paragraph = 'Dock slots are booked by phone and email, so trucks wait hours. '
    .repeat(12)
    .trim();
  await pains.fill(paragraph);
  await expect.poll(async () => (await shownWhole()).hidden).toBeLessThanOrEqual(1);
  expect((await shownWhole()).height).toBeGreaterThan(start.height * 3);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.reload();
  await expect(pains).toHaveValue(paragraph);
  await expect.poll(async () => (await shownWhole()).hidden).toBeLessThanOrEqual(1);
});
