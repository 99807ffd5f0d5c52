import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startModelTestServer,
  startTestServer,
  type ModelTestServer,
} from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import { loggedInClient, uniqueCredentials, buildUser } from '../../tests/factories/users';
import { ideaSummary as summary } from '../../tests/factories/ideaAnalysis';

let server: ModelTestServer;
beforeAll(async () => {
  server = await startModelTestServer();
});
afterAll(() => server?.close());

/** A profile's fields as their values alone. */
const values = (fields: Record<string, { value: string }>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.value]));

const analyze = (client: TestClient, idea = 'A CRM for plumbers') =>
  client.post('/api/analyze-startup', { idea });

describe('POST /api/analyze-startup', () => {
  it('analyses an idea for a guest, answering its summary and analysis id', async () => {
    server.fake.enqueue({ reply: JSON.stringify(summary) });
    const res = await analyze(new TestClient(server.url));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ summary, analysisId: expect.any(Number) });
    expect(server.fake.requests.at(-1)).toMatchObject({ response_format: { type: 'json_object' } });
  });

  it.each([
    ['an empty idea', '', 'idea: Describe your idea first'],
    ['a whitespace idea', '   \n', 'idea: Describe your idea first'],
    ['an idea over 2,000 characters', 'x'.repeat(2001), 'idea: must be at most 2,000 characters'],
  ])('refuses %s with a 400 and calls no model', async (_label, idea, message) => {
    const before = server.fake.requests.length;
    const res = await analyze(new TestClient(server.url), idea);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'invalid_request', message });
    expect(server.fake.requests.length).toBe(before);
  });

  it('asks again once on a schema miss, and answers 502 after two', async () => {
    server.fake.enqueue({ reply: '{"marketSize": {}}' }, { reply: JSON.stringify(summary) });
    expect((await analyze(new TestClient(server.url))).body.summary).toEqual(summary);
    server.fake.enqueue({ reply: 'no json' }, { reply: '{"pricing": 3}' });
    const res = await analyze(new TestClient(server.url));
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      code: 'model_invalid_output',
      message: "The AI model's answer could not be read. Please try again.",
    });
  });

  it('answers 502 with a message when the model fails', async () => {
    server.fake.enqueue({ status: 500 }, { status: 500 }, { status: 500 });
    const res = await analyze(new TestClient(server.url));
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('The AI model could not answer. Please try again.');
  });

  it('limits one guest to 5 an hour (429), and calls no model past the limit', async () => {
    const guest = new TestClient(server.url);
    for (let i = 0; i < 5; i++) {
      server.fake.enqueue({ reply: JSON.stringify(summary) });
      expect((await analyze(guest)).status).toBe(200);
    }
    const before = server.fake.requests.length;
    const res = await analyze(guest);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Too many attempts. Please try again later.');
    expect(server.fake.requests.length).toBe(before);
  });

  it('limits one IP to 20 an hour across guests', async () => {
    // One address for all of them, none another test or run has used (the limit is in the database).
    const { ip } = new TestClient(server.url);
    for (let i = 0; i < 20; i++)
      expect((await analyze(new TestClient(server.url, ip), '')).status).toBe(400);
    expect((await analyze(new TestClient(server.url, ip))).status).toBe(429);
  });
});

describe("a guest's analysis follows them into their account", () => {
  it('appears in Saved History and Ideas Analyzed after they register and log in', async () => {
    const visitor = new TestClient(server.url);
    server.fake.enqueue({ reply: JSON.stringify(summary) });
    const { analysisId } = (await analyze(visitor, 'Dog walking marketplace for Berlin')).body;
    expect(
      (await visitor.post('/api/guest/save-analysis', { email: 'ada@example.com', updates: false }))
        .status,
    ).toBe(200);
    const creds = uniqueCredentials('ada');
    expect((await visitor.post('/api/auth/register', creds)).status).toBe(201);
    await visitor.post('/api/auth/login', { username: creds.username, password: creds.password });
    const history = (await visitor.get('/api/workflows')).body;
    expect(history).toEqual([
      {
        id: expect.any(String),
        name: 'Idea: Dog walking marketplace for Berlin',
        workflowType: 'Idea analysis',
        date: expect.any(String),
        path: `/onboarding?analysis=${analysisId}`,
      },
    ]);
    expect((await visitor.get('/api/user/usage')).body.ideasAnalyzed).toBe(1);
    expect((await visitor.get(`/api/analyses/${analysisId}`)).body).toEqual({
      idea: 'Dog walking marketplace for Berlin',
      summary,
    });
    const row = (
      await server.pool.query('SELECT wants_updates FROM users WHERE username = $1', [
        creds.username,
      ])
    ).rows[0];
    expect(row.wants_updates).toBe(false);
  });

  it('moves to an existing account at login from that browser', async () => {
    const account = await buildUser(server);
    const visitor = new TestClient(server.url);
    server.fake.enqueue({ reply: JSON.stringify(summary) });
    await analyze(visitor);
    await visitor.post('/api/auth/login', {
      username: account.username,
      password: account.password,
    });
    expect(
      (await visitor.get('/api/workflows')).body.map(
        (w: { workflowType: string }) => w.workflowType,
      ),
    ).toEqual(['Idea analysis']);
  });

  it('fills what the profile does not say yet from the newest analysis, never what the rep wrote', async () => {
    const visitor = new TestClient(server.url);
    server.fake.enqueue({ reply: JSON.stringify(summary) });
    await analyze(visitor, 'A CRM for plumbers. It prices jobs from supplier catalogues.');
    const creds = uniqueCredentials('ada');
    expect((await visitor.post('/api/auth/register', creds)).status).toBe(201);
    expect(values((await visitor.get('/api/profile')).body.fields)).toEqual({
      product: 'A CRM for plumbers.',
      valueProposition: 'Less admin for plumbers',
      pricing: 'Per seat, $49–$99 per month',
    });
    // An edit the rep made offline before that fill, arriving after it, still wins over it.
    const madeEarlier = new Date(Date.now() - 60_000).toISOString();
    const edit = await visitor.patch('/api/profile', {
      edits: [{ field: 'product', value: 'Plumbing CRM', editedAt: madeEarlier, base: null }],
    });
    expect(edit.body.outcomes).toEqual([{ field: 'product', outcome: 'replaced-other' }]);
    expect(edit.body.fields.product.value).toBe('Plumbing CRM');

    // An existing account whose rep wrote their pricing: the analysis fills the rest, not that.
    const account = await buildUser(server);
    const rep = new TestClient(server.url);
    await rep.post('/api/auth/login', { username: account.username, password: account.password });
    await rep.patch('/api/profile', {
      edits: [
        { field: 'pricing', value: '$59 a seat', editedAt: new Date().toISOString(), base: null },
      ],
    });
    const guest = new TestClient(server.url);
    server.fake.enqueue({ reply: JSON.stringify(summary) });
    await analyze(guest);
    await guest.post('/api/auth/login', { username: account.username, password: account.password });
    expect(values((await guest.get('/api/profile')).body.fields)).toEqual({
      product: 'A CRM for plumbers',
      valueProposition: 'Less admin for plumbers',
      pricing: '$59 a seat',
    });
  });

  it('keeps the updates choice ticked by default', async () => {
    const visitor = new TestClient(server.url);
    await visitor.post('/api/guest/save-analysis', { email: 'grace@example.com' });
    const creds = uniqueCredentials('grace');
    await visitor.post('/api/auth/register', creds);
    expect(
      (
        await server.pool.query('SELECT wants_updates FROM users WHERE username = $1', [
          creds.username,
        ])
      ).rows[0].wants_updates,
    ).toBe(true);
  });

  it('refuses a save without a valid email', async () => {
    const res = await new TestClient(server.url).post('/api/guest/save-analysis', {
      email: 'nope',
      updates: true,
    });
    expect(res.body).toEqual({
      code: 'invalid_request',
      message: 'email: Enter a valid email address',
    });
  });

  it("does not show Alice's analysis to Bob or to another browser", async () => {
    const alice = await loggedInClient(server);
    server.fake.enqueue({ reply: JSON.stringify(summary) });
    const { analysisId } = (await analyze(alice.client)).body;
    const bob = await loggedInClient(server);
    expect((await bob.client.get(`/api/analyses/${analysisId}`)).status).toBe(404);
    expect((await new TestClient(server.url).get(`/api/analyses/${analysisId}`)).status).toBe(404);
    expect((await alice.client.get('/api/workflows')).body).toHaveLength(1);
  });
});

describe('with no model connected', () => {
  it('answers a worksheet about the idea (200, not a 5xx naming a variable), with the YC questions naming it and the pricing models', async () => {
    const offline = await startTestServer();
    try {
      const res = await analyze(
        new TestClient(offline.url),
        'A CRM for plumbers that books jobs from missed calls. Also invoicing.',
      );
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toMatch(/OPENAI|_API_KEY|_BASE_URL/);
      const { worksheet } = res.body;
      expect(worksheet.idea).toBe(
        'A CRM for plumbers that books jobs from missed calls. Also invoicing.',
      );
      expect(worksheet.questions.map((q: { topic: string }) => q.topic)).toEqual([
        'problem',
        'market',
        'solution',
        'differentiation',
        'traction',
      ]);
      expect(worksheet.questions[0].question).toBe(
        'Who exactly has the problem behind your CRM for plumbers, and how do they solve it today?',
      );
      expect(worksheet.pricingModels.map((m: { name: string }) => m.name)).toEqual(
        expect.arrayContaining(['Per seat', 'Usage-based', 'Flat tiers', 'Freemium']),
      );
      for (const model of worksheet.pricingModels)
        expect(model.fitsWhen.length).toBeGreaterThan(20);
      // Nothing is stored: a worksheet is the idea's, rebuilt the same every time.
      expect(res.body.analysisId).toBeUndefined();
      expect((await analyze(new TestClient(offline.url), '  ')).status).toBe(400);
    } finally {
      await offline.close();
    }
  });
});
