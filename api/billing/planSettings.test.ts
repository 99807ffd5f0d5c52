import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionInfo } from '../../domain/contract/auth';
import type { PlanSettingsResponse } from '../../domain/contract/planSettings';
import { TestClient } from '../../tests/support/client';
import { loggedInClient, operatorClient } from '../../tests/factories/users';
import { PAYMENTS_ON, startTestServer, type TestServer } from '../../tests/support/server';

/**
 * The rule in Settings → Plans and the operator are one per database. On the machine's Postgres
 * every test file shares one database, so each server here gets an embedded database of its own.
 */
let own: TestServer;
let sold: TestServer;
beforeAll(async () => {
  [own, sold] = await Promise.all([
    startTestServer({ CONTACT_EMAIL: 'ops@pitchpad.test' }, { ownDatabase: true }),
    startTestServer(PAYMENTS_ON, { ownDatabase: true }),
  ]);
});
afterAll(() => Promise.all([own?.close(), sold?.close()]));

const accessOf = async (client: TestClient) =>
  (await client.get<SubscriptionInfo>('/api/user/subscription')).body.access;
const gtmPlan = (client: TestClient) =>
  client.post('/api/generate-gtm-plan', {
    startupInfo: 'x',
    answers: { product_service: 'A CRM' },
  });
const offerOf = async (server: TestServer) =>
  (await new TestClient(server.url).get('/api/billing/plans')).body.proOffer;

describe('Settings → Plans on a server without payments', () => {
  // One story: the rule and the grants are this database's, and each step builds on the last.
  it('opens every tool to every account by default; the operator narrows it to granted accounts, and grants and revokes, each at once on the live session', async () => {
    const operator = await operatorClient(own);
    const rep = await loggedInClient(own, {
      name: 'Dana Ortiz',
      email: `dana_${crypto.randomUUID().slice(0, 6)}@freightly.test`,
    });

    expect(await accessOf(rep.client)).toBe('everyone');
    expect(await offerOf(own)).toBe('everyone');
    expect((await gtmPlan(rep.client)).status).toBe(200);
    const shown = await operator.client.get<PlanSettingsResponse>('/api/settings/plans');
    expect(shown.body).toEqual({
      paymentsEnabled: false,
      everyAccountPro: true,
      updatedAt: null,
      granted: [],
    });

    const narrowed = await operator.client.put<PlanSettingsResponse>('/api/settings/plans', {
      everyAccountPro: false,
    });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.everyAccountPro).toBe(false);
    expect(narrowed.body.updatedAt).not.toBeNull();
    // The rep's session, signed in before the change, has lost the tools from its next request.
    expect(await accessOf(rep.client)).toBe('none');
    expect(await offerOf(own)).toBe('granted');
    expect((await gtmPlan(rep.client)).body.code).toBe('pro_required');

    const found = await operator.client.get(
      `/api/settings/plans/accounts?q=${encodeURIComponent('dana ortiz')}`,
    );
    expect(found.body.accounts).toEqual([
      {
        id: rep.user.id,
        username: rep.user.username,
        name: 'Dana Ortiz',
        email: rep.user.email,
        access: 'none',
        grantedAt: null,
      },
    ]);
    const byEmail = await operator.client.get('/api/settings/plans/accounts?q=FREIGHTLY.test');
    expect(byEmail.body.accounts.map((a: { id: number }) => a.id)).toContain(rep.user.id);

    const granted = await operator.client.put(`/api/settings/plans/grants/${rep.user.id}`);
    expect(granted.status).toBe(200);
    expect(granted.body.account).toMatchObject({ id: rep.user.id, access: 'granted' });
    expect(await accessOf(rep.client)).toBe('granted');
    expect((await gtmPlan(rep.client)).status).toBe(200);
    // Granting again keeps the first grant's date.
    const again = await operator.client.put(`/api/settings/plans/grants/${rep.user.id}`);
    expect(again.body.account.grantedAt).toBe(granted.body.account.grantedAt);
    expect((await operator.client.get('/api/settings/plans')).body.granted).toEqual([
      granted.body.account,
    ]);

    const revoked = await operator.client.delete(`/api/settings/plans/grants/${rep.user.id}`);
    expect(revoked.body.account).toMatchObject({ access: 'none', grantedAt: null });
    expect(await accessOf(rep.client)).toBe('none');

    // Back to every account: the rep has the tools again, with no grant.
    await operator.client.put('/api/settings/plans', { everyAccountPro: true });
    expect(await accessOf(rep.client)).toBe('everyone');
  });

  it('finds accounts by any part of a name or email, reading % and _ as themselves', async () => {
    const operator = await operatorClient(own);
    const tag = crypto.randomUUID().slice(0, 6);
    const plain = await loggedInClient(own, { email: `sam${tag}@example.test` });
    const odd = await loggedInClient(own, { email: `sam_${tag}%x@example.test` });
    const search = async (q: string) =>
      (
        await operator.client.get(`/api/settings/plans/accounts?q=${encodeURIComponent(q)}`)
      ).body.accounts.map((a: { id: number }) => a.id);
    expect(await search(`sam${tag}`)).toEqual([plain.user.id]);
    expect(await search(`_${tag}%`)).toEqual([odd.user.id]);
    expect(await search(`${tag} example`)).toEqual(
      expect.arrayContaining([plain.user.id, odd.user.id]),
    );
  });

  it('refuses bad input with a reason, and an account that does not exist with 404', async () => {
    const operator = await operatorClient(own);
    const empty = await operator.client.get('/api/settings/plans/accounts?q=%20');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Type a name or an email');
    const long = await operator.client.get(`/api/settings/plans/accounts?q=${'a'.repeat(101)}`);
    expect(long.body.message).toContain('at most 100 characters');
    const rule = await operator.client.put('/api/settings/plans', { everyAccountPro: 'yes' });
    expect(rule.status).toBe(400);
    expect(rule.body.message).toContain('everyAccountPro');
    const notANumber = await operator.client.put('/api/settings/plans/grants/abc');
    expect(notANumber.status).toBe(400);
    expect(notANumber.body.message).toContain('userId');
    const missing = await operator.client.put('/api/settings/plans/grants/2147480000');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Account not found');
  });

  it('is the operator’s alone: 401 with no session, 403 for a rep, who cannot grant themselves', async () => {
    expect((await new TestClient(own.url).get('/api/settings/plans')).status).toBe(401);
    expect(
      (await new TestClient(own.url).put('/api/settings/plans', { everyAccountPro: false })).status,
    ).toBe(401);
    const rep = await loggedInClient(own);
    for (const res of [
      await rep.client.get('/api/settings/plans'),
      await rep.client.put('/api/settings/plans', { everyAccountPro: true }),
      await rep.client.get('/api/settings/plans/accounts?q=a'),
      await rep.client.put(`/api/settings/plans/grants/${rep.user.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('operator_only');
    }
    const { rows } = await own.pool.query('SELECT pro_granted_at FROM users WHERE id = $1', [
      rep.user.id,
    ]);
    expect(rows[0].pro_granted_at).toBeNull();
  });
});

describe('Settings → Plans on a server with payments', () => {
  it('keeps the Pro gate: the rule cannot be changed, a free account has no tools, and a grant still gives them', async () => {
    const operator = await operatorClient(sold);
    const rep = await loggedInClient(sold);
    expect(await offerOf(sold)).toBe('checkout');
    expect(await accessOf(rep.client)).toBe('none');
    expect((await gtmPlan(rep.client)).body.code).toBe('pro_required');

    const refused = await operator.client.put('/api/settings/plans', { everyAccountPro: true });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('payments_enabled');
    expect(await accessOf(rep.client)).toBe('none');

    await operator.client.put(`/api/settings/plans/grants/${rep.user.id}`);
    expect(await accessOf(rep.client)).toBe('granted');
    const paying = await loggedInClient(sold, { pro: true });
    expect(await accessOf(paying.client)).toBe('subscription');
    // Revoking a grant never ends a paid subscription.
    await operator.client.delete(`/api/settings/plans/grants/${paying.user.id}`);
    expect(await accessOf(paying.client)).toBe('subscription');
  });
});
