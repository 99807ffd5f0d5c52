// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import type { DBCore } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildLocalEmailChat, buildLocalUserMessage } from '../../../tests/factories/localMessages';
import {
  clearUserData,
  openUserDb,
  PitchpadDb,
  userDbName,
  writeKeyValue,
  type LocalMessage,
  type LocalRecording,
  type WorkflowRecord,
} from '../../data/db';
import { DeviceIndex, type DeviceQuery } from './deviceIndex';
import { dropDeviceIndex, searchOnDevice, startDeviceIndex } from './deviceSearch';

const DAY = 86_400_000;
let userId = 9700;
let db: PitchpadDb;
let index: DeviceIndex;
/** Connections a test opened besides the rep's own, closed before the database is deleted. */
const extra: PitchpadDb[] = [];

const FREIGHTLY = buildLocalEmailChat({
  id: 'chat-freightly',
  title: 'Freightly renewal',
  isPlaybook: false,
  playbookType: 'none',
});
const COLD_EMAIL = buildLocalEmailChat({ id: 'chat-email', title: 'Cold Email to Dana' });

/** A message the server holds, written `daysAgo` days ago. */
function message(
  chatId: string,
  content: string,
  overrides: Partial<LocalMessage> = {},
  daysAgo = 1,
): LocalMessage {
  const at = Date.now() - daysAgo * DAY;
  return buildLocalUserMessage(chatId, {
    content,
    status: 'sent',
    serverId: Math.floor(Math.random() * 1e9),
    sortAt: at,
    timestamp: new Date(at).toISOString(),
    touchedAt: Date.now(),
    ...overrides,
  });
}

const find = (q: string, filters: Omit<DeviceQuery, 'q'> = {}) =>
  index.search({ q, ...filters }, 20).then((found) => found.hits);
const keysOf = async (q: string, filters: Omit<DeviceQuery, 'q'> = {}) =>
  (await find(q, filters)).map((hit) => hit.key);
const keyOf = (m: LocalMessage) => `msg:${m.chatId}:${m.clientId}`;

beforeEach(async () => {
  db = openUserDb(++userId);
  await db.chats.bulkPut([FREIGHTLY, COLD_EMAIL]);
});

afterEach(async () => {
  await index?.stop({ save: false });
  for (const other of extra.splice(0)) other.close();
  await clearUserData();
});

describe('finding what the phone holds', () => {
  it('finds a message by its words however they are written, named and placed as the server would', async () => {
    const m = message(FREIGHTLY.id, 'Our pricing for Freightly is $40,000 a year, café included.');
    await db.messages.put(m);
    index = new DeviceIndex(db);
    await index.start();
    for (const q of ['prices ', 'PRICING', 'cafe', 'café', '40000 ', '40,000 ', 'pric'])
      expect(await keysOf(q), q).toEqual([keyOf(m)]);
    const [hit] = await find('pricing ');
    expect(hit).toMatchObject({
      kind: 'chat',
      title: 'Freightly renewal',
      at: m.timestamp,
      target: { kind: 'message', chatId: FREIGHTLY.id, serverId: m.serverId, clientId: m.clientId },
    });
    expect(hit!.marks.map(([a, b]) => hit!.snippet.slice(a, b))).toEqual(['pricing']);
  });

  it("calls a guided flow's message a flow, and an edited email an email", async () => {
    const reply = message(COLD_EMAIL.id, 'Subject: Quick idea', {
      emailEdit: {
        subject: 'Ramp time at Freightly',
        body: 'Hi Dana, shipments tracked in one place.',
        editedAt: new Date().toISOString(),
      },
    });
    await db.messages.put(reply);
    index = new DeviceIndex(db);
    await index.start();
    expect((await index.search({ q: 'quick idea ' }, 5)).hits).toMatchObject([{ kind: 'flow' }]);
    expect((await index.search({ q: 'shipments ' }, 5)).hits).toMatchObject([
      {
        kind: 'email',
        key: `email:${keyOf(reply).slice('msg:'.length)}`,
        title: 'Cold Email to Dana',
      },
    ]);
  });

  it('finds saved flows, debriefs with words, and filled profile fields', async () => {
    const flow: WorkflowRecord = {
      id: 'wf-1',
      type: 'email',
      title: 'Cold Email to Dana',
      answers: { recipient: 'Dana Ortiz' },
      result: 'A note about carrier onboarding.',
      chatId: COLD_EMAIL.id,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      synced: true,
    };
    const gone: WorkflowRecord = { ...flow, id: 'wf-2', chatId: 'chat-2', deletedAt: 'x' };
    const recording: LocalRecording = {
      id: 'rec-1',
      title: 'Freightly',
      mimeType: 'audio/webm',
      state: 'transcribed',
      durationMs: 1,
      bytes: 1,
      chunks: 1,
      createdAt: Date.now(),
      updatedAt: Date.now(),
      transcript: 'They worry about carrier onboarding time.',
      notes: '',
    };
    await db.workflows.bulkPut([flow, gone]);
    await db.recordings.put(recording);
    await writeKeyValue(db, 'profile', {
      server: { pricing: { value: 'Per seat, onboarding included', editedAt: 'x' } },
      pending: {},
    });
    index = new DeviceIndex(db);
    await index.start();
    expect(await find('onboarding ')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'flow',
          key: 'chat:chat-email',
          target: { kind: 'chat', chatId: 'chat-email' },
        }),
        expect.objectContaining({
          kind: 'debrief',
          key: 'rec:rec-1',
          title: 'Debrief: Freightly',
          target: { kind: 'recording', recordingId: 'rec-1' },
        }),
        expect.objectContaining({
          kind: 'profile',
          key: 'profile:pricing',
          title: 'Profile: Pricing',
          at: null,
          target: { kind: 'profile', field: 'pricing' },
        }),
      ]),
    );
    expect(await find('onboarding ')).toHaveLength(3);
  });
});

describe('what a query asks', () => {
  let recent: LocalMessage;
  let old: LocalMessage;
  let flow: LocalMessage;
  beforeEach(async () => {
    recent = message(FREIGHTLY.id, 'The case study from Acme is attached, with the webinar.');
    old = message(FREIGHTLY.id, 'A study of the case for Acme, attached.', {}, 40);
    flow = message(COLD_EMAIL.id, 'Acme case study in the email.', {}, 3);
    await db.messages.bulkPut([recent, old, flow]);
    index = new DeviceIndex(db);
    await index.start();
  });

  it('matches a quoted phrase as words in that order', async () => {
    expect(await keysOf('"case study"')).toEqual([keyOf(recent), keyOf(flow)]);
    expect(await keysOf('case study ')).toHaveLength(3);
  });

  it('matches phrases with stop words, a word still being typed, and words across Markdown', async () => {
    const stops = message(FREIGHTLY.id, 'Can we talk this week? It was great.');
    const typed = message(FREIGHTLY.id, 'Our new pricing page is live.');
    const markdown = message(FREIGHTLY.id, 'Next steps\n1. **Intro** call\n2. Pricing review');
    await db.messages.bulkPut([stops, typed, markdown]);
    await index.readChanges();
    expect(await keysOf('"this week"')).toEqual([keyOf(stops)]);
    expect(await keysOf('"was great')).toEqual([keyOf(stops)]);
    expect(await keysOf('"new pricing')).toEqual([keyOf(typed)]);
    expect(await keysOf('"intro call pricing review"')).toEqual([keyOf(markdown)]);
  });

  it('leaves out what -word excludes', async () => {
    expect(await keysOf('acme -webinar ')).toEqual([keyOf(flow), keyOf(old)]);
    expect(await keysOf('acme -"case study"')).toEqual([keyOf(old)]);
  });

  it('keeps to the kinds and the time asked for, newest relevant first', async () => {
    expect(await keysOf('acme ')).toEqual([keyOf(recent), keyOf(flow), keyOf(old)]);
    expect(await keysOf('acme ', { kinds: ['flow'] })).toEqual([keyOf(flow)]);
    expect(await keysOf('acme ', { kinds: ['chat'], range: 'month' })).toEqual([keyOf(recent)]);
    expect(await keysOf('acme ', { range: 'all' })).toHaveLength(3);
  });

  it('asks for nothing with stop words alone', async () => {
    expect(await find('the of ')).toEqual([]);
  });
});

describe('keeping up with the database', () => {
  it('finds a message added or edited after the start, and forgets a deleted chat', async () => {
    const first = message(FREIGHTLY.id, 'Renewal terms for next year.');
    await db.messages.put(first);
    index = new DeviceIndex(db);
    await index.start();

    const added = message(COLD_EMAIL.id, 'Procurement wants a security review.');
    await db.messages.put(added);
    await vi.waitFor(async () => expect(await keysOf('procurement ')).toEqual([keyOf(added)]));

    await db.messages.update(first.key, {
      content: 'Renewal moved to Q3.',
      touchedAt: Date.now() + 1,
    });
    await vi.waitFor(async () => expect(await keysOf('q3 ')).toEqual([keyOf(first)]));
    expect(await keysOf('terms ')).toEqual([]);

    await db.transaction('rw', db.chats, db.messages, async () => {
      await db.chats.delete(FREIGHTLY.id);
      await db.messages.where('chatId').equals(FREIGHTLY.id).delete();
    });
    await index.readChanges();
    expect(await keysOf('renewal ')).toEqual([]);
    expect(await keysOf('security ')).toEqual([keyOf(added)]);
  });

  it('answers during a first build from what it has read so far, and says it has not read all', async () => {
    await db.messages.bulkPut(
      Array.from({ length: 50 }, (_, i) => message(FREIGHTLY.id, `Pipeline review number ${i}.`)),
    );
    index = new DeviceIndex(db);
    const building = index.start();
    const early = await index.search({ q: 'pipeline ' }, 100);
    expect(early.hits.length).toBeLessThan(50);
    expect(early.complete).toBe(false);
    await building;
    expect(await index.search({ q: 'pipeline ' }, 100)).toMatchObject({
      hits: Array.from({ length: 50 }, () => expect.anything()),
      complete: true,
    });
  });

  it('reads no message again at a start when nothing changed, and only what changed', async () => {
    await db.messages.bulkPut(
      Array.from({ length: 300 }, (_, i) => message(FREIGHTLY.id, `Pipeline review number ${i}.`)),
    );
    index = new DeviceIndex(db);
    await index.start();
    await index.stop();

    const reads = { rows: 0 };
    const again = countingReads(userDbName(userId), reads);
    index = new DeviceIndex(again);
    await index.start();
    expect(reads.rows).toBe(0);
    expect((await index.search({ q: 'pipeline ' }, 5)).hits).toHaveLength(5);
    await index.stop();

    const one = (await again.messages.limit(1).first())!;
    await again.messages.update(one.key, { content: 'Churn risk.', touchedAt: Date.now() });
    reads.rows = 0;
    index = new DeviceIndex(countingReads(userDbName(userId), reads));
    await index.start();
    expect(reads.rows).toBe(1);
    expect((await index.search({ q: 'churn ' }, 5)).hits).toHaveLength(1);
  });
});

describe('logout', () => {
  it("drops the rep's index with their database, so the next rep finds none of it", async () => {
    await db.messages.put(message(FREIGHTLY.id, 'Freightly pricing sheet.'));
    const stop = startDeviceIndex(userId);
    await vi.waitFor(async () =>
      expect(await searchOnDevice(userId, { q: 'pricing ' })).toMatchObject({
        hits: [expect.anything()],
        complete: true,
      }),
    );

    await dropDeviceIndex(userId);
    await clearUserData(userId);
    expect(await Dexie.exists(userDbName(userId))).toBe(false);
    stop();
    expect((await searchOnDevice(userId, { q: 'pricing ' })).hits).toEqual([]);
    await dropDeviceIndex(userId);
  });
});

/** The rep's database opened again, counting the message rows read (keys alone do not count). */
function countingReads(name: string, reads: { rows: number }): PitchpadDb {
  const counted = new PitchpadDb(name);
  extra.push(counted);
  counted.use({
    stack: 'dbcore',
    name: 'countMessageReads',
    create: (down: DBCore): DBCore => ({
      ...down,
      table: (tableName) => {
        const table = down.table(tableName);
        if (tableName !== 'messages') return table;
        return {
          ...table,
          get: (req) =>
            table.get(req).then((row: unknown) => {
              if (row) reads.rows++;
              return row;
            }),
          getMany: (req) =>
            table.getMany(req).then((rows: unknown[]) => {
              reads.rows += rows.filter(Boolean).length;
              return rows;
            }),
          query: (req) =>
            table.query(req).then((res) => {
              if (req.values) reads.rows += res.result.length;
              return res;
            }),
          openCursor: (req) => {
            if (req.values) reads.rows += 1_000_000; // a scan of rows: never wanted here
            return table.openCursor(req);
          },
        };
      },
    }),
  });
  return counted;
}
