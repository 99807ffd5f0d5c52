import { randomUUID } from 'node:crypto';
import { countTokens } from 'gpt-tokenizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LLM_MAX_CONTEXT_TOKENS_DEFAULT } from '../../domain/limits';
import { buildSend } from '../../tests/factories/chats';
import { loggedInClient } from '../../tests/factories/users';
import type { ReceivedRequest } from '../../tests/fakes/openai';
import { TestClient } from '../../tests/support/client';
import {
  PAYMENTS_ON,
  startAnotherInstance,
  startModelTestServer,
  startTestServer,
  type ModelTestServer,
  type TestServer,
} from '../../tests/support/server';
import { ideaSummary } from '../../tests/factories/ideaAnalysis';

/** Plain English prose of about `chars` characters: about one token per 4.5 characters. */
const prose = (chars: number, tag = '') =>
  `${tag} ${'The quick brown fox jumps over the lazy dog. '.repeat(Math.ceil(chars / 45))}`.slice(
    0,
    chars,
  );
/** The tokens a request sent, counted as OpenAI counts a chat: each message's text plus its wrapping. */
const sentTokens = (req: ReceivedRequest) =>
  3 + req.messages.reduce((sum, m) => sum + countTokens(m.content) + 4, 0);
const sentChars = (req: ReceivedRequest) =>
  req.messages.reduce((sum, m) => sum + m.content.length, 0);
const lastRequestFor = (server: ModelTestServer, content: string) =>
  server.fake.requests.findLast((r) => r.messages.at(-1)?.content === content);

const TOKEN_BUDGET_MESSAGE =
  /^You've used today's AI allowance\. It resets at 00:00 UTC \(in (\d+ h)?( ?\d+ min)?\)\.$/;
const nextUtcMidnight = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
};

describe('what one model call may send', () => {
  let server: ModelTestServer;
  beforeAll(async () => {
    server = await startModelTestServer();
  });
  afterAll(() => server?.close());

  it("a free user's new chat carrying 39 long client-written messages sends the model only the system prompt and the new message", async () => {
    const { client } = await loggedInClient(server);
    const history = Array.from({ length: 39 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: prose(24_000, `history ${i}`),
    }));
    const latest = `What should I charge? ${randomUUID()}`;
    const res = await client.post(
      '/api/chat',
      buildSend(latest, { messages: [...history, { role: 'user', content: latest }] }),
    );
    expect(res.status).toBe(200);

    const sent = lastRequestFor(server, latest)!;
    expect(sent.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(sent.messages[0]!.content).toMatch(/go-to-market advice/);
    expect(sentTokens(sent)).toBeLessThanOrEqual(LLM_MAX_CONTEXT_TOKENS_DEFAULT);
    expect(sentChars(sent)).toBeLessThan(2_000);
    expect(sent.bodyBytes).toBeLessThan(3_000);
  });

  it("a new chat's greeting (the flow's first assistant message, shown before the chat exists) still reaches the model", async () => {
    const { client } = await loggedInClient(server);
    const greeting =
      "Let's write a cold email that gets a reply. Three quick questions, or skip ahead whenever you like.";
    const latest = `A CRM for plumbers ${randomUUID()}`;
    const res = await client.post(
      '/api/chat',
      buildSend(latest, {
        messages: [
          { role: 'assistant', content: greeting },
          { role: 'user', content: latest },
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect(lastRequestFor(server, latest)!.messages.slice(1)).toEqual([
      { role: 'assistant', content: greeting },
      { role: 'user', content: latest },
    ]);
  });

  it('a long chat sends its newest history that fits the bound: the oldest is dropped first, the system prompt and the new message kept', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const first = buildSend(prose(20_000, 'turn 0'));
    expect((await client.post('/api/chat', first)).status).toBe(200);
    for (let turn = 1; turn < 6; turn++) {
      const res = await client.post(
        '/api/chat',
        buildSend(prose(20_000, `turn ${turn}`), { chatId: first.chatId }),
      );
      expect(res.status).toBe(200);
    }
    const stored = (await client.get(`/api/chats/${first.chatId}`)).body.messages.map(
      (m: { role: string; content: string }) => ({ role: m.role, content: m.content }),
    );
    expect(stored).toHaveLength(12);

    const latest = `And the pricing page? ${randomUUID()}`;
    expect(
      (await client.post('/api/chat', buildSend(latest, { chatId: first.chatId }))).status,
    ).toBe(200);
    const sent = lastRequestFor(server, latest)!;

    expect(sent.messages[0]!.role).toBe('system');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: latest });
    const history = sent.messages.slice(1, -1);
    // The newest messages, in order, with nothing skipped between them; the older ones left out.
    expect(history.length).toBeGreaterThan(0);
    expect(history.length).toBeLessThan(stored.length);
    expect(history).toEqual(stored.slice(stored.length - history.length));
    expect(sentTokens(sent)).toBeLessThanOrEqual(LLM_MAX_CONTEXT_TOKENS_DEFAULT);
    // Only as much was dropped as had to be: the next older message would not have fitted.
    const nextOlder = stored[stored.length - history.length - 1]!;
    expect(sentTokens(sent) + countTokens(nextOlder.content) + 4).toBeGreaterThan(
      LLM_MAX_CONTEXT_TOKENS_DEFAULT,
    );
  });

  it('a regenerate in a long chat is bounded the same way', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const first = buildSend(prose(30_000, 'opening'));
    expect((await client.post('/api/chat', first)).status).toBe(200);
    for (let turn = 1; turn < 3; turn++)
      expect(
        (
          await client.post(
            '/api/chat',
            buildSend(prose(30_000, `turn ${turn}`), { chatId: first.chatId }),
          )
        ).status,
      ).toBe(200);
    const before = server.fake.requests.length;
    expect((await client.post(`/api/chats/${first.chatId}/regenerate`, {})).status).toBe(200);
    const sent = server.fake.requests[before]!;
    expect(sent.messages.at(-1)!.content.trim().startsWith('turn 2')).toBe(true);
    expect(sent.messages.length).toBeLessThan(6);
    expect(sentTokens(sent)).toBeLessThanOrEqual(LLM_MAX_CONTEXT_TOKENS_DEFAULT);
  });
});

describe('the daily AI allowance', () => {
  const FREE = 3_000;
  const PRO = 60_000;
  const GUEST = 500;
  let server: ModelTestServer;
  let other: TestServer;
  beforeAll(async () => {
    server = await startModelTestServer({
      ...PAYMENTS_ON,
      LLM_DAILY_TOKENS_FREE: String(FREE),
      LLM_DAILY_TOKENS_PRO: String(PRO),
      LLM_DAILY_TOKENS_GUEST: String(GUEST),
    });
    other = await startAnotherInstance(server);
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });

  const chatCount = async (userId: number) =>
    Number(
      (await server.pool.query('SELECT count(*) AS n FROM chats WHERE user_id = $1', [userId]))
        .rows[0].n,
    );

  const streamsHeldBy = async (userId: number) =>
    Number(
      (
        await server.pool.query('SELECT count(*) AS n FROM stream_leases WHERE user_id = $1', [
          userId,
        ])
      ).rows[0].n,
    );

  it("once a free user has used the day's allowance, a send is a 429 token_budget saying when it resets, stores nothing and asks no model; another instance refuses too", async () => {
    const { user, client } = await loggedInClient(server);
    // About 1,800 tokens sent and as many written back (the fake model repeats the message).
    expect((await client.post('/api/chat', buildSend(prose(8_000, 'long question')))).status).toBe(
      200,
    );

    const refusedSend = buildSend(`One more thing ${randomUUID()}`);
    const refused = await client.post('/api/chat', refusedSend);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'token_budget',
      message: expect.stringMatching(TOKEN_BUDGET_MESSAGE),
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Math.abs(Date.now() + retryAfter * 1000 - nextUtcMidnight())).toBeLessThan(120_000);
    expect(await chatCount(user.id)).toBe(1);
    expect(lastRequestFor(server, refusedSend.messages[0]!.content)).toBeUndefined();
    // The stream slot the refused send took with its tokens went back with the refusal.
    await expect.poll(() => streamsHeldBy(user.id)).toBe(0);

    const elsewhere = await client.at(other.url).post('/api/chat', refusedSend);
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body.code).toBe('token_budget');
    expect(await chatCount(user.id)).toBe(1);
  });

  it('a regenerate, value propositions and a competitor analysis are refused the same way once the allowance is used', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const send = buildSend(prose(32_000, 'big'));
    const answered = await client.post('/api/chat', send);
    expect(answered.status).toBe(200);
    // A Pro allowance of 60,000: a few long sends use it.
    for (
      let i = 0;
      (await client.post('/api/chat', buildSend(prose(32_000, `more ${i}`)))).status === 200;
      i++
    )
      expect(i).toBeLessThan(20);
    const before = server.fake.requests.length;

    const regenerate = await client.post(`/api/chats/${send.chatId}/regenerate`, {});
    expect(regenerate.status).toBe(429);
    expect(regenerate.body.code).toBe('token_budget');
    expect((await client.get(`/api/chats/${send.chatId}`)).body.messages.at(-1)).toMatchObject({
      id: answered.body.message.id,
      status: 'complete',
    });
    expect((await client.post('/api/chat/value-props', { prompt: 'Plumbers' })).status).toBe(429);
    expect(
      (await client.post('/api/competitor-analysis', { productDescription: 'A CRM for plumbers' }))
        .status,
    ).toBe(429);
    expect(
      (await client.post('/api/generate-gtm-plan', { startupInfo: 'A CRM for plumbers' })).status,
    ).toBe(429);
    expect(server.fake.requests.length).toBe(before);
  });

  it('sends opened all at once cannot overrun the allowance: each reserves its most before the model is asked', async () => {
    const { client } = await loggedInClient(server);
    // Each answer takes a moment to start, so all four are being asked at once.
    const sends = Array.from({ length: 4 }, (_, i) =>
      buildSend(`[[first:1500]] ${prose(2_000, `parallel ${i} ${randomUUID()}`)}`),
    );
    const results = await Promise.all(sends.map((s) => client.post('/api/chat', s)));
    expect(results.map((r) => r.status).toSorted()).toEqual([200, 429, 429, 429]);
    for (const refused of results.filter((r) => r.status === 429))
      expect(refused.body.code).toBe('token_budget');
    // What a call did not use goes back when it ends: the day's count is what was really sent and written.
    const usage = (await client.get('/api/user/usage')).body.aiAllowance;
    expect(usage.used).toBeLessThan(FREE);
    expect((await client.post('/api/chat', buildSend('And a short one'))).status).toBe(200);
  });

  it('Pro and free allowances differ: the same use leaves a Pro user sending', async () => {
    const free = await loggedInClient(server);
    const pro = await loggedInClient(server, { pro: true });
    for (const { client } of [free, pro])
      expect(
        (await client.post('/api/chat', buildSend(prose(8_000, 'same question')))).status,
      ).toBe(200);
    expect((await free.client.post('/api/chat', buildSend('next'))).status).toBe(429);
    expect((await pro.client.post('/api/chat', buildSend('next'))).status).toBe(200);
    expect((await free.client.get('/api/user/usage')).body.aiAllowance.limit).toBe(FREE);
    expect((await pro.client.get('/api/user/usage')).body.aiAllowance.limit).toBe(PRO);
  });

  it("the dashboard's usage shows today's count: what the model was sent and wrote, the allowance and when it resets", async () => {
    const { user, client } = await loggedInClient(server);
    const empty = await client.get('/api/user/usage');
    expect(empty.body.aiAllowance).toEqual({
      used: 0,
      limit: FREE,
      resetsAt: new Date(nextUtcMidnight()).toISOString(),
    });

    const content = `Pitch me a CRM ${randomUUID()}`;
    const res = await client.post('/api/chat', buildSend(content));
    expect(res.status).toBe(200);
    const sent = lastRequestFor(server, content)!;
    const written = countTokens(res.body.message.content);
    const usage = (await client.get('/api/user/usage')).body.aiAllowance;
    expect(usage.used).toBe(sentTokens(sent) + written);
    const stored = await server.pool.query('SELECT tokens FROM token_usage WHERE payer = $1', [
      `user:${user.id}`,
    ]);
    expect(stored.rows.map((r) => Number(r.tokens))).toEqual([usage.used]);
  });

  it('guests share an allowance per address for idea analyses: a new guest session from the same address is refused, another address is not', async () => {
    const first = new TestClient(server.url);
    server.fake.enqueue({ reply: JSON.stringify(ideaSummary) });
    expect(
      (await first.post('/api/analyze-startup', { idea: prose(2_000, 'A CRM for plumbers') }))
        .status,
    ).toBe(200);

    const sameAddress = new TestClient(server.url, first.ip);
    const refused = await sameAddress.post('/api/analyze-startup', {
      idea: 'A CRM for electricians',
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'token_budget',
      message: expect.stringMatching(TOKEN_BUDGET_MESSAGE),
    });

    server.fake.enqueue({ reply: JSON.stringify(ideaSummary) });
    expect(
      (
        await new TestClient(server.url).post('/api/analyze-startup', {
          idea: 'A CRM for electricians',
        })
      ).status,
    ).toBe(200);
  });
});

describe('the offline drafter', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A database of its own: the test counts every token row there is.
    server = await startTestServer({ LLM_DAILY_TOKENS_FREE: '100' }, { ownDatabase: true });
  });
  afterAll(() => server?.close());

  it('costs nothing: its drafts are not counted against the allowance', async () => {
    const { client } = await loggedInClient(server);
    for (let i = 0; i < 3; i++)
      expect((await client.post('/api/chat', buildSend(prose(4_000, `draft ${i}`)))).status).toBe(
        200,
      );
    // Nothing counted anywhere, and no allowance to show while no model is connected.
    expect((await server.pool.query('SELECT count(*)::int AS n FROM token_usage')).rows[0].n).toBe(
      0,
    );
    expect((await client.get('/api/user/usage')).body).not.toHaveProperty('aiAllowance');
  });
});
