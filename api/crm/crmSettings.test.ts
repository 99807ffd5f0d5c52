import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmConnectionsResponse, CrmSettingsResponse } from '../../domain/contract/crm';
import { loggedInClient, operatorClient } from '../../tests/factories/users';
import { startFakeHubSpot, type FakeHubSpot } from '../../tests/fakes/hubspot';
import { TestClient } from '../../tests/support/client';
import { startTestServer, type TestServer } from '../../tests/support/server';

/**
 * Settings → Connections: the operator enters the CRM apps in the browser. The apps are one per
 * database, so each server here has an embedded database of its own.
 */
const APP = { clientId: 'saved-client-id', clientSecret: 'saved-client-secret-123' };
let hubspot: FakeHubSpot;
let own: TestServer;
let fromEnv: TestServer;

beforeAll(async () => {
  hubspot = await startFakeHubSpot(APP);
  const urls = { HUBSPOT_API_URL: hubspot.url, HUBSPOT_AUTH_URL: hubspot.url };
  [own, fromEnv] = await Promise.all([
    startTestServer(urls, { ownDatabase: true }),
    startTestServer(
      { ...urls, HUBSPOT_CLIENT_ID: 'env-id', HUBSPOT_CLIENT_SECRET: 'env-secret' },
      { ownDatabase: true },
    ),
  ]);
}, 60_000);
afterAll(() => Promise.all([own?.close(), fromEnv?.close(), hubspot?.close()]));

describe('Settings → Connections', () => {
  it('lets the operator save a CRM app that reps then connect with, keeping its secret encrypted and unshown', async () => {
    const { client: operator } = await operatorClient(own);
    const rep = await loggedInClient(own);
    const available = async () =>
      (await rep.client.get<CrmConnectionsResponse>('/api/crm')).body.crms[0]!.available;
    expect(await available()).toBe(false);

    const first = await operator.get<CrmSettingsResponse>('/api/settings/crm');
    expect(first.body.apps[0]).toEqual({
      provider: 'hubspot',
      clientId: null,
      hasSecret: false,
      secretUnreadable: false,
      loginUrl: null,
      fromEnv: false,
      redirectUri: expect.stringMatching(/\/api\/crm\/hubspot\/callback$/),
      updatedAt: null,
    });
    expect(first.body.apps[1]!.loginUrl).toBe('https://login.salesforce.com');

    const saved = await operator.put<CrmSettingsResponse>('/api/settings/crm/hubspot', APP);
    expect(saved.status).toBe(200);
    expect(saved.body.apps[0]).toMatchObject({ clientId: APP.clientId, hasSecret: true });
    expect(JSON.stringify(saved.body)).not.toContain(APP.clientSecret);
    const { rows } = await own.pool.query<{ client_secret_encrypted: string }>(
      "SELECT client_secret_encrypted FROM crm_apps WHERE provider = 'hubspot'",
    );
    expect(rows[0]!.client_secret_encrypted).toMatch(/^v1:/);
    expect(rows[0]!.client_secret_encrypted).not.toContain(APP.clientSecret);

    // The rep's account page offers HubSpot at once, and the saved app signs the rep in.
    expect(await available()).toBe(true);
    const started = await rep.client.post<{ url: string }>('/api/crm/hubspot/connect');
    expect(new URL(started.body.url).searchParams.get('client_id')).toBe(APP.clientId);
    const back = hubspot.consent(started.body.url, 'allow');
    const answered = await rep.client.get(`/api/crm/hubspot/callback${back.search}`);
    expect(answered.headers.get('location')).toBe('/account?crm=hubspot&result=connected');

    // Saved again with the secret left empty: the saved one is kept.
    const kept = await operator.put('/api/settings/crm/hubspot', { clientId: APP.clientId });
    expect(kept.status).toBe(200);
    expect(kept.body.apps[0].hasSecret).toBe(true);

    const removed = await operator.delete<CrmSettingsResponse>('/api/settings/crm/hubspot');
    expect(removed.body.apps[0]!.clientId).toBeNull();
    expect(await available()).toBe(false);
  });

  it('refuses bad input with what was wrong, and saves nothing', async () => {
    const { client: operator } = await operatorClient(own);
    const cases: [string, unknown, RegExp][] = [
      ['hubspot', { clientId: 'has space', clientSecret: 'x' }, /no spaces/],
      ['hubspot', { clientId: '', clientSecret: 'x' }, /client id/],
      ['hubspot', { clientId: 'new-app' }, /client secret/],
      [
        'salesforce',
        { clientId: 'sf', clientSecret: 's', loginUrl: 'ftp://login.example' },
        /https:\/\/test\.salesforce\.com/,
      ],
    ];
    for (const [provider, input, message] of cases) {
      const answer = await operator.put(`/api/settings/crm/${provider}`, input);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    expect((await operator.put('/api/settings/crm/pipedrive', APP)).status).toBe(404);
    const { rows } = await own.pool.query('SELECT 1 FROM crm_apps');
    expect(rows).toEqual([]);
  });

  it('saves a Salesforce sandbox login address', async () => {
    const { client: operator } = await operatorClient(own);
    const saved = await operator.put<CrmSettingsResponse>('/api/settings/crm/salesforce', {
      clientId: 'sf-id',
      clientSecret: 'sf-secret',
      loginUrl: 'https://test.salesforce.com/',
    });
    expect(saved.body.apps[1]).toMatchObject({
      clientId: 'sf-id',
      loginUrl: 'https://test.salesforce.com',
    });
    await operator.delete('/api/settings/crm/salesforce');
  });

  it('is the operator’s alone: a guest is asked to sign in, a rep is refused', async () => {
    expect((await new TestClient(own.url).get('/api/settings/crm')).status).toBe(401);
    const rep = await loggedInClient(own);
    const refused = await rep.client.put('/api/settings/crm/hubspot', APP);
    expect(refused.status).toBe(403);
    expect((await rep.client.get('/api/settings/crm')).status).toBe(403);
  });

  it('shows an app the environment sets read-only, and will not change it', async () => {
    const { client: operator } = await operatorClient(fromEnv);
    const shown = await operator.get<CrmSettingsResponse>('/api/settings/crm');
    expect(shown.body.apps[0]).toMatchObject({
      clientId: 'env-id',
      hasSecret: true,
      fromEnv: true,
    });
    expect(JSON.stringify(shown.body)).not.toContain('env-secret');
    const put = await operator.put('/api/settings/crm/hubspot', APP);
    expect(put.status).toBe(409);
    expect(put.body.message).toMatch(/set by the server's environment/);
  });
});
