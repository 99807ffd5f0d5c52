import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_FILE_NAME_HEADER } from '../../domain/contract/kit';
import type { ProfileField } from '../../domain/contract/profile';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { postStream, type TestClient } from '../../tests/support/client';
import { loggedInClient } from '../../tests/factories/users';
import { buildSend } from '../../tests/factories/chats';

// No model configured: a chat question is answered from the rep's own sales kit, Pitchpad's
// objection library and the profile, and the kit passages quoted are the reply's sources.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const newId = () => randomBytes(16).toString('base64url').slice(0, 21);

/** A Markdown file into the rep's kit, as the kit screen uploads it. */
const upload = async (client: TestClient, name: string, text: string) => {
  const res = await client.put(`/api/kit/files/${newId()}`, new TextEncoder().encode(text), {
    headers: { [KIT_FILE_NAME_HEADER]: encodeURIComponent(name) },
  });
  expect(res.status).toBe(201);
};

/** The profile filled as the profile screen does: one edit per field, each on a blank field. */
const fillProfile = async (client: TestClient, values: Partial<Record<ProfileField, string>>) => {
  const editedAt = new Date().toISOString();
  const res = await client.patch('/api/profile', {
    edits: Object.entries(values).map(([field, value]) => ({
      field,
      value,
      editedAt,
      base: null,
    })),
  });
  expect(res.status).toBe(200);
};

/** The reply as stored: its text and its sources, read from the database. */
const storedReply = async (chatId: string) => {
  const { rows } = await server.pool.query<{ content: string; sources: unknown; model: string }>(
    `SELECT content, sources, model FROM messages WHERE chat_id = $1 AND role = 'assistant'`,
    [chatId],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

const BATTLECARD = [
  '# Pipewise vs HubSpot',
  'HubSpot Sales Hub costs $90 a seat for the features reps use. Pipewise costs $49 a seat, and onboarding is included.',
].join('\n\n');
const PRICE_SHEET = [
  '# Pricing',
  'Pipewise is $49 a seat a month, billed yearly. A pilot for one team is free for 30 days.',
].join('\n\n');

/** Alice, a Pro rep with a profile and two files in her kit; Bob, with his own HubSpot pricing file. */
async function aliceAndBob() {
  const alice = await loggedInClient(server, { pro: true });
  await fillProfile(alice.client, {
    company: 'Pipewise',
    valueProposition: 'We cut new-rep ramp time from 6 months to 10 weeks.',
    pricing: '$49 a seat a month, billed yearly.',
    competitors: 'HubSpot: a CRM first, onboarding as an add-on.',
    proofPoints: 'Freightly cut ramp time by 40% in one quarter.',
  });
  await upload(alice.client, 'Battlecard.md', BATTLECARD);
  await upload(alice.client, 'Price sheet.md', PRICE_SHEET);
  const bob = await loggedInClient(server, { pro: true });
  await upload(
    bob.client,
    'Bob secret pricing.md',
    'Bobcorp pricing beats HubSpot: we charge 12 zorkmids and say so, too expensive compared to nobody.',
  );
  return { alice, bob };
}

describe('the chat with no model answers from what the rep has', () => {
  it("'they say we're too expensive compared to HubSpot' quotes Alice's battlecard as [1], stored as its source, with the library's price objection and her profile; Bob's file is never cited", async () => {
    const { alice } = await aliceAndBob();
    const send = buildSend("they say we're too expensive compared to HubSpot");
    const res = await alice.client.post('/api/chat', send);
    expect(res.status).toBe(200);

    const stored = await storedReply(send.chatId);
    expect(stored.model).toBe('offline-drafter');
    expect(stored.content).toMatch(
      /^No AI model is connected, so this is from your sales kit, Pitchpad’s objection library and your profile\.\n\n/,
    );
    expect(stored.content.match(/No AI model/g)).toHaveLength(1);
    expect(stored.content).toContain(
      '**From your sales kit**\n\n> “HubSpot Sales Hub costs $90 a seat for the features reps use. Pipewise costs $49 a seat, and onboarding is included.” [1]',
    );
    expect(stored.content).toContain("**“It's too expensive”**, from Pitchpad’s objection library");
    expect(stored.content).toContain(
      '- **Test:** Put the price next to the outcome: we cut new-rep ramp time from 6 months to 10 weeks.',
    );
    expect(stored.content).toContain(
      '**From your profile**\n- **Pricing:** $49 a seat a month, billed yearly.\n- **Competitors and how we differ:** HubSpot: a CRM first, onboarding as an add-on.',
    );
    expect(stored.content).toContain('[Build an objection guide](/chat?flow=objection)');
    expect(stored.content).not.toMatch(/Bobcorp|zorkmid|\[2\]/);

    // The one source is the battlecard's passage, stored with the reply and handed back as a model's are.
    expect(stored.sources).toEqual([
      { passageId: expect.any(String), fileName: 'Battlecard.md', page: null },
    ]);
    expect(res.body.message.sources).toEqual(stored.sources);
    const chat = await alice.client.get(`/api/chats/${send.chatId}`);
    expect(chat.body.messages[1].sources).toEqual(stored.sources);
    const [source] = stored.sources as { passageId: string }[];
    const passage = await alice.client.get(`/api/kit/passages/${source!.passageId}`);
    expect(passage.body.text).toContain('HubSpot Sales Hub costs $90 a seat');
  });

  it("'what's our pricing' answers from Alice's profile first, then her price sheet as [1], not the idea worksheet", async () => {
    const { alice } = await aliceAndBob();
    const send = buildSend("what's our pricing");
    expect((await alice.client.post('/api/chat', send)).status).toBe(200);
    const stored = await storedReply(send.chatId);
    expect(stored.content).toBe(
      [
        'No AI model is connected, so this is from your sales kit and your profile.',
        '**From your profile**\n- **Pricing:** $49 a seat a month, billed yearly.',
        '**From your sales kit**',
        '> “Pricing: Pipewise is $49 a seat a month, billed yearly.” [1]',
        '[Draft it as a cold email](/chat?flow=email)',
      ].join('\n\n'),
    );
    expect(stored.sources).toEqual([
      { passageId: expect.any(String), fileName: 'Price sheet.md', page: null },
    ]);
  });

  it('a streamed answer says its sources before its first word, and a regenerate finds the same ones', async () => {
    const { alice } = await aliceAndBob();
    const send = buildSend("they say we're too expensive compared to HubSpot");
    const { events } = await postStream(alice.client, '/api/chat', send);
    const names = events.map((e) => e.event);
    expect(names.indexOf('sources')).toBeGreaterThan(names.indexOf('start'));
    expect(names.indexOf('sources')).toBeLessThan(names.indexOf('delta'));
    const streamed = events.find((e) => e.event === 'sources')!.data.sources;
    expect(streamed).toEqual([
      { passageId: expect.any(String), fileName: 'Battlecard.md', page: null },
    ]);

    const again = await alice.client.post(`/api/chats/${send.chatId}/regenerate`, {});
    expect(again.status).toBe(200);
    expect(again.body.message.sources).toEqual(streamed);
    expect(again.body.message.content).toContain('” [1]');
    expect((await storedReply(send.chatId)).sources).toEqual(streamed);
  });

  it("Bob asking 'what's our pricing' gets his own file, never Alice's, and a rep with nothing that matches is told so once, with the flows", async () => {
    const { bob } = await aliceAndBob();
    const send = buildSend("what's our pricing");
    await bob.client.post('/api/chat', send);
    const his = await storedReply(send.chatId);
    expect(his.content).not.toMatch(/Pipewise|Battlecard|Price sheet/);
    expect(his.content).toContain('Bobcorp pricing beats HubSpot');
    expect(his.sources).toEqual([
      { passageId: expect.any(String), fileName: 'Bob secret pricing.md', page: null },
    ]);
    // His profile has no pricing: it says so and where to add it.
    expect(his.content).toContain(
      'Your profile doesn’t say your pricing yet: [add it to your profile](/profile).',
    );

    const carol = await loggedInClient(server, { pro: true });
    const nothing = buildSend('what is the weather on Mars');
    await carol.client.post('/api/chat', nothing);
    const hers = await storedReply(nothing.chatId);
    expect(hers.content).toMatch(
      /^No AI model is connected, and nothing in your sales kit, Pitchpad’s objection library or your profile matches this\.\n\nDrafted from your answers right now:/,
    );
    expect(hers.content).toContain('[Objection guide](/chat?flow=objection)');
    expect(hers.sources).toBeNull();
  });

  it('a flow finished with no model is drafted from its answers and cites no kit passage, even one its words match', async () => {
    const { alice } = await aliceAndBob();
    const send = buildSend('Write a cold email to Dana at Freightly about HubSpot pricing', {
      playbookType: 'email',
      answers: {
        recipient_info: 'Dana Ortiz, VP Sales at Freightly, pays too much for HubSpot',
        value_prop: 'Pipewise costs $49 a seat',
        booking_link: 'https://cal.com/alice/30min',
      },
    });
    expect((await alice.client.post('/api/chat', send)).status).toBe(200);
    const draft = await storedReply(send.chatId);
    expect(draft.content).toContain('Offline draft, composed from your answers.');
    expect(draft.sources).toBeNull();
  });
});
