import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CrmConnectionsResponse,
  CrmPushInput,
  CrmPushResponse,
  CrmRecordsResponse,
} from '../../domain/contract/crm';
import { loggedInClient } from '../../tests/factories/users';
import { startFakeHubSpot, type FakeHubSpot } from '../../tests/fakes/hubspot';
import { startFakeSalesforce, type FakeSalesforce } from '../../tests/fakes/salesforce';
import { TestClient } from '../../tests/support/client';
import { captureLog, type CapturedLog } from '../../tests/support/logs';
import { startTestServer, type TestServer } from '../../tests/support/server';

/**
 * The rep's CRM, end to end over HTTP: the app's real adapters talk to fakes of HubSpot and
 * Salesforce written from their public API documentation. Every story runs on both databases: the
 * one the suite is given (Postgres in CI) and the embedded one.
 */
const HS_APP = { clientId: 'hs-client-id', clientSecret: 'hs-client-secret' };
const SF_APP = { clientId: 'sf-client-id', clientSecret: 'sf-client-secret' };

let hubspot: FakeHubSpot;
let salesforce: FakeSalesforce;
let bare: TestServer;
const servers: Record<string, { server: TestServer; logs: CapturedLog }> = {};

beforeAll(async () => {
  [hubspot, salesforce] = await Promise.all([
    startFakeHubSpot(HS_APP),
    startFakeSalesforce(SF_APP),
  ]);
  const env = {
    HUBSPOT_CLIENT_ID: HS_APP.clientId,
    HUBSPOT_CLIENT_SECRET: HS_APP.clientSecret,
    HUBSPOT_API_URL: hubspot.url,
    HUBSPOT_AUTH_URL: hubspot.url,
    SALESFORCE_CLIENT_ID: SF_APP.clientId,
    SALESFORCE_CLIENT_SECRET: SF_APP.clientSecret,
    SALESFORCE_LOGIN_URL: salesforce.url,
  };
  const [sharedLogs, embeddedLogs] = [captureLog('info'), captureLog('info')];
  const [one, two, three] = await Promise.all([
    startTestServer(env, { log: sharedLogs.log }),
    startTestServer({ ...env, DATABASE_URL: '' }, { log: embeddedLogs.log }),
    startTestServer({}),
  ]);
  servers['the suite’s database'] = { server: one, logs: sharedLogs };
  servers['the embedded database'] = { server: two, logs: embeddedLogs };
  bare = three;
}, 60_000);

afterAll(() =>
  Promise.all([
    ...Object.values(servers).map(({ server }) => server.close()),
    bare?.close(),
    hubspot?.close(),
    salesforce?.close(),
  ]),
);

/** Where the CRM's consent page sends the browser, answered by our callback: the Location it redirects to. */
async function finishConnect(
  client: TestClient,
  provider: 'hubspot' | 'salesforce',
  decision: 'allow' | 'deny' = 'allow',
): Promise<string> {
  const started = await client.post<{ url: string }>(`/api/crm/${provider}/connect`);
  expect(started.status).toBe(200);
  const fake = provider === 'hubspot' ? hubspot : salesforce;
  const back = fake.consent(started.body.url, decision);
  const answered = await client.get(`/api/crm/${provider}/callback${back.search}`);
  expect(answered.status).toBe(302);
  return answered.headers.get('location') ?? '';
}

const pushOf = (overrides: Partial<CrmPushInput> = {}): CrmPushInput => ({
  provider: 'hubspot',
  source: { kind: 'crm-note', ref: 'chat-1' },
  title: 'Freightly',
  body: 'Call with Dana Ortiz.\nShe wants the ramp numbers by Friday.\n\nNext: send the case study.',
  targets: [{ type: 'contact', id: hubspot.ids.dana, name: 'Dana Ortiz' }],
  ...overrides,
});

const sfPush = (overrides: Partial<CrmPushInput> = {}) =>
  pushOf({
    provider: 'salesforce',
    targets: [
      { type: 'contact', id: salesforce.ids.dana, name: 'Dana Ortiz' },
      { type: 'deal', id: salesforce.ids.freightlyOpportunity, name: 'Freightly' },
    ],
    ...overrides,
  });

const newId = () => randomUUID();

describe.each(['the suite’s database', 'the embedded database'])('on %s', (database) => {
  const server = () => servers[database]!.server;
  const logs = () => servers[database]!.logs;

  it('refuses every CRM route without a session', async () => {
    const guest = new TestClient(server().url);
    expect((await guest.get('/api/crm')).status).toBe(401);
    expect((await guest.post('/api/crm/hubspot/connect')).status).toBe(401);
    expect((await guest.get('/api/crm/hubspot/records?q=Dana')).status).toBe(401);
    expect((await guest.put(`/api/crm/pushes/${newId()}`, pushOf())).status).toBe(401);
    expect((await guest.get('/api/crm/pushes')).status).toBe(401);
  });

  it('connects HubSpot through its consent page, keeps the tokens encrypted, and never hands one to the browser or the log', async () => {
    const { user, client } = await loggedInClient(server());
    expect(await finishConnect(client, 'hubspot')).toBe('/account?crm=hubspot&result=connected');

    const shown = await client.get<CrmConnectionsResponse>('/api/crm');
    expect(shown.body.crms).toEqual([
      {
        provider: 'hubspot',
        available: true,
        connection: {
          accountName: expect.any(String),
          connectedAt: expect.any(String),
          needsReconnect: false,
        },
      },
      { provider: 'salesforce', available: true, connection: null },
    ]);
    const { rows } = await server().pool.query<{
      access_token_encrypted: string;
      refresh_token_encrypted: string;
    }>('SELECT * FROM crm_connections WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.access_token_encrypted).toMatch(/^v1:/);
    // The fake's tokens are long random strings: none appears in what the rep or the log sees.
    const issued = hubspot.requests.length;
    expect(issued).toBeGreaterThan(0);
    expect(JSON.stringify(shown.body)).not.toMatch(/access|refresh/i);
    expect(logs().text).not.toMatch(/access_token|refresh_token|Bearer /);
  });

  it('refuses a forged state, a replayed one and one of another rep’s session, and a denied consent connects nothing', async () => {
    const { client } = await loggedInClient(server());
    const other = await loggedInClient(server());

    // The way back with no session (it ended during the consent): the account page says so.
    const signedOut = await new TestClient(server().url).get(
      '/api/crm/hubspot/callback?code=abc&state=whatever',
    );
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toBe('/account?crm=hubspot&result=expired');

    const forged = await client.get('/api/crm/hubspot/callback?code=abc&state=forged');
    expect(forged.headers.get('location')).toBe('/account?crm=hubspot&result=expired');

    // Another rep's browser brought to this rep's callback: their state is not this session's.
    const started = await client.post<{ url: string }>('/api/crm/hubspot/connect');
    const back = hubspot.consent(started.body.url, 'allow');
    const stolen = await other.client.get(`/api/crm/hubspot/callback${back.search}`);
    expect(stolen.headers.get('location')).toBe('/account?crm=hubspot&result=expired');
    expect(
      (await other.client.get<CrmConnectionsResponse>('/api/crm')).body.crms[0]!.connection,
    ).toBeNull();
    // ...and the rep's own sign-in still finishes, once.
    const own = await client.get(`/api/crm/hubspot/callback${back.search}`);
    expect(own.headers.get('location')).toBe('/account?crm=hubspot&result=connected');
    const replayed = await client.get(`/api/crm/hubspot/callback${back.search}`);
    expect(replayed.headers.get('location')).toBe('/account?crm=hubspot&result=expired');

    const denier = await loggedInClient(server());
    expect(await finishConnect(denier.client, 'hubspot', 'deny')).toBe(
      '/account?crm=hubspot&result=denied',
    );
    expect(
      (await denier.client.get<CrmConnectionsResponse>('/api/crm')).body.crms[0]!.connection,
    ).toBeNull();
  });

  it('a token endpoint that fails or answers garbage connects nothing, and says so', async () => {
    const { client } = await loggedInClient(server());
    hubspot.failNext(500, 1, /\/oauth\//);
    expect(await finishConnect(client, 'hubspot')).toBe('/account?crm=hubspot&result=failed');
    expect(
      (await client.get<CrmConnectionsResponse>('/api/crm')).body.crms[0]!.connection,
    ).toBeNull();
    // A second try goes through: nothing of the failed one was kept.
    expect(await finishConnect(client, 'hubspot')).toBe('/account?crm=hubspot&result=connected');
  });

  it('finds contacts, companies and deals as the rep types, and says so when not connected', async () => {
    const { client } = await loggedInClient(server());
    const before = await client.get('/api/crm/hubspot/records?q=Freightly');
    expect(before.status).toBe(409);
    expect(before.body.code).toBe('crm_not_connected');

    await finishConnect(client, 'hubspot');
    const found = await client.get<CrmRecordsResponse>('/api/crm/hubspot/records?q=Freightly');
    expect(found.status).toBe(200);
    expect(found.body.records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'company', id: hubspot.ids.freightly }),
        expect.objectContaining({ type: 'deal', id: hubspot.ids.freightlyDeal }),
      ]),
    );
    const dana = await client.get<CrmRecordsResponse>('/api/crm/hubspot/records?q=dana');
    expect(dana.body.records).toContainEqual(
      expect.objectContaining({ type: 'contact', id: hubspot.ids.dana, name: 'Dana Ortiz' }),
    );
    const short = await client.get('/api/crm/hubspot/records?q=d');
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/at least 2 letters/);
    expect((await client.get('/api/crm/pipedrive/records?q=Dana')).status).toBe(404);
  });

  it('writes a note on the chosen records once, however often the phone sends it, with the rep’s text escaped', async () => {
    const { client } = await loggedInClient(server());
    await finishConnect(client, 'hubspot');
    const id = newId();
    const body = 'Dana said <script>alert(1)</script> & more.\nNext: case study.';
    const input = pushOf({
      body,
      targets: [
        { type: 'contact', id: hubspot.ids.dana, name: 'Dana Ortiz' },
        { type: 'company', id: hubspot.ids.freightly, name: 'Freightly' },
      ],
    });
    const notesBefore = hubspot.notes.length;

    const first = await client.put<CrmPushResponse>(`/api/crm/pushes/${id}`, input);
    expect(first.status).toBe(200);
    expect(first.body.push).toMatchObject({
      id,
      state: 'written',
      provider: 'hubspot',
      cut: false,
    });
    expect(first.body.push.recordUrl).toContain(`/record/0-1/${hubspot.ids.dana}`);
    const again = await client.put<CrmPushResponse>(`/api/crm/pushes/${id}`, input);
    expect(again.body.push).toEqual(first.body.push);

    expect(hubspot.notes).toHaveLength(notesBefore + 1);
    const note = hubspot.notes.at(-1)!;
    expect(note.properties.hs_note_body).toContain(
      'Dana said &lt;script&gt;alert(1)&lt;/script&gt; &amp; more.<br>Next: case study.',
    );
    expect(note.properties.hs_note_body).not.toContain('<script>');
    expect(note.associations.map((a) => [a.toObjectId, a.associationTypeId])).toEqual([
      [hubspot.ids.dana, 202],
      [hubspot.ids.freightly, 190],
    ]);

    // The same id with another note is not a retry: refused, nothing written.
    const other = await client.put(`/api/crm/pushes/${id}`, { ...input, body: 'Another note' });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('crm_push_id_taken');
    expect(hubspot.notes).toHaveLength(notesBefore + 1);

    const listed = await client.get('/api/crm/pushes');
    expect(listed.body.pushes[0]).toMatchObject({ id, title: 'Freightly', state: 'written' });
  });

  it('logs a follow-up as an email engagement when the rep asks', async () => {
    const { client } = await loggedInClient(server());
    await finishConnect(client, 'hubspot');
    const before = hubspot.emails.length;
    const pushed = await client.put<CrmPushResponse>(
      `/api/crm/pushes/${newId()}`,
      pushOf({
        source: { kind: 'follow-up' },
        body: 'Hi Dana,\n\nThe case study is attached.',
        asEmail: { subject: 'The ramp case study' },
      }),
    );
    expect(pushed.status).toBe(200);
    expect(hubspot.emails).toHaveLength(before + 1);
    expect(hubspot.emails.at(-1)!.properties).toMatchObject({
      hs_email_subject: 'The ramp case study',
      hs_email_direction: 'EMAIL',
      hs_email_status: 'SENT',
    });
    expect(hubspot.emails.at(-1)!.associations[0]).toMatchObject({ associationTypeId: 198 });
  });

  it('a write whose answer was lost is found by its marker, never written twice', async () => {
    const { client, user } = await loggedInClient(server());
    await finishConnect(client, 'hubspot');
    const id = newId();
    const before = hubspot.notes.length;
    hubspot.dropAnswerAfterWrite();

    const lost = await client.put(`/api/crm/pushes/${id}`, pushOf());
    expect(lost.status).toBe(503);
    expect(lost.headers.get('retry-after')).toBeTruthy();
    expect(hubspot.notes).toHaveLength(before + 1);

    // Sent again at once: HubSpot's search may not list the note yet, so the push waits.
    const soon = await client.put(`/api/crm/pushes/${id}`, pushOf());
    expect(soon.status).toBe(409);
    expect(soon.body.code).toBe('crm_push_in_progress');
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);

    // Later (the wait is over): the CRM is searched for the marker, and the note found is the push.
    await server().pool.query(
      "UPDATE crm_pushes SET last_attempt_at = now() - interval '1 minute' WHERE user_id = $1 AND id = $2",
      [user.id, id],
    );
    const later = await client.put<CrmPushResponse>(`/api/crm/pushes/${id}`, pushOf());
    expect(later.status).toBe(200);
    expect(later.body.push.state).toBe('written');
    expect(hubspot.notes).toHaveLength(before + 1);
  });

  it('the same push sent three times at once is written once, and the others are told it is on its way', async () => {
    const { client } = await loggedInClient(server());
    await finishConnect(client, 'hubspot');
    const id = newId();
    const token = randomUUID();
    const before = hubspot.notes.length;
    const input = pushOf({ body: `Sent from three tabs ${token}` });
    const answers = await Promise.all(
      [1, 2, 3].map(() => client.put(`/api/crm/pushes/${id}`, input)),
    );
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.code).toBe('crm_push_in_progress');
    expect(hubspot.notes.filter((n) => n.properties.hs_note_body?.includes(token))).toHaveLength(1);
    expect(hubspot.notes).toHaveLength(before + 1);
  });

  it('a follow-up logged as an email whose answer was lost is found among the emails, once', async () => {
    const { client, user } = await loggedInClient(server());
    await finishConnect(client, 'hubspot');
    const id = newId();
    const before = hubspot.emails.length;
    const input = pushOf({ source: { kind: 'follow-up' }, asEmail: { subject: 'Next steps' } });
    hubspot.dropAnswerAfterWrite();
    expect((await client.put(`/api/crm/pushes/${id}`, input)).status).toBe(503);
    await server().pool.query(
      "UPDATE crm_pushes SET last_attempt_at = now() - interval '1 minute' WHERE user_id = $1 AND id = $2",
      [user.id, id],
    );
    const again = await client.put<CrmPushResponse>(`/api/crm/pushes/${id}`, input);
    expect(again.status).toBe(200);
    expect(hubspot.emails).toHaveLength(before + 1);
  });

  it("waits out HubSpot's Retry-After, writes nothing meanwhile, then writes once", async () => {
    const { client } = await loggedInClient(server());
    await finishConnect(client, 'hubspot');
    const id = newId();
    const before = hubspot.notes.length;
    hubspot.rateLimitNext(7, 1, /\/crm\/v3\/objects\/notes$/);
    const limited = await client.put(`/api/crm/pushes/${id}`, pushOf());
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.body.message).toMatch(/HubSpot asks Pitchpad to wait/);
    expect(hubspot.notes).toHaveLength(before);

    hubspot.failNext(502, 1, /\/crm\/v3\/objects\/notes$/);
    const down = await client.put(`/api/crm/pushes/${id}`, pushOf());
    expect(down.status).toBe(503);
    expect(down.body.message).toMatch(/HubSpot is not answering: the note is kept/);

    // A 502 may come after the write: the next try searches first, once HubSpot's index caught up.
    await server().pool.query(
      "UPDATE crm_pushes SET last_attempt_at = now() - interval '1 minute' WHERE id = $1",
      [id],
    );
    const written = await client.put(`/api/crm/pushes/${id}`, pushOf());
    expect(written.status).toBe(200);
    expect(hubspot.notes).toHaveLength(before + 1);
  });

  it('refreshes an expired token, and the note goes', async () => {
    const { client } = await loggedInClient(server());
    await finishConnect(client, 'hubspot');
    const refreshed = hubspot.tokens.refreshed;
    hubspot.expireAccessTokens();
    const afterExpiry = await client.put(`/api/crm/pushes/${newId()}`, pushOf());
    expect(afterExpiry.status).toBe(200);
    expect(hubspot.tokens.refreshed).toBe(refreshed + 1);
  });

  it('a deleted record or a record of another CRM account is named, and nothing is written', async () => {
    const { client } = await loggedInClient(server());
    await finishConnect(client, 'hubspot');
    const gone = hubspot.addContact({ firstname: 'Gone', lastname: 'Soon', email: 'gone@x.test' });
    hubspot.deleteRecord(gone.id);
    const before = hubspot.notes.length;
    for (const id of [gone.id, '999999999']) {
      const answer = await client.put(
        `/api/crm/pushes/${newId()}`,
        pushOf({ targets: [{ type: 'contact', id, name: 'Gone Soon' }] }),
      );
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe('crm_target_gone');
      expect(answer.body.message).toMatch(/no longer in HubSpot\. Choose the record again\./);
    }
    expect(hubspot.notes).toHaveLength(before);
  });

  it('refuses bad pushes with what was wrong, and writes nothing', async () => {
    const { client } = await loggedInClient(server());
    await finishConnect(client, 'hubspot');
    const cases: [unknown, RegExp][] = [
      [pushOf({ body: 'x'.repeat(100_000) }), /at most 60,000 characters/],
      [pushOf({ targets: [] }), /at least one record/],
      [pushOf({ body: '   ' }), /Write the note to send/],
      [{ ...pushOf(), provider: 'pipedrive' }, /'hubspot' or 'salesforce'/],
      [
        pushOf({ targets: [{ type: 'contact', id: '../../admin', name: 'x' }] }),
        /letters and digits/,
      ],
    ];
    const before = hubspot.notes.length;
    for (const [input, message] of cases) {
      const answer = await client.put(`/api/crm/pushes/${newId()}`, input);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    expect((await client.put('/api/crm/pushes/short', pushOf())).status).toBe(400);
    expect(hubspot.notes).toHaveLength(before);
  });

  it("a rep sees only their own pushes, and another's push id is theirs to use", async () => {
    const a = await loggedInClient(server());
    const b = await loggedInClient(server());
    await finishConnect(a.client, 'hubspot');
    const id = newId();
    expect((await a.client.put(`/api/crm/pushes/${id}`, pushOf())).status).toBe(200);
    expect((await b.client.get('/api/crm/pushes')).body.pushes).toEqual([]);
    // B has no connection: the same id is B's own push, refused for that reason only.
    const theirs = await b.client.put(`/api/crm/pushes/${id}`, pushOf());
    expect(theirs.status).toBe(409);
    expect(theirs.body.code).toBe('crm_not_connected');
  });

  it('Disconnect ends the connection at HubSpot too; deleting the account does the same', async () => {
    const { client } = await loggedInClient(server());
    await finishConnect(client, 'hubspot');
    const revoked = hubspot.tokens.revoked;
    expect((await client.delete('/api/crm/hubspot')).status).toBe(204);
    expect(hubspot.tokens.revoked).toBe(revoked + 1);
    expect(
      (await client.get<CrmConnectionsResponse>('/api/crm')).body.crms[0]!.connection,
    ).toBeNull();
    expect((await client.put(`/api/crm/pushes/${newId()}`, pushOf())).body.code).toBe(
      'crm_not_connected',
    );
    expect((await client.delete('/api/crm/hubspot')).status).toBe(404);

    const leaving = await loggedInClient(server());
    await finishConnect(leaving.client, 'hubspot');
    const deleted = await leaving.client.post('/api/account/delete', {
      currentPassword: leaving.user.password,
    });
    expect(deleted.status).toBe(200);
    expect(hubspot.tokens.revoked).toBe(revoked + 2);
    const { rows } = await server().pool.query('SELECT 1 FROM crm_connections WHERE user_id = $1', [
      leaving.user.id,
    ]);
    expect(rows).toEqual([]);
  });

  it('an uninstalled app asks the rep to reconnect, keeps the push, and sends it after', async () => {
    const { client } = await loggedInClient(server());
    await finishConnect(client, 'hubspot');
    hubspot.uninstallApp();
    const id = newId();
    const refused = await client.put(`/api/crm/pushes/${id}`, pushOf());
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('crm_reconnect');
    expect(refused.body.message).toMatch(/reconnect HubSpot on your account page/);
    const shown = await client.get<CrmConnectionsResponse>('/api/crm');
    expect(shown.body.crms[0]!.connection!.needsReconnect).toBe(true);

    expect(await finishConnect(client, 'hubspot')).toBe('/account?crm=hubspot&result=connected');
    const sent = await client.put<CrmPushResponse>(`/api/crm/pushes/${id}`, pushOf());
    expect(sent.status).toBe(200);
    expect(sent.body.push.state).toBe('written');
  });

  describe('Salesforce', () => {
    it('connects, finds records and writes a completed Task related to the contact and opportunity', async () => {
      const { client } = await loggedInClient(server());
      expect(await finishConnect(client, 'salesforce')).toBe(
        '/account?crm=salesforce&result=connected',
      );
      const found = await client.get<CrmRecordsResponse>('/api/crm/salesforce/records?q=Freightly');
      expect(found.body.records).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'company', id: salesforce.ids.freightly }),
        ]),
      );
      const before = salesforce.tasks.length;
      const pushed = await client.put<CrmPushResponse>(`/api/crm/pushes/${newId()}`, sfPush());
      expect(pushed.status).toBe(200);
      expect(pushed.body.push.recordUrl).toMatch(/\/lightning\/r\/Task\/00T\w+\/view$/);
      expect(salesforce.tasks).toHaveLength(before + 1);
      expect(salesforce.tasks.at(-1)!.fields).toMatchObject({
        WhoId: salesforce.ids.dana,
        WhatId: salesforce.ids.freightlyOpportunity,
        Status: 'Completed',
        Description: expect.stringContaining('She wants the ramp numbers by Friday.'),
      });
    });

    it('cuts a note longer than a Task holds, and says so in the note', async () => {
      const { client } = await loggedInClient(server());
      await finishConnect(client, 'salesforce');
      const pushed = await client.put<CrmPushResponse>(
        `/api/crm/pushes/${newId()}`,
        sfPush({ body: 'word '.repeat(8_000).trim() }),
      );
      expect(pushed.status).toBe(200);
      expect(pushed.body.push.cut).toBe(true);
      const description = String(salesforce.tasks.at(-1)!.fields.Description);
      expect(description).toHaveLength(32_000);
      expect(description).toMatch(/\[Cut to fit: the full note had 39,999 characters\.\]$/);
    });

    it('a lost answer is found by the marker, not written again; an expired session is refreshed', async () => {
      const { client } = await loggedInClient(server());
      await finishConnect(client, 'salesforce');
      const before = salesforce.tasks.length;
      const id = newId();
      salesforce.dropAnswerAfterWrite();
      expect((await client.put(`/api/crm/pushes/${id}`, sfPush())).status).toBe(503);
      // A write cut off may still be committing: the search waits a few seconds after the try.
      const soon = await client.put(`/api/crm/pushes/${id}`, sfPush());
      expect(soon.status).toBe(409);
      await server().pool.query(
        "UPDATE crm_pushes SET last_attempt_at = now() - interval '1 minute' WHERE id = $1",
        [id],
      );
      const again = await client.put<CrmPushResponse>(`/api/crm/pushes/${id}`, sfPush());
      expect(again.status).toBe(200);
      expect(salesforce.tasks).toHaveLength(before + 1);

      salesforce.expireAccessTokens();
      const refreshed = salesforce.tokens.refreshed;
      expect((await client.put(`/api/crm/pushes/${newId()}`, sfPush())).status).toBe(200);
      expect(salesforce.tokens.refreshed).toBe(refreshed + 1);
    });

    it('refuses two contacts on one Task with what to change', async () => {
      const { client } = await loggedInClient(server());
      await finishConnect(client, 'salesforce');
      const answer = await client.put(
        `/api/crm/pushes/${newId()}`,
        sfPush({
          targets: [
            { type: 'contact', id: salesforce.ids.dana, name: 'Dana Ortiz' },
            { type: 'contact', id: salesforce.ids.sam, name: 'Sam' },
          ],
        }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/one contact and one account or opportunity/);
    });
  });
});

describe('a server with no CRM app set up', () => {
  it('offers none, and says who can enable them', async () => {
    const { client } = await loggedInClient(bare);
    const shown = await client.get<CrmConnectionsResponse>('/api/crm');
    expect(shown.body.crms.map((crm) => crm.available)).toEqual([false, false]);
    const connect = await client.post('/api/crm/hubspot/connect');
    expect(connect.status).toBe(409);
    expect(connect.body.code).toBe('crm_not_available');
    expect(connect.body.message).toMatch(/the operator can enable it in Settings/);
  });
});
