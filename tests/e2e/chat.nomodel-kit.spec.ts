import { uniqueCredentials } from '../factories/users';
import { pdfOf } from '../factories/documents';
import { expect, test } from './fixtures';
import { ChatPage } from './pages/ChatPage';
import { FlowPage } from './pages/FlowPage';
import { logIn } from './pages/session';
import { startBareServer, type BareServer } from './support/bareServer';
import { expectNoSidewaysScroll } from './support/layout';
import { fillProfile, uploadToKit } from './support/salesKit';
import { expectTapTargetsLargeEnough } from './support/tapTargets';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

// A server with no model (support/bareServer.ts, on a port of its own next to the suite's): a rep
// with a sales kit asks the chat a question and gets the answer from what they have, with the kit's
// passage under Sources, and the flow that would write it one tap away.

const PORT = Number(process.env.E2E_PORT ?? 8091) + 3;

let bare: BareServer;
/** A rep the operator made Pro before the tests. */
const rep = { name: 'Ada Founder', ...uniqueCredentials('ada') };

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  bare = await startBareServer(PORT, { proAccount: rep, clientIp: '203.0.113.249' });
});
test.afterAll(async () => {
  await bare?.stop();
});

test("with no model, 'they say we're too expensive compared to HubSpot' is answered from the rep's battlecard, cited under Sources, and 'Build an objection guide' opens the flow", async ({
  page,
}) => {
  await logIn(page.request, rep);
  await fillProfile(page.request, {
    company: 'Pipewise',
    valueProposition: 'We cut new-rep ramp time from 6 months to 10 weeks.',
    pricing: '$49 a seat a month, billed yearly.',
  });
  await uploadToKit(
    page.request,
    'Battlecard.pdf',
    await pdfOf([
      ['Pipewise overview', 'Pipewise onboards new sales reps in ten weeks.'],
      [
        'Pipewise vs HubSpot',
        'HubSpot Sales Hub costs $90 a seat for the features reps use.',
        'Pipewise costs $49 a seat, and onboarding is included.',
      ],
    ]),
  );

  const chat = new ChatPage(page);
  await chat.open();
  await chat.send("they say we're too expensive compared to HubSpot");
  const answer = chat.replies.last();
  const text = chat.replyText();
  // 'No model' once, as the first line, then the answer itself.
  await expect(text).toContainText(
    'No AI model is connected, so this is from your sales kit, Pitchpad’s objection library and your profile.',
  );
  await expect(text.locator('blockquote')).toContainText(
    'HubSpot Sales Hub costs $90 a seat for the features reps use.',
  );
  await expect(text.locator('blockquote')).toContainText('[1]');
  await expect(text).toContainText("“It's too expensive”, from Pitchpad’s objection library");
  await expect(text).toContainText('Pricing: $49 a seat a month, billed yearly.');
  await expect(text).not.toContainText('can’t answer');

  // The passage quoted is the answer's source: listed under it, and tapping it shows the passage.
  const sources = answer.getByRole('region', { name: 'Sources' });
  const source = sources.getByRole('button', { name: /Battlecard\.pdf\s*p\. 2/ });
  await expect(source).toHaveCount(1);
  await expectNoSidewaysScroll(page, 'a no-model answer with sources');
  await expectTapTargetsLargeEnough(page, 'a no-model answer with sources');
  await source.click();
  const sheet = page.getByRole('dialog', { name: '[1] Battlecard.pdf, p. 2' });
  await expect(sheet).toContainText('Pipewise costs $49 a seat, and onboarding is included.');
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();

  // The flow that would write it opens inside the app.
  await answer.getByRole('button', { name: 'Build an objection guide' }).click();
  const flows = new FlowPage(page);
  await expect(page).toHaveURL(/\/chat\?flow=objection$/);
  await expect(flows.question).toHaveText('Whose objections do you want to handle?');
});
