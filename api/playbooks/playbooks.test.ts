import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENTS_ON,
  startModelTestServer,
  startTestServer,
  type ModelTestServer,
} from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import { loggedInClient } from '../../tests/factories/users';
import { buildSend } from '../../tests/factories/chats';
import { gtmPlan as plan } from '../../tests/factories/gtmPlan';
import { parseStreamedAnalysis } from '../../domain/playbooks/competitive';

const analysis = {
  topic: 'CRM for plumbers',
  summary: 'Crowded at the top, open at the bottom.',
  competitors: [
    {
      name: 'ServiceTitan',
      logo_url: '',
      description: 'Enterprise',
      strengths: ['Depth'],
      weaknesses: ['Price'],
      pricing: '$$$',
      target_customers: 'Large firms',
    },
    {
      name: 'Jobber',
      logo_url: '',
      description: 'SMB',
      strengths: ['Easy'],
      weaknesses: ['Shallow'],
      pricing: '$',
      target_customers: 'Small firms',
    },
  ],
  comparison_matrix: [
    {
      category: 'Price',
      description: 'Cost',
      ServiceTitan: { score: 3, notes: '' },
      Jobber: { score: 9, notes: '' },
    },
  ],
  insights: ['Win the middle'],
};

let server: ModelTestServer;
beforeAll(async () => {
  server = await startModelTestServer(PAYMENTS_ON);
});
afterAll(() => server?.close());

describe('POST /api/generate-gtm-plan', () => {
  it('answers the plan the model wrote, validated', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    server.fake.enqueue({ reply: `Here is your plan:\n${JSON.stringify(plan)}` });
    const res = await client.post('/api/generate-gtm-plan', {
      startupInfo: 'What product or service do you offer? A CRM for plumbers',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ plan, source: 'model' });
    const sent = server.fake.requests.at(-1)!;
    expect(sent.response_format).toEqual({ type: 'json_object' });
    expect(sent.messages.at(-1)!.content).toBe(
      'What product or service do you offer? A CRM for plumbers',
    );
  });

  it('asks again once when the answer does not fit the shape', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    server.fake.enqueue(
      { reply: '{"executiveSummary": "only this"}' },
      { reply: JSON.stringify(plan) },
    );
    const res = await client.post('/api/generate-gtm-plan', { startupInfo: 'x' });
    expect(res.body.plan).toEqual(plan);
  });

  it("answers 'Invalid response format from API' when the shape is wrong twice", async () => {
    const { client } = await loggedInClient(server, { pro: true });
    server.fake.enqueue({ reply: 'not json at all' }, { reply: '{"plan": 1}' });
    const res = await client.post('/api/generate-gtm-plan', { startupInfo: 'x' });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      code: 'model_invalid_output',
      message: 'Invalid response format from API',
    });
  });

  it('answers 502 when the model fails', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    server.fake.enqueue({ status: 500 }, { status: 500 }, { status: 500 });
    const res = await client.post('/api/generate-gtm-plan', { startupInfo: 'x' });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('model_failed');
  });

  it("keeps the plan in the new chat it names, as the assistant's document, for every device", async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const chatId = randomUUID();
    server.fake.enqueue({ reply: JSON.stringify(plan) });
    const res = await client.post('/api/generate-gtm-plan', {
      startupInfo: 'x',
      chatId,
      title: 'GTM Plan Nov 22',
    });
    expect(res.status).toBe(200);
    expect(res.body.plan).toEqual(plan);
    expect(res.body.chat.chat).toMatchObject({
      id: chatId,
      title: 'GTM Plan Nov 22',
      isPlaybook: true,
      playbookType: 'gtmplan',
    });
    const stored = await client.get(`/api/chats/${chatId}`);
    expect(stored.body).toEqual(res.body.chat);
    expect(stored.body.messages).toHaveLength(1);
    expect(stored.body.messages[0]).toMatchObject({
      role: 'assistant',
      status: 'complete',
      model: 'gpt-4o',
    });
    expect(stored.body.messages[0].content).toContain('# Go-to-Market Plan');
    expect(stored.body.messages[0].content).toContain('| TAM | $2B |');
    // Someone else cannot read it.
    const other = await loggedInClient(server, { pro: true });
    expect((await other.client.get(`/api/chats/${chatId}`)).status).toBe(404);
  });

  it("names the plan's new chat for the company when the request gives answers but no title", async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const chatId = randomUUID();
    server.fake.enqueue({ reply: JSON.stringify(plan) });
    const res = await client.post('/api/generate-gtm-plan', {
      startupInfo: 'x',
      chatId,
      answers: { product_service: 'Pipewise: a CRM for plumbers' },
    });
    expect(res.status).toBe(200);
    expect((await client.get(`/api/chats/${chatId}`)).body.chat.title).toBe(
      'GTM Plan for Pipewise',
    );
  });

  it('refuses a chat id that is taken, before asking the model, and changes nothing', async () => {
    const owner = await loggedInClient(server, { pro: true });
    const chatId = randomUUID();
    expect(
      (await owner.client.post('/api/chat', buildSend('my own chat', { chatId }))).status,
    ).toBe(200);
    const asked = server.fake.requests.length;
    for (const { client } of [owner, await loggedInClient(server, { pro: true })]) {
      const res = await client.post('/api/generate-gtm-plan', { startupInfo: 'x', chatId });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        code: 'conflict',
        message: 'chatId: a chat with this id already exists',
      });
    }
    expect(server.fake.requests.length).toBe(asked);
    const kept = await owner.client.get(`/api/chats/${chatId}`);
    expect(kept.body.chat.playbookType).toBe('none');
    expect(kept.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
  });

  it('stores no chat when the model fails, and names a bad chat id or title', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const chatId = randomUUID();
    server.fake.enqueue({ reply: 'not json at all' }, { reply: 'still not' });
    expect((await client.post('/api/generate-gtm-plan', { startupInfo: 'x', chatId })).status).toBe(
      502,
    );
    expect((await client.get(`/api/chats/${chatId}`)).status).toBe(404);
    expect(
      (await client.post('/api/generate-gtm-plan', { startupInfo: 'x', chatId: 'chat-1' })).body,
    ).toEqual({ code: 'invalid_request', message: 'chatId: must be a UUID' });
    expect(
      (await client.post('/api/generate-gtm-plan', { startupInfo: 'x', chatId, title: ' ' })).body,
    ).toEqual({ code: 'invalid_request', message: 'title: must not be empty' });
  });

  it('refuses a blank startupInfo and a guest', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    expect((await client.post('/api/generate-gtm-plan', { startupInfo: '  ' })).body).toEqual({
      code: 'invalid_request',
      message: 'startupInfo: must not be empty',
    });
    expect(
      (await new TestClient(server.url).post('/api/generate-gtm-plan', { startupInfo: 'x' }))
        .status,
    ).toBe(401);
  });
});

describe('POST /api/competitor-analysis', () => {
  it('streams the JSON as text that parses once complete', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    server.fake.enqueue({ reply: JSON.stringify(analysis, null, 1) });
    const res = await client.post('/api/competitor-analysis', {
      productDescription: 'A CRM for plumbers',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(parseStreamedAnalysis(res.text)).toEqual(analysis);
    expect(server.fake.requests.at(-1)).toMatchObject({
      stream: true,
      response_format: { type: 'json_object' },
    });
  });

  it('answers 502 when the model fails before answering', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    server.fake.enqueue({ status: 401 });
    const res = await client.post('/api/competitor-analysis', {
      productDescription: 'A CRM for plumbers',
    });
    expect(res.status).toBe(502);
  });

  it('drops the connection when the stream is cut mid-JSON, never ending it as if complete', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    server.fake.enqueue({ reply: JSON.stringify(analysis, null, 1), cutAfter: 10 });
    await expect(
      client.post('/api/competitor-analysis', { productDescription: 'A CRM for plumbers' }),
    ).rejects.toThrow();
  });

  it('refuses a blank description', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    expect(
      (await client.post('/api/competitor-analysis', { productDescription: ' ' })).body,
    ).toEqual({ code: 'invalid_request', message: 'productDescription: must not be empty' });
  });
});

describe('with no model configured', () => {
  it('drafts the GTM plan from the answers, and says competitor research needs a model', async () => {
    const offline = await startTestServer();
    try {
      const { client } = await loggedInClient(offline, { pro: true });
      const res = await client.post('/api/generate-gtm-plan', {
        startupInfo: 'x',
        answers: { product_service: 'A CRM for plumbers' },
      });
      expect(res.body.source).toBe('offline-drafter');
      expect(res.body.plan.executiveSummary).toContain('A CRM for plumbers');
      const chatId = randomUUID();
      const kept = await client.post('/api/generate-gtm-plan', {
        startupInfo: 'x',
        answers: { product_service: 'A CRM for plumbers' },
        chatId,
      });
      expect(kept.body.chat.chat.title).toBe('GTM Plan for A CRM for plumbers');
      expect(kept.body.chat.messages[0]).toMatchObject({
        role: 'assistant',
        model: 'offline-drafter',
      });
      expect(kept.body.chat.messages[0].content).toContain('A CRM for plumbers');
      expect((await client.post('/api/generate-gtm-plan', { startupInfo: 'x' })).status).toBe(503);
      const research = await client.post('/api/competitor-analysis', {
        productDescription: 'A CRM for plumbers',
      });
      expect(research.status).toBe(503);
      expect(research.body.message).toMatch(
        /^No AI model is connected to this Pitchpad yet, so it cannot research competitors\./,
      );
    } finally {
      await offline.close();
    }
  });
});

describe('the Pro gate', () => {
  it('refuses Pro tools to a free user with 403 pro_required, storing nothing, and lets a paying user and free chat through', async () => {
    const free = await loggedInClient(server);
    const paid = await loggedInClient(server, { pro: true });
    const refused = await free.client.post('/api/competitor-analysis', { productDescription: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'pro_required',
      message: 'This is a Pro feature. Upgrade to Pro to use it.',
    });
    expect((await free.client.post('/api/generate-gtm-plan', { startupInfo: 'x' })).body.code).toBe(
      'pro_required',
    );
    expect((await free.client.post('/api/chat/value-props', { prompt: 'x' })).body.code).toBe(
      'pro_required',
    );
    expect(
      (
        await free.client.post(
          '/api/chat',
          buildSend('cold email please', { playbookType: 'email' }),
        )
      ).body.code,
    ).toBe('pro_required');
    expect((await free.client.get('/api/chats')).body).toEqual([]);
    expect((await free.client.post('/api/chat', buildSend('free question'))).status).toBe(200);
    server.fake.enqueue({ reply: JSON.stringify(plan) });
    expect((await paid.client.post('/api/generate-gtm-plan', { startupInfo: 'x' })).status).toBe(
      200,
    );
  });

  it('refuses a subscription that has ended (tier pro, no longer active)', async () => {
    const { user, client } = await loggedInClient(server, { pro: true });
    await server.pool.query(`UPDATE users SET subscription_active = 'false' WHERE id = $1`, [
      user.id,
    ]);
    expect(
      (await client.post('/api/competitor-analysis', { productDescription: 'x' })).status,
    ).toBe(403);
  });
});
