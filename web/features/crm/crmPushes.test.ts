// Pushes to the rep's CRM as the phone keeps and sends them (crmPushes.ts, on fake-indexeddb),
// against the real server on loopback and the HubSpot fake: what the phone shows and what the CRM
// holds, through a refused connection and a reconnect.
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in node
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CrmPushInput } from '../../../domain/contract/crm';
import { loggedInClient } from '../../../tests/factories/users';
import { startFakeHubSpot, type FakeHubSpot } from '../../../tests/fakes/hubspot';
import { browserFetch } from '../../../tests/support/browserFetch';
import type { TestClient } from '../../../tests/support/client';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { api } from '../../data/api';
import { PitchpadDb, userDbName } from '../../data/db';
import { flushOutbox } from '../../data/outbox';
import {
  crmQueue,
  keepUnplaced,
  placePush,
  queuePush,
  readPushes,
  recentRecords,
  sendWaitingPushes,
} from './crmPushes';

const APP = { clientId: 'phone-client', clientSecret: 'phone-secret' };
let hubspot: FakeHubSpot;
let server: TestServer;
beforeAll(async () => {
  hubspot = await startFakeHubSpot(APP);
  server = await startTestServer({
    HUBSPOT_CLIENT_ID: APP.clientId,
    HUBSPOT_CLIENT_SECRET: APP.clientSecret,
    HUBSPOT_API_URL: hubspot.url,
    HUBSPOT_AUTH_URL: hubspot.url,
  });
}, 60_000);
afterAll(() => Promise.all([server?.close(), hubspot?.close()]));

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Connects the rep's HubSpot as the consent page does. */
async function connect(client: TestClient) {
  const started = await client.post<{ url: string }>('/api/crm/hubspot/connect');
  const back = hubspot.consent(started.body.url, 'allow');
  await client.get(`/api/crm/hubspot/callback${back.search}`);
}

/** A signed-in rep's phone with HubSpot connected; the app's client goes to the server as them. */
async function phone() {
  const { user, client } = await loggedInClient(server);
  await connect(client);
  api.resetCsrfToken();
  globalThis.fetch = browserFetch(client);
  return { user, client, db: new PitchpadDb(userDbName(user.id)) };
}

const flush = (db: PitchpadDb) => flushOutbox(db, crmQueue.handlers!, { force: true });

const input = (token: string): CrmPushInput => ({
  provider: 'hubspot',
  source: { kind: 'crm-note', ref: 'chat-7' },
  title: 'Freightly',
  body: `Dana wants the ramp numbers ${token}`,
  targets: [{ type: 'company', id: hubspot.ids.freightly, name: 'Freightly' }],
});

const notesWith = (token: string) =>
  hubspot.notes.filter((note) => String(note.properties.hs_note_body).includes(token));

describe('a push from the phone', () => {
  it('is kept and queued at once, then saved in the CRM once, with its link, and its records remembered', async () => {
    const { db } = await phone();
    const token = crypto.randomUUID();
    const id = await queuePush(db, input(token));
    await flush(db);
    await flush(db);

    expect(notesWith(token)).toHaveLength(1);
    const [push] = await readPushes(db);
    expect(push).toMatchObject({ id, state: 'saved', cut: false });
    expect(push!.recordUrl).toContain(`/record/0-2/${hubspot.ids.freightly}`);
    expect(await recentRecords(db, 'hubspot')).toEqual([
      { type: 'company', id: hubspot.ids.freightly, name: 'Freightly' },
    ]);
  });

  it('waits through a refused connection, and goes once the rep reconnects', async () => {
    const { db, client } = await phone();
    hubspot.uninstallApp();
    const token = crypto.randomUUID();
    await queuePush(db, input(token));
    await flush(db);
    const [waiting] = await readPushes(db);
    expect(waiting).toMatchObject({ state: 'reconnect' });
    expect(waiting!.problem).toMatch(/reconnect HubSpot on your account page/);
    expect(notesWith(token)).toHaveLength(0);

    await connect(client);
    expect(await sendWaitingPushes(db)).toBe(1);
    await flush(db);
    expect(notesWith(token)).toHaveLength(1);
    expect((await readPushes(db))[0]).toMatchObject({ state: 'saved', problem: undefined });
  });

  it('a record gone from the CRM is refused for good, with why', async () => {
    const { db } = await phone();
    const gone = hubspot.addCompany({ name: 'Gone Ltd' });
    hubspot.deleteRecord(gone.id);
    await queuePush(db, {
      ...input('gone'),
      targets: [{ type: 'company', id: gone.id, name: 'Gone Ltd' }],
    });
    await flush(db);
    const [refused] = await readPushes(db);
    expect(refused).toMatchObject({ state: 'refused' });
    expect(refused!.problem).toMatch(/no longer in HubSpot\. Choose the record again\./);
  });

  it('made with no record to pick is kept on the phone only, and goes once the rep picks one', async () => {
    const { db } = await phone();
    const token = crypto.randomUUID();
    const { targets: _none, ...rest } = input(token);
    const kept = await keepUnplaced(db, rest);
    await flush(db);
    expect(await readPushes(db)).toMatchObject([{ id: kept, state: 'unplaced' }]);
    expect(await db.outbox.count()).toBe(0);
    expect(notesWith(token)).toHaveLength(0);

    await placePush(db, kept, input(token));
    await flush(db);
    const pushes = await readPushes(db);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ state: 'saved' });
    expect(notesWith(token)).toHaveLength(1);
  });
});
