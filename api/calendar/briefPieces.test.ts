import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BriefPerson, MeetingBrief, MeetingsResponse } from '../../domain/contract/calendar';
import { KIT_FILE_NAME_HEADER } from '../../domain/contract/kit';
import { BRIEF_SYSTEM_PROMPT } from '../../domain/briefs/prepBrief';
import { loggedInClient } from '../../tests/factories/users';
import { icsOf, startFakeCalendar, type FakeCalendar } from '../../tests/fakes/calendar';
import type { FakeOpenAI } from '../../tests/fakes/openai';
import type { TestClient } from '../../tests/support/client';
import {
  startModelTestServer,
  startTestServer,
  type ModelTestServer,
  type TestServer,
} from '../../tests/support/server';
import { excerptAround, PIECE_MAX_CHARS, searchTerms } from './briefPieces';

/**
 * What a prep brief is made from: the rep's own debriefs, call analyses, chats and notes pushed to
 * the CRM that name the meeting's company or person, and the kit passages that match it, each kept
 * as a source the brief's lines cite. Never another rep's work, and never work that is not done
 * (a recording still transcribing, a CRM note not written, a deleted chat).
 */
const tag = () => randomBytes(4).toString('hex');
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const newId = () => randomBytes(16).toString('base64url').slice(0, 21);
type Pool = TestServer['pool'];

/** A calendar of one meeting with Dana Ortiz (named in the invite) and Lee, both of Freightly. */
async function calendarFor(title: string): Promise<FakeCalendar> {
  const ics = icsOf([
    {
      uid: `ext-${title}`,
      start: new Date(Date.now() + 20 * 3_600_000),
      minutes: 30,
      summary: title,
      attendees: ['dana.ortiz@freightly.example', 'lee@freightly.example'],
    },
  ]).replace(
    'ATTENDEE:mailto:dana.ortiz@freightly.example',
    'ATTENDEE;CN=Dana Ortiz:mailto:dana.ortiz@freightly.example',
  );
  return startFakeCalendar(ics);
}

/** A rep of pitchpad.test: its addresses are the rep's own company. */
const rep = (server: TestServer) => loggedInClient(server, { email: `rep_${tag()}@pitchpad.test` });

/** A debrief of the rep's: a recording in `status`, with its transcript. */
async function debrief(
  pool: Pool,
  userId: number,
  title: string,
  transcript: string,
  at: Date,
  status = 'transcribed',
) {
  await pool.query(
    `INSERT INTO recordings (user_id, id, title, container, bytes, status, transcript, created_at)
     VALUES ($1, $2, $3, 'webm', 1000, $4, $5, $6)`,
    [userId, newId(), title, status, status === 'transcribed' ? transcript : '', at],
  );
}

/** A chat of the rep's (a call analysis with `playbookType` 'call') and its one message. */
async function chat(
  pool: Pool,
  userId: number,
  title: string,
  text: string,
  at: Date,
  opts: { playbookType?: string; deleted?: boolean } = {},
): Promise<string> {
  const id = `chat-${tag()}`;
  const playbookType = opts.playbookType ?? 'none';
  await pool.query(
    `INSERT INTO chats (id, title, user_id, updated_at, is_playbook, playbook_type, deleted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      title,
      userId,
      at,
      playbookType === 'none' ? 'false' : 'true',
      playbookType,
      opts.deleted ? at : null,
    ],
  );
  await pool.query(
    `INSERT INTO messages (chat_id, role, content, timestamp) VALUES ($1, 'assistant', $2, $3)`,
    [id, text, at],
  );
  return id;
}

/** A note the rep pushed to HubSpot, in `state`. */
async function crmNote(
  pool: Pool,
  userId: number,
  title: string,
  body: string,
  at: Date,
  state = 'written',
) {
  await pool.query(
    `INSERT INTO crm_pushes (user_id, id, provider, source_kind, title, targets, body, marker, state, created_at)
     VALUES ($1, $2, 'hubspot', 'debrief', $3, '[]'::jsonb, $4, $5, $6, $7)`,
    [userId, newId(), title, body, `marker-${tag()}`, state, at],
  );
}

/** A Markdown file uploaded to the rep's sales kit, as the kit screen sends one. */
async function kitFile(client: TestClient, name: string, text: string) {
  const res = await client.put(`/api/kit/files/${newId()}`, new TextEncoder().encode(text), {
    headers: { [KIT_FILE_NAME_HEADER]: encodeURIComponent(name) },
  });
  expect(res.status).toBe(201);
}

const DEBRIEF =
  'Walked the Memphis depot with Dana Ortiz and her dispatch team. Loads are planned on paper.';
const CALL =
  'Freightly loses four hours a day to double-booked docks. Their dispatchers retype every booking.';
const CRM = 'Freightly wants a pilot at two depots. We agreed to send the pilot plan by Friday.';
const KIT =
  'Haulers like Freightly cut empty miles by 18 percent in their first quarter with route pooling.';

/**
 * The rep's work about Freightly (a debrief naming Dana Ortiz, a call analysis, a CRM note, a kit
 * file), work that must not count (unfinished, deleted, naming only a first name), and another rep's
 * work about Freightly.
 */
async function workAboutFreightly(server: TestServer) {
  const mine = await rep(server);
  const id = mine.user.id;
  const at = { debrief: daysAgo(1), call: daysAgo(2), crm: daysAgo(3) };
  await debrief(server.pool, id, 'Depot visit', DEBRIEF, at.debrief);
  const callId = await chat(server.pool, id, 'Call with the ops lead', CALL, at.call, {
    playbookType: 'call',
  });
  await crmNote(server.pool, id, 'Discovery call', CRM, at.crm);
  await kitFile(mine.client, 'Case studies.md', `# Route pooling\n\n${KIT}\n`);

  // Not done, deleted, or naming only a first name: none of it is about this meeting yet.
  await debrief(
    server.pool,
    id,
    'Freightly call (recording)',
    'unused',
    daysAgo(0.5),
    'transcribing',
  );
  await crmNote(
    server.pool,
    id,
    'Freightly draft',
    'Freightly is still being written.',
    daysAgo(0.5),
    'writing',
  );
  await chat(
    server.pool,
    id,
    'Old Freightly chat',
    'Freightly, in a chat the rep deleted.',
    daysAgo(0.5),
    {
      deleted: true,
    },
  );
  await chat(server.pool, id, 'Globex intro', 'Dana from Globex asked for a demo.', daysAgo(0.5));

  // Another rep's work about the same company, newer than all of the rep's.
  const other = await rep(server);
  const oid = other.user.id;
  await debrief(
    server.pool,
    oid,
    'Freightly visit',
    'Freightly told the other rep a secret.',
    daysAgo(0.1),
  );
  await chat(
    server.pool,
    oid,
    'Freightly call',
    'Freightly told the other rep on a call.',
    daysAgo(0.1),
    {
      playbookType: 'call',
    },
  );
  await chat(
    server.pool,
    oid,
    'Freightly chat',
    'Dana Ortiz of Freightly, in another rep’s chat.',
    daysAgo(0.1),
  );
  await crmNote(
    server.pool,
    oid,
    'Freightly note',
    'Freightly, in another rep’s CRM.',
    daysAgo(0.1),
  );
  await kitFile(other.client, 'Other kit.md', 'Freightly route pooling, in another rep’s kit.\n');
  return { ...mine, sources: expectedSources(callId, at) };
}

/** Every word of another rep's work above: none may reach the brief or the model. */
const OTHER_REPS = /other rep|another rep|Other kit|Freightly (visit|call|chat|note)\b/;
/** Work that is not done, deleted, or names only 'Dana': none may reach the brief or the model. */
const NOT_ABOUT_IT =
  /unused|\(recording\)|still being written|deleted|Globex|Freightly draft|Old Freightly chat/;

/** The sources the rep's work gives, newest first, then the kit's passage (its text as the kit read the file). */
function expectedSources(callId: string, at: Record<'debrief' | 'call' | 'crm', Date>) {
  return [
    { kind: 'debrief', label: 'Debrief: Depot visit', at: at.debrief.toISOString(), text: DEBRIEF },
    {
      kind: 'call',
      label: 'Call analysis: Call with the ops lead',
      at: at.call.toISOString(),
      text: CALL,
      chatId: callId,
    },
    { kind: 'crm', label: 'CRM note: Discovery call', at: at.crm.toISOString(), text: CRM },
    {
      kind: 'kit',
      label: 'Case studies.md',
      text: expect.stringContaining(KIT),
      passageId: expect.any(String),
    },
  ];
}

const briefRequests = (fake: FakeOpenAI, title: string) =>
  fake.requests.filter(
    (r) => r.messages[0]?.content === BRIEF_SYSTEM_PROMPT && r.messages[1]?.content.includes(title),
  );

describe.each([
  ['the suite’s database', {}],
  ['the embedded database', { DATABASE_URL: '' }],
])('on %s, a prep brief', (_name, dbEnv) => {
  let offline: TestServer;
  let model: ModelTestServer;
  beforeAll(async () => {
    [offline, model] = await Promise.all([
      startTestServer({ FETCH_ALLOW_LOOPBACK: 'true', ...dbEnv }),
      startModelTestServer({ FETCH_ALLOW_LOOPBACK: 'true', ...dbEnv }),
    ]);
  }, 60_000);
  afterAll(() => Promise.all([offline?.close(), model?.close()]));

  it('with no model, cites the rep’s debrief, call analysis, CRM note and kit passage naming the company or person, and no one else’s', async () => {
    const title = `Freightly review ${tag()}`;
    const calendar = await calendarFor(title);
    try {
      const { user, client, sources } = await workAboutFreightly(offline);
      expect((await client.put('/api/calendar', { url: calendar.url })).status).toBe(200);
      await offline.calendarWork.forUser(user.id);

      const { briefs } = (await client.get<MeetingsResponse>('/api/meetings')).body;
      expect(briefs).toHaveLength(1);
      const brief = briefs[0]!;
      expect(brief.byModel).toBe(false);
      expect(brief.who).toEqual([
        { email: 'dana.ortiz@freightly.example', name: 'Dana Ortiz', company: 'Freightly' },
        { email: 'lee@freightly.example', company: 'Freightly' },
      ]);
      expect(brief.sources).toEqual(sources);

      // Each piece's first line is known, citing it; the kit passage after the rep's work.
      expect(brief.known).toEqual([
        {
          text: 'Walked the Memphis depot with Dana Ortiz and her dispatch team.',
          source: 1,
        },
        { text: 'Freightly loses four hours a day to double-booked docks.', source: 2 },
        { text: 'Freightly wants a pilot at two depots.', source: 3 },
        { text: brief.sources[3]!.text, source: 4 },
      ]);
      // What was promised last time, citing the CRM note.
      expect(brief.openPoints).toEqual([
        { text: 'We agreed to send the pilot plan by Friday.', source: 3 },
      ]);

      const everything = JSON.stringify(brief);
      expect(everything).not.toMatch(OTHER_REPS);
      expect(everything).not.toMatch(NOT_ABOUT_IT);

      // The brief as its own route answers it is the same one.
      const meetingId = brief.meetingId;
      const one = await client.get<MeetingBrief>(
        `/api/meetings/${encodeURIComponent(meetingId)}/brief`,
      );
      expect(one.body.sources).toEqual(brief.sources);
    } finally {
      await calendar.close();
    }
  });

  it('sends the model the rep’s pieces, numbered as the brief keeps them, and no one else’s', async () => {
    const title = `Freightly review ${tag()}`;
    const calendar = await calendarFor(title);
    try {
      const { user, client, sources } = await workAboutFreightly(model);
      model.fake.enqueue({
        reply: JSON.stringify({
          known: [
            { text: 'Freightly loses four hours a day to double booking.', source: 2 },
            { text: 'A kit case study shows 18 percent fewer empty miles.', source: 4 },
          ],
          openPoints: [{ text: 'The pilot plan is due by Friday.', source: 3 }],
          questions: ['Who plans the loads?', 'Which two depots?', 'By when?'],
          objections: [{ says: 'We have a system.', answer: 'It still needs retyping.' }],
          outcome: 'A pilot at two depots agreed.',
        }),
      });
      expect((await client.put('/api/calendar', { url: calendar.url })).status).toBe(200);
      await model.calendarWork.forUser(user.id);

      const requests = briefRequests(model.fake, title);
      expect(requests).toHaveLength(1);
      const prompt = requests[0]!.messages[1]!.content;
      expect(prompt).toContain('- Dana Ortiz dana.ortiz@freightly.example (Freightly)');
      expect(prompt).toContain(`[1] Debrief: Depot visit\n${DEBRIEF}`);
      expect(prompt).toContain(`[2] Call analysis: Call with the ops lead\n${CALL}`);
      expect(prompt).toContain(`[3] CRM note: Discovery call\n${CRM}`);
      expect(prompt).toMatch(/\[4\] Case studies\.md\n[^[]*Haulers like Freightly cut empty miles/);
      expect(prompt).not.toContain('[5]');
      expect(prompt).not.toMatch(OTHER_REPS);
      expect(prompt).not.toMatch(NOT_ABOUT_IT);

      const { briefs } = (await client.get<MeetingsResponse>('/api/meetings')).body;
      const brief = briefs[0]!;
      expect(brief).toMatchObject({
        byModel: true,
        known: [
          { text: 'Freightly loses four hours a day to double booking.', source: 2 },
          { text: 'A kit case study shows 18 percent fewer empty miles.', source: 4 },
        ],
        openPoints: [{ text: 'The pilot plan is due by Friday.', source: 3 }],
      });
      expect(brief.sources).toEqual(sources);
    } finally {
      await calendar.close();
    }
  });
});

describe('the words that make earlier work about a meeting', () => {
  const dana: BriefPerson = {
    email: 'dana.ortiz@freightly.example',
    name: 'Dana Ortiz',
    company: 'Freightly',
  };

  it('are the companies and every address, and a name only when it is a full one of long words', () => {
    expect(
      searchTerms(
        [
          dana,
          { email: 'dana@globex.example', name: 'Dana' },
          { email: 'al@li.example', name: 'Al Li' },
          { email: 'jo@acme.example', name: 'José Müller' },
        ],
        ['Freightly', 'IB'],
      ),
    ).toEqual([
      'freightly',
      'dana.ortiz@freightly.example',
      'dana ortiz',
      'dana@globex.example',
      'al@li.example',
      'jo@acme.example',
      'josé müller',
    ]);
  });

  it('are at most 20, however many people the invite names', () => {
    const people = Array.from({ length: 30 }, (_, i) => ({ email: `p${i}@acme.example` }));
    expect(searchTerms(people, ['Acme'])).toHaveLength(20);
    expect(searchTerms([], [])).toEqual([]);
  });
});

describe('the excerpt a brief quotes of a piece', () => {
  const terms = ['freightly', 'dana ortiz'];

  it('is the whole text when it is short or names them near the start', () => {
    expect(excerptAround('Met Dana Ortiz today. Good call.', terms)).toBe(
      'Met Dana Ortiz today. Good call.',
    );
    expect(excerptAround('Nothing about them here.', terms)).toBe('Nothing about them here.');
  });

  it('starts at the sentence of the first mention, far into a long text, and is cut at a word', () => {
    const before = 'We talked about the weather and the roads for a long while. '.repeat(10);
    const after = ' They run forty depots and plan every load on paper.'.repeat(20);
    const text = `${before}Then Freightly came up.${after}`;
    const excerpt = excerptAround(text, terms);
    expect(excerpt.startsWith('…Then Freightly came up. They run forty depots')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    // The opening ellipsis, at most the longest excerpt, and the closing one.
    expect(excerpt.length).toBeLessThanOrEqual(PIECE_MAX_CHARS + 2);
  });

  it('starts at most a third of an excerpt before a mention in a long sentence', () => {
    const text = `${'word '.repeat(200)}freightly ${'more '.repeat(200)}`;
    const excerpt = excerptAround(text, terms);
    const lead = excerpt.indexOf('freightly');
    expect(lead).toBeGreaterThan(0);
    expect(lead).toBeLessThanOrEqual(PIECE_MAX_CHARS / 3 + 1);
  });

  it('is cut at the longest excerpt when no term is in it', () => {
    const text = 'Plenty of words without any name at all. '.repeat(40);
    const excerpt = excerptAround(text, terms);
    expect(excerpt.startsWith('Plenty of words')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(PIECE_MAX_CHARS + 1);
  });
});
