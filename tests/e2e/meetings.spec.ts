import { expect, test } from './fixtures';
import { AppPage } from './pages/AppPage';
import { registerAndLogIn } from './pages/session';
import { waitForBrief } from './support/meetings';
import { icsOf, startFakeCalendar, type FakeCalendar } from '../fakes/calendar';
import { Network, waitForWorker } from './support/network';
import { expectPhoneReady } from './support/phoneReady';

// The rep's calendar on a phone: the secret address pasted on the account page, the next meetings
// listed by day in the phone's time zone, and each external meeting's prep brief, read with no
// signal. A browser is needed for the paste-and-connect form, the day grouping in the phone's own
// zone, and what the phone kept when the network is cut. The reminder is meetings.push.spec.ts.

let fake: FakeCalendar;
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000);

test.beforeAll(async () => {
  fake = await startFakeCalendar(
    icsOf([
      {
        uid: 'globex',
        start: inHours(-0.5),
        minutes: 60,
        summary: 'Globex check-in',
        attendees: ['kim@globex.example'],
      },
      {
        uid: 'freightly',
        start: inHours(20),
        minutes: 30,
        summary: 'Freightly demo',
        attendees: ['dana@freightly.example', 'sam@freightly.example'],
      },
      {
        uid: 'standup',
        start: inHours(30),
        minutes: 15,
        summary: 'Team standup',
        attendees: [],
      },
    ]),
  );
});
test.afterAll(() => fake?.close());

test('a rep pastes a calendar address, sees the next meetings by day, and reads a brief with no signal', async ({
  page,
  context,
  newAccount,
}) => {
  await registerAndLogIn(page.request, newAccount);
  await page.goto('/account');
  const calendar = page.getByRole('region', { name: 'Calendar' });
  await calendar.getByLabel('Calendar address').fill(fake.url);
  await calendar.getByRole('button', { name: 'Connect calendar' }).click();
  await new AppPage(page).expectToast('Calendar connected');
  await expect(calendar).toContainText(new URL(fake.url).host);
  // Reminders are offered where the calendar is connected; this test browser refuses notifications
  // (permission 'denied'), so the card says where to allow them, with no button that cannot work.
  await expect(calendar.getByRole('status').filter({ hasText: 'reminder' })).toHaveText(
    'Notifications from Pitchpad are blocked in this browser’s settings. Allow them there to get a reminder before each meeting.',
  );
  await expect(calendar.getByRole('button', { name: 'Turn on reminders' })).toHaveCount(0);

  await calendar.getByRole('link', { name: 'See your next meetings' }).click();
  await expect(page).toHaveURL(/\/meetings$/);
  const demo = page.locator('.meeting-card').filter({ hasText: 'Freightly demo' });
  await expect(demo).toContainText('dana@freightly.example, sam@freightly.example');
  const day = await page.evaluate(
    (iso) =>
      new Date(iso).toLocaleDateString(undefined, {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
      }),
    inHours(20).toISOString(),
  );
  await expect(page.getByRole('region', { name: day })).toContainText('Freightly demo');
  await expect(page.locator('.meeting-card').filter({ hasText: 'Team standup' })).toContainText(
    'No brief: your own team',
  );
  await waitForBrief(page, 'Freightly demo');
  await page.setViewportSize({ width: 320, height: 568 });
  await expectPhoneReady(page, 'the meetings at 320 px');

  // The empty chat opens on the next meetings, each a tap from its brief.
  await page.goto('/chat');
  const agenda = page.getByRole('region', { name: 'Next meetings' });
  await expect(agenda.getByRole('link')).toHaveText([
    /Globex check-in\s*Now/,
    /Freightly demo\s*Brief ready/,
  ]);
  await expectPhoneReady(page, 'the empty chat with the next meetings at 320 px');
  await page.goto('/meetings');

  // No signal: the list the phone kept, and the brief it brought.
  await waitForWorker(page);
  await new Network(context).goOffline();
  await page.reload();
  await demo.getByRole('link', { name: 'Freightly demo' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Freightly demo');
  const brief = page.getByRole('article', { name: 'Prep brief' });
  await expect(brief.getByRole('region', { name: 'Who' })).toContainText(
    'dana@freightly.example, Freightly',
  );
  await expect(brief.getByRole('region', { name: 'Questions to ask' }).locator('li')).toHaveCount(
    3,
  );
  await expect(brief).toContainText(/Made today at|Made \w{3}/);
  await expect(page.getByRole('button', { name: 'Make it again' })).toBeDisabled();
  await expectPhoneReady(page, 'a brief at 320 px, offline');

  // Pinned, it stays on the phone.
  await page.getByRole('button', { name: 'Pin to this phone' }).click();
  await expect(page.getByRole('button', { name: 'Pinned to this phone' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // After a meeting: its debrief, the meeting and who was invited filled in.
  await page.getByRole('link', { name: 'All meetings' }).click();
  await page
    .locator('.meeting-card')
    .filter({ hasText: 'Globex check-in' })
    .getByRole('link', { name: 'Debrief this meeting' })
    .click();
  await expect(page.getByRole('textbox', { name: /Who was the meeting with/ })).toHaveValue(
    'Globex check-in',
  );
  await expect(page.getByText('Invited: kim@globex.example')).toBeVisible();
});

test('an address that is no calendar is refused on the account page with why', async ({
  page,
  newAccount,
}) => {
  await registerAndLogIn(page.request, newAccount);
  await page.goto('/account');
  const calendar = page.getByRole('region', { name: 'Calendar' });
  await calendar.getByLabel('Calendar address').fill('http://169.254.169.254/latest/meta-data');
  await calendar.getByRole('button', { name: 'Connect calendar' }).click();
  await expect(calendar.getByRole('alert')).toHaveText(
    'That address is not on the public internet.',
  );
});
