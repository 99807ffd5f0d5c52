import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_FILE_NAME_HEADER } from '../../domain/contract/kit';
import { PROFILE_FIELDS, type ProfileField } from '../../domain/contract/profile';
import { PROFILE_BLOCK_MAX_TOKENS } from '../../domain/limits';
import { SYSTEM_PROMPTS } from '../../domain/playbooks/systemPrompts';
import { startModelTestServer, type ModelTestServer } from '../../tests/support/server';
import { postStream, type TestClient } from '../../tests/support/client';
import { loggedInClient } from '../../tests/factories/users';
import { buildSend, eventually } from '../../tests/factories/chats';
import { pdfOf } from '../../tests/factories/documents';
import { countTextTokens } from '../llm/context';

let server: ModelTestServer;
beforeAll(async () => {
  // A database of its own: one test renames the profile and kit tables for a moment, which would
  // fail any other file's request that reads them on the suite's shared database meanwhile.
  server = await startModelTestServer({}, { ownDatabase: true });
});
afterAll(() => server?.close());

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 9, 0, seconds)).toISOString();

/** Fill the profile as the profile screen does: one edit per field, each made on a blank field. */
const fillProfile = async (client: TestClient, values: Partial<Record<ProfileField, string>>) => {
  const res = await client.patch('/api/profile', {
    edits: Object.entries(values).map(([field, value]) => ({
      field,
      value,
      editedAt: at(1),
      base: null,
    })),
  });
  expect(res.status).toBe(200);
};

const newId = () => randomBytes(16).toString('base64url').slice(0, 21);
const upload = async (client: TestClient, name: string, pages: string[][]) => {
  const res = await client.put(`/api/kit/files/${newId()}`, await pdfOf(pages), {
    headers: { [KIT_FILE_NAME_HEADER]: encodeURIComponent(name) },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string };
};

/** The system message of the model request that asked `question` (the last user message). */
const systemFor = (question: string) => {
  const asked = server.fake.requests.filter((r) => r.messages.at(-1)?.content.includes(question));
  expect(asked.length).toBeGreaterThan(0);
  const system = asked.at(-1)!.messages[0]!;
  expect(system.role).toBe('system');
  return system.content;
};

/** A field filled to its longest with numbered words (text the tokenizer cannot pack tightly). */
const longest = (field: ProfileField) =>
  Array.from({ length: PROFILE_FIELDS[field].max }, (_, i) => `${field}${i}`)
    .join(' ')
    .slice(0, PROFILE_FIELDS[field].max);

const freightly = {
  company: 'Freightly',
  product: 'Dock appointment scheduling for mid-size shippers',
  pricing: '$49 a seat a month',
  tone: 'friendly',
  language: 'German',
};

const acmeCaseStudy = [
  ['Freightly overview', 'Freightly books dock appointments for mid-size shippers.'],
  [
    'Case study: Acme Logistics',
    'Acme Logistics cut dock wait times by 40 percent in six weeks.',
    'Their operations lead said detention fees fell to almost nothing.',
  ],
];

describe("every model call knows the rep's profile", () => {
  it('a free chat request carries the filled fields with their labels, tone and language as instructions', async () => {
    const { client } = await loggedInClient(server);
    await fillProfile(client, { ...freightly, website: 'freightly.io' });
    // A blank field, and an edit another device made meanwhile (kept as a note, not a value).
    await fillProfile(client, { pains: '' });
    await client.patch('/api/profile', {
      edits: [
        { field: 'company', value: 'Freightly GmbH (old name)', editedAt: at(0), base: null },
      ],
    });

    const question = 'Write me a one-line pitch [profile-1]';
    expect((await client.post('/api/chat', buildSend(question))).status).toBe(200);
    const system = systemFor(question);
    expect(system.startsWith(SYSTEM_PROMPTS.none)).toBe(true);
    expect(system).toContain('- Company: Freightly\n');
    expect(system).toContain(
      '- The product in one line: Dock appointment scheduling for mid-size shippers',
    );
    expect(system).toContain('- Website: https://freightly.io');
    expect(system).toContain('- Pricing: $49 a seat a month');
    expect(system).toContain('Write in a friendly tone.');
    expect(system).toContain('Write in German.');
    expect(system).not.toContain('old name');
    expect(system).not.toContain(PROFILE_FIELDS.pains.label);
    expect(system).not.toContain('Tone:');
  });

  it('a profile edited between two sends: the second carries the new value, not the one before', async () => {
    const { client } = await loggedInClient(server);
    await fillProfile(client, freightly);
    const first = 'Pitch me in a line [profile-edit-1]';
    expect((await client.post('/api/chat', buildSend(first))).status).toBe(200);
    expect(systemFor(first)).toContain('- Pricing: $49 a seat a month');

    // Edited later on the profile screen.
    const edit = { field: 'pricing', value: '$59 a seat a month', editedAt: at(2), base: null };
    expect((await client.patch('/api/profile', { edits: [edit] })).status).toBe(200);
    const second = 'Pitch me in a line again [profile-edit-2]';
    expect((await client.post('/api/chat', buildSend(second))).status).toBe(200);
    expect(systemFor(second)).toContain('- Pricing: $59 a seat a month');
    expect(systemFor(second)).not.toContain('$49');
  });

  it("Bob's profile is never in Alice's request, and an empty profile adds nothing", async () => {
    const alice = await loggedInClient(server);
    const bob = await loggedInClient(server);
    await fillProfile(bob.client, { company: 'Bobcorp Secret Ltd', pricing: 'Bob-only price' });

    const question = 'How do I open a call? [profile-2]';
    expect((await alice.client.post('/api/chat', buildSend(question))).status).toBe(200);
    expect(systemFor(question)).toBe(SYSTEM_PROMPTS.none);
  });

  it('a profile with every field at its longest is cut to 1,500 tokens, its longest fields first', async () => {
    const { client } = await loggedInClient(server);
    const values = Object.fromEntries(
      (Object.keys(PROFILE_FIELDS) as ProfileField[]).map((field) => {
        const { max } = PROFILE_FIELDS[field];
        if (field === 'tone') return [field, 'formal'];
        if (field === 'website' || field === 'bookingLink')
          return [field, `https://freightly.io/${'a'.repeat(max - 21)}`];
        // Numbered words: text the tokenizer cannot pack as tightly as one word said again and again.
        const words = Array.from({ length: max }, (_, i) => `${field}${i}`).join(' ');
        return [field, words.slice(0, max).trim()];
      }),
    );
    await fillProfile(client, values);

    const question = 'Summarise our offer [profile-3]';
    expect((await client.post('/api/chat', buildSend(question))).status).toBe(200);
    const system = systemFor(question);
    const block = system.slice(SYSTEM_PROMPTS.none.length);
    expect(await countTextTokens(block)).toBeLessThanOrEqual(PROFILE_BLOCK_MAX_TOKENS);
    expect(await countTextTokens(block)).toBeGreaterThan(PROFILE_BLOCK_MAX_TOKENS * 0.8);
    // The short fields stay whole; the longest (proof points, 2,000 characters) is cut.
    expect(system).toContain(`- Company: ${values.company}\n`);
    expect(system).toContain(`- Signature: phone: ${values.signaturePhone}\n`);
    expect(system).not.toContain(values.proofPoints);
    expect(system).toContain('- Proof points (customers, numbers, quotes): proofPoints0 ');
    expect(system).toContain('Write in a formal tone.');
  });

  it('value propositions, the GTM plan and the competitor analysis carry the profile too', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    await fillProfile(client, freightly);

    await client.post('/api/chat/value-props', { prompt: 'Three value props [profile-4a]' });
    await client.post('/api/generate-gtm-plan', { startupInfo: 'Our GTM [profile-4b]' });
    await client.post('/api/competitor-analysis', { productDescription: 'Rivals [profile-4c]' });
    for (const question of ['[profile-4a]', '[profile-4b]', '[profile-4c]']) {
      const system = systemFor(question);
      expect(system).toContain('- Company: Freightly\n');
      expect(system).toContain('Write in German.');
    }
  });
});

describe("a chat answer draws on the rep's sales kit and names its sources", () => {
  it('sends the best passages with their file name and page, and stores and returns them as sources', async () => {
    const { client } = await loggedInClient(server);
    await upload(client, 'Acme case study.pdf', acmeCaseStudy);

    const question = 'How much did Acme cut wait times? [kit-1]';
    const send = buildSend(question);
    const res = await client.post('/api/chat', send);
    expect(res.status).toBe(200);
    const system = systemFor(question);
    expect(system).toContain('cite each one you use as [1], [2]');
    expect(system).toMatch(
      /\[1\] Acme case study\.pdf, p\. 2\n[^[]*Acme Logistics cut dock wait times by 40 percent/,
    );

    const sources = res.body.message.sources;
    expect(sources).toEqual([
      { passageId: expect.any(String), fileName: 'Acme case study.pdf', page: 2 },
    ]);
    const passage = await client.get(`/api/kit/passages/${sources[0].passageId}`);
    expect(passage.body.text).toContain('Acme Logistics cut dock wait times');
    // Stored with the reply: the chat read back has them.
    const chat = await client.get(`/api/chats/${send.chatId}`);
    expect(chat.body.messages[1].sources).toEqual(sources);
    const { rows } = await server.pool.query(
      `SELECT sources FROM messages WHERE chat_id = $1 AND role = 'assistant'`,
      [send.chatId],
    );
    expect(rows[0].sources).toEqual(sources);
  });

  it('a streamed answer says its sources before its first word; a regenerate searches again and keeps them', async () => {
    const { client } = await loggedInClient(server);
    await upload(client, 'Acme case study.pdf', acmeCaseStudy);
    const question = 'What did the Acme operations lead say about detention fees? [kit-2]';
    const send = buildSend(question);
    const { events } = await postStream(client, '/api/chat', send);
    const names = events.map((e) => e.event);
    expect(names.indexOf('sources')).toBeGreaterThan(names.indexOf('start'));
    expect(names.indexOf('sources')).toBeLessThan(names.indexOf('delta'));
    const streamed = events.find((e) => e.event === 'sources')!.data.sources;
    expect(streamed[0]).toMatchObject({ fileName: 'Acme case study.pdf', page: 2 });
    expect(events.at(-1)!.data.message.sources).toEqual(streamed);

    const asked = server.fake.requests.length;
    const again = await client.post(`/api/chats/${send.chatId}/regenerate`, {});
    expect(again.status).toBe(200);
    expect(server.fake.requests.length).toBe(asked + 1);
    expect(server.fake.requests.at(-1)!.messages[0]!.content).toContain(
      '[1] Acme case study.pdf, p. 2',
    );
    expect(again.body.message.sources).toEqual(streamed);
  });

  it("Bob's passages are never sent with Alice's question, and an empty kit adds nothing", async () => {
    const alice = await loggedInClient(server);
    const bob = await loggedInClient(server);
    await upload(bob.client, 'Bob pricing.pdf', [['Bobcorp charges 99 zorkmids per wombat.']]);

    const question = 'What do we charge per wombat in zorkmids? [kit-3]';
    const res = await alice.client.post('/api/chat', buildSend(question));
    expect(res.status).toBe(200);
    expect(systemFor(question)).toBe(SYSTEM_PROMPTS.none);
    expect(res.body.message.sources).toBeUndefined();

    // Bob asking the same gets his own passage.
    await bob.client.post('/api/chat', buildSend(`${question} (bob)`));
    expect(systemFor(`${question} (bob)`)).toContain('[1] Bob pricing.pdf, p. 1');
  });
});

describe('a send sent again hands back its reply without reading the profile or the kit', () => {
  it('with the profile and the kit unreadable, a replay still answers with its stored reply', async () => {
    const { client } = await loggedInClient(server);
    await fillProfile(client, freightly);
    await upload(client, 'Acme case study.pdf', acmeCaseStudy);
    const question = 'How much did Acme cut wait times? [replay-1]';
    const send = buildSend(question);
    const first = await client.post('/api/chat', send);
    expect(first.status).toBe(200);
    expect(systemFor(question)).toContain('[1] Acme case study.pdf, p. 2');
    const asked = server.fake.requests.length;

    // Reading either now fails: a send that read them could not answer.
    await server.pool.query('ALTER TABLE profiles RENAME TO profiles_away');
    await server.pool.query('ALTER TABLE kit_files RENAME TO kit_files_away');
    try {
      const again = await client.post('/api/chat', send);
      expect(again.status).toBe(200);
      expect(again.body.message).toEqual(first.body.message);
      expect(server.fake.requests.length).toBe(asked);
      // A new send reads them, and fails: they really are unreadable.
      expect((await client.post('/api/chat', buildSend(`${question} (new)`))).status).toBe(500);
    } finally {
      await server.pool.query('ALTER TABLE profiles_away RENAME TO profiles');
      await server.pool.query('ALTER TABLE kit_files_away RENAME TO kit_files');
    }
  });
});

describe("the profile counts in what a send reserves of the day's allowance", () => {
  it('while the model is still silent, the reservation holds the whole system prompt: the profile and the passages', async () => {
    const { client, user } = await loggedInClient(server);
    await fillProfile(client, {
      valueProposition: longest('valueProposition'),
      pains: longest('pains'),
      proofPoints: longest('proofPoints'),
      competitors: longest('competitors'),
    });
    await upload(client, 'Acme case study.pdf', acmeCaseStudy);
    const question = 'How much did Acme cut wait times? [budget-1] [[first:1500]]';
    const reserved = async () =>
      Number(
        (
          await server.pool.query<{ tokens: string }>(
            'SELECT tokens FROM token_usage WHERE payer = $1',
            [`user:${user.id}`],
          )
        ).rows[0]?.tokens ?? 0,
      );
    await postStream(
      client,
      '/api/chat',
      { ...buildSend(question), llmParams: { max_tokens: 100 } },
      (events) => events.some((e) => e.event === 'sources'),
    );
    // What is reserved before the first word: at least the tokens of the system prompt the model
    // is sent, and of the longest answer asked for.
    await eventually(async () =>
      server.fake.requests.some((r) => r.messages.at(-1)?.content.includes('[budget-1]')),
    );
    const system = systemFor('[budget-1]');
    expect(system).toContain('[1] Acme case study.pdf, p. 2');
    expect(await reserved()).toBeGreaterThanOrEqual((await countTextTokens(system)) + 100);
  });
});
