// The profile on the device (profileStore.ts): the app's real store and outbox on fake-indexeddb,
// delivering to the real API server over loopback, as the rep's phone would.
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in node
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProfileResponse } from '../../../domain/contract/profile';
import { loggedInClient } from '../../../tests/factories/users';
import { browserFetch } from '../../../tests/support/browserFetch';
import type { TestClient } from '../../../tests/support/client';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { api } from '../../data/api';
import { PitchpadDb, userDbName } from '../../data/db';
import {
  PROFILE_EDIT,
  PROFILE_LINE,
  flushProfileEdits,
  profileValues,
  pullProfile,
  readLocalProfile,
  refusedProfileEdits,
  saveProfileEdits,
  storeServerProfile,
  type ProfileEditEntry,
} from './profileStore';

let server: TestServer;
// Starting the server (migrations on a fresh database) takes more than the default 10 s on a busy machine.
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server?.close());

const realFetch = globalThis.fetch;
const dbs: PitchpadDb[] = [];
afterEach(() => {
  vi.unstubAllGlobals();
  globalThis.fetch = realFetch;
  for (const db of dbs.splice(0)) db.close();
});

/** A rep's phone: their local database and the browser's fetch as them; `client` is their session elsewhere. */
async function phone() {
  const { user, client } = await loggedInClient(server);
  const db = new PitchpadDb(userDbName(user.id));
  dbs.push(db);
  api.resetCsrfToken();
  globalThis.fetch = browserFetch(client);
  return { db, client };
}

const offline = () => vi.stubGlobal('navigator', { ...navigator, onLine: false });
const online = () => vi.stubGlobal('navigator', { ...navigator, onLine: true });

/** A call from the rep's other device (the test's own client, not the phone's fetch). */
async function elsewhere<T>(call: () => Promise<T>): Promise<T> {
  const phoneFetch = globalThis.fetch;
  globalThis.fetch = realFetch;
  try {
    return await call();
  } finally {
    globalThis.fetch = phoneFetch;
  }
}

async function serverProfile(client: TestClient): Promise<ProfileResponse['fields']> {
  const res = await elsewhere(() => client.get('/api/profile'));
  return (res.body as ProfileResponse).fields;
}

/** PATCH /api/profile from the other device: `field` edited on a blank one at `at`. */
async function editElsewhere(client: TestClient, field: string, value: string, at: number) {
  const res = await elsewhere(() =>
    client.patch('/api/profile', {
      edits: [{ field, value, editedAt: new Date(at).toISOString(), base: null }],
    }),
  );
  expect(res.status).toBe(200);
}

const at = (time: number) => new Date(time).toISOString();
const T1 = Date.parse('2026-11-26T09:00:00.000Z');
const T2 = Date.parse('2026-11-26T09:05:00.000Z');

describe('the profile on the phone', () => {
  it('offline: a save shows at once (stored as the server stores it), waits in the outbox on the line profile, and reaches the server once online', async () => {
    const { db, client } = await phone();
    offline();
    expect(
      await saveProfileEdits(db, { company: ' Freightly ', website: 'freightly.io', tone: '' }, T1),
    ).toEqual(['company', 'website']);
    const local = await readLocalProfile(db);
    expect(profileValues(local)).toEqual({
      company: 'Freightly',
      website: 'https://freightly.io',
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: PROFILE_EDIT, line: PROFILE_LINE, state: 'queued' });
    await flushProfileEdits(db);
    expect(await serverProfile(client)).toEqual({});

    online();
    await flushProfileEdits(db);
    const stored = await serverProfile(client);
    expect(stored.company).toMatchObject({
      value: 'Freightly',
      editedAt: new Date(T1).toISOString(),
    });
    expect(stored.website?.value).toBe('https://freightly.io');
    // Delivered: nothing is pending, and this device's copy is the server's.
    expect(await readLocalProfile(db)).toEqual({ server: stored, pending: {} });
  });

  it('offline: two saves of the same field chain their bases, so the server takes the second as made on top of the first (no crossed edit)', async () => {
    const { db, client } = await phone();
    offline();
    await saveProfileEdits(db, { pricing: 'From $49' }, T1);
    await saveProfileEdits(db, { pricing: 'From $59' }, T2);
    const edits = (await db.outbox.orderBy('seq').toArray()).map(
      (entry) => (entry.payload as { edits: { base: string | null }[] }).edits[0]!.base,
    );
    expect(edits).toEqual([null, new Date(T1).toISOString()]);
    expect(profileValues(await readLocalProfile(db)).pricing).toBe('From $59');

    online();
    await flushProfileEdits(db);
    const stored = await serverProfile(client);
    expect(stored.pricing).toMatchObject({
      value: 'From $59',
      editedAt: new Date(T2).toISOString(),
      version: 2,
    });
    expect(stored.pricing).not.toHaveProperty('replaced');
    expect((await readLocalProfile(db)).pending).toEqual({});
  });

  it("the server's answer drops only the pending edits it has: one made since stays on top", async () => {
    const { db } = await phone();
    offline();
    await saveProfileEdits(db, { company: 'Freightly', pricing: 'From $49' }, T1);
    await saveProfileEdits(db, { company: 'Freightly Inc.' }, T2);
    const first = (await db.outbox.orderBy('seq').first()) as ProfileEditEntry;
    await storeServerProfile(
      db,
      {
        fields: {
          company: { value: 'Freightly', editedAt: new Date(T1).toISOString(), version: 1 },
          pricing: { value: 'From $49', editedAt: new Date(T1).toISOString(), version: 1 },
        },
      },
      { clientId: first.clientId, edits: first.payload.edits },
    );
    const local = await readLocalProfile(db);
    expect(Object.keys(local.pending)).toEqual(['company']);
    expect(profileValues(local)).toEqual({ company: 'Freightly Inc.', pricing: 'From $49' });
  });

  it("a server answer older than this device's copy (a GET sent before a save was delivered) does not bring an older value back: the server's order tells, not the edits' times", async () => {
    const { db } = await phone();
    // The newer value was made on a device whose clock is behind: its time is the earlier one.
    await storeServerProfile(db, {
      fields: { company: { value: 'Freightly Inc.', editedAt: at(T1), version: 2 } },
    });
    await storeServerProfile(db, {
      fields: {
        company: { value: 'Freightly', editedAt: at(T2), version: 1 },
        pricing: { value: 'From $49', editedAt: at(T2), version: 1 },
      },
    });
    expect(profileValues(await readLocalProfile(db))).toEqual({
      company: 'Freightly Inc.',
      pricing: 'From $49',
    });
  });

  it("another device's later edit shows here even when that device's clock is an hour slow (its edit dated before this phone's)", async () => {
    const { db, client } = await phone();
    online();
    const now = Date.now();
    await saveProfileEdits(db, { company: 'Freightly' }, now);
    await flushProfileEdits(db);
    const mine = (await serverProfile(client)).company!;
    expect((await readLocalProfile(db)).server.company).toEqual(mine);

    // A minute later the rep's laptop, its clock an hour behind, changes the company on top of it.
    const res = await elsewhere(() =>
      client.patch('/api/profile', {
        edits: [
          {
            field: 'company',
            value: 'Freightly Inc.',
            editedAt: at(now + 60_000 - 3600_000),
            base: mine.editedAt,
          },
        ],
      }),
    );
    expect(res.body.outcomes).toEqual([{ field: 'company', outcome: 'applied' }]);

    await pullProfile(db);
    expect(profileValues(await readLocalProfile(db))).toEqual({ company: 'Freightly Inc.' });
    // The phone's next edit is made on top of the laptop's value: no crossed edit on the server.
    await saveProfileEdits(db, { company: 'Freightly Group' }, now + 120_000);
    await flushProfileEdits(db);
    const stored = await serverProfile(client);
    expect(stored.company).toMatchObject({ value: 'Freightly Group' });
    expect(stored.company).not.toHaveProperty('replaced');
  });

  it('two saves of a field in the same millisecond: the answer to the first leaves the second on screen while it waits', async () => {
    const { db, client } = await phone();
    offline();
    await saveProfileEdits(db, { company: 'Freightly' }, T1);
    await saveProfileEdits(db, { company: 'Freightly Inc.' }, T1);
    // Back online for one request: the first PATCH is answered, then the signal goes again.
    online();
    const phoneFetch = globalThis.fetch;
    let patches = 0;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH' && ++patches > 1)
        return Promise.reject(new TypeError('Failed to fetch'));
      return phoneFetch(input, init);
    }) as typeof fetch;
    await flushProfileEdits(db);

    expect((await serverProfile(client)).company?.value).toBe('Freightly');
    expect(await db.outbox.where('state').equals('queued').count()).toBe(1);
    expect(profileValues(await readLocalProfile(db))).toEqual({ company: 'Freightly Inc.' });
  });

  it("an edit the server refuses for good is dropped from the phone's copy and kept in the outbox with the server's reason", async () => {
    const { db, client } = await phone();
    await editElsewhere(client, 'website', 'https://freightly.io', T1);
    online();
    await pullProfile(db);
    // Past the server's limit: the screen checks first, but an old app version or a race may not.
    await saveProfileEdits(db, { website: `https://freightly.io/${'a'.repeat(400)}` }, T2);
    await flushProfileEdits(db);

    const [refused] = await refusedProfileEdits(db);
    expect(refused).toMatchObject({ state: 'failed', kind: PROFILE_EDIT });
    expect(refused!.lastError).toContain('website must be at most 300 characters');
    expect(profileValues(await readLocalProfile(db))).toEqual({ website: 'https://freightly.io' });
    expect((await serverProfile(client)).website?.value).toBe('https://freightly.io');
  });

  it("pullProfile brings another device's edits and keeps this device's pending ones on top", async () => {
    const { db, client } = await phone();
    offline();
    await saveProfileEdits(db, { signatureName: 'Dana Ortiz' }, T2);
    await editElsewhere(client, 'company', 'Freightly', T1);
    online();
    await pullProfile(db);
    expect(profileValues(await readLocalProfile(db))).toEqual({
      company: 'Freightly',
      signatureName: 'Dana Ortiz',
    });
  });
});
