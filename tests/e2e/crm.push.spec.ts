import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { AppPage } from './pages/AppPage';
import { DebriefPage } from './pages/DebriefPage';
import { goOnlineAndFireSyncs, refiringSyncs, shownTitles } from './support/backgroundSync';
import { fullBrowser } from './support/browser';
import { Network } from './support/network';
import { expectPhoneReady } from './support/phoneReady';
import { unique } from './support/scriptedReplies';

// The rep's CRM on a phone: HubSpot connected through its own consent page (the fake's), a CRM
// note sent with its records found as the rep types, and a debrief recorded and sent with no
// signal, delivered by the service worker with the app closed. A browser is needed: the consent page is a real
// navigation away and back, the sheet's search and 'Used before' are what the rep taps, and the
// delivery with the app closed is the service worker's Background Sync and its notification.

// Notifications, and the debrief's microphone (the fake one), are the full browser's only.
test.use(fullBrowser);

const HUBSPOT = `http://127.0.0.1:${process.env.E2E_FAKE_HUBSPOT_PORT}`;

interface HubSpotState {
  ids: { dana: string; freightly: string };
  notes: { properties: Record<string, string>; associations: { toObjectId: string }[] }[];
}

const hubspotState = async (context: BrowserContext): Promise<HubSpotState> =>
  (await (await context.request.get(`${HUBSPOT}/__test/state`)).json()) as HubSpotState;

/** The notes in the fake portal whose body holds `token`. */
const notesWith = async (context: BrowserContext, token: string) =>
  (await hubspotState(context)).notes.filter((note) =>
    note.properties.hs_note_body?.includes(token),
  );

test('a rep connects HubSpot on its consent page, sends a CRM note, then a debrief recorded with no signal: each lands once, the second with a notification', async ({
  page,
  context,
  flows,
  newAccount,
  baseURL,
}) => {
  test.slow();
  await context.grantPermissions(['notifications', 'background-sync', 'microphone'], {
    origin: baseURL!,
  });
  await flows.signUpAsProWithProfile(newAccount);

  // Connect: off to HubSpot's consent page and back, told how it went.
  await page.goto('/account');
  const connections = page.getByRole('region', { name: 'Connections' });
  await connections.getByRole('button', { name: 'Connect HubSpot' }).click();
  await expect(
    page.getByRole('heading', { name: /Connect Pitchpad to Fake HubSpot/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Connect app' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await new AppPage(page).expectToast('Connected', 'HubSpot is connected');
  await expect(connections).toContainText(/since/);
  await expectPhoneReady(page, 'the account page with HubSpot connected');

  // A CRM note, sent online: the records found as the rep types.
  const token = unique();
  const note = `# CRM note: Freightly\n\n## Summary\nDana wants faster ramp ${token}.\n\n## Date\n2026-11-27`;
  await flows.openFlow('crmnote');
  await flows.answer(`Dana wants faster ramp [[reply64:${Buffer.from(note).toString('base64')}]]`);
  await flows.answer('Freightly');
  await flows.button('Write CRM Note').click();
  await expect(flows.replyText()).toContainText(`Dana wants faster ramp ${token}.`);
  await flows.waitForOfflineReady();

  await page.getByRole('button', { name: 'Send to HubSpot' }).click();
  const sheet = page.getByRole('dialog', { name: 'Send to HubSpot' });
  await expect(sheet.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(sheet).toContainText('Choose at least one record in HubSpot');
  await expect(sheet.getByRole('textbox', { name: 'What HubSpot gets' })).toHaveValue(
    /Summary:\nDana wants faster ramp/,
  );
  await sheet.getByRole('searchbox').fill('Dana');
  await expect(sheet.getByRole('button', { name: /Dana Ortiz/ })).toBeVisible();
  await expectPhoneReady(page, 'the push sheet with records found');
  await sheet.getByRole('button', { name: /Dana Ortiz/ }).click();
  await sheet.getByRole('searchbox').fill('Freightly');
  await sheet.getByRole('button', { name: /^Freightly Company/ }).click();
  await sheet.getByRole('button', { name: 'Send' }).click();
  await expect(sheet).toBeHidden();
  const saved = page.locator('.crm-send__push--saved');
  await expect(saved).toContainText('Saved to HubSpot: Freightly');
  const { ids } = await hubspotState(context);
  await expect(saved.getByRole('link', { name: 'Open in HubSpot' })).toHaveAttribute(
    'href',
    new RegExp(`/record/0-1/${ids.dana}$`),
  );
  const online = await notesWith(context, token);
  expect(online).toHaveLength(1);
  expect(online[0]!.associations.map((a) => a.toObjectId).toSorted()).toEqual(
    [ids.dana, ids.freightly].toSorted(),
  );

  // With no signal, in the lobby after the meeting: a debrief recorded and noted, sent from its
  // card. No search, the records used before to pick from, and the push waits on the phone.
  const network = new Network(context);
  await network.goOffline();
  const debrief = new DebriefPage(page);
  await debrief.open();
  await debrief.meeting.fill('Freightly');
  await debrief.record(page.locator('.debrief-new'));
  const card = debrief.recording('Meeting with Freightly');
  await card
    .getByRole('textbox', { name: 'Your notes' })
    .fill(`Dana wants the ramp numbers ${token}. Sent offline.`);
  await page.setViewportSize({ width: 320, height: 568 });
  await card.getByRole('button', { name: 'Send to HubSpot' }).click();
  await expect(sheet.getByRole('searchbox')).toBeDisabled();
  await expectPhoneReady(page, 'the push sheet offline at 320 px');
  await expect(sheet).toContainText('Searching HubSpot needs a connection');
  await expect(sheet.getByRole('textbox', { name: 'What HubSpot gets' })).toHaveValue(
    `Dana wants the ramp numbers ${token}. Sent offline.`,
  );
  await sheet
    .getByRole('list', { name: 'Used before' })
    .getByRole('button', { name: /^Freightly Company/ })
    .click();
  await sheet.getByRole('button', { name: 'Send' }).click();
  await new AppPage(page).expectToast(
    'Saved on this phone',
    'It goes to HubSpot when you’re back online.',
  );
  await expect(card.locator('.crm-send__push')).toContainText(
    'Waiting for signal to go to HubSpot',
  );

  // The app closed, the signal back: the worker delivers it, once, and says so.
  await page.close();
  const blank = await context.newPage();
  const fired = await goOnlineAndFireSyncs(network, blank, baseURL!);
  expect(fired, 'a Background Sync registered for the push').not.toEqual([]);
  const sentOffline = async () =>
    (await notesWith(context, token)).filter((n) =>
      n.properties.hs_note_body?.includes('Sent offline.'),
    ).length;
  await expect
    .poll(
      refiringSyncs(blank, baseURL!, fired, sentOffline, (count) => count === 0),
      {
        timeout: 45_000,
      },
    )
    .toBe(1);
  await expect.poll(() => shownTitles(context)).toContain('Saved to HubSpot: Freightly');
  expect(await notesWith(context, token)).toHaveLength(2);
});
