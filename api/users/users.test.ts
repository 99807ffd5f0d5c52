import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS_ON, startTestServer, type TestServer } from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import { loggedInClient } from '../../tests/factories/users';
import { IDEA_ANALYSIS_TYPE, MINUTES_SAVED_PER_WORKFLOW } from './users.sql';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(PAYMENTS_ON);
});
afterAll(() => server?.close());

describe('GET /api/user/subscription', () => {
  it('answers 401 with no session', async () => {
    const res = await new TestClient(server.url).get('/api/user/subscription');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'unauthorized', message: 'You must be logged in' });
  });

  it('answers a new user with no plan', async () => {
    const { client } = await loggedInClient(server);
    expect((await client.get('/api/user/subscription')).body).toEqual({
      subscriptionTier: 'none',
      isActive: false,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      access: 'none',
    });
  });

  it("reads the database: Alice sees her Pro plan, Bob does not see Alice's", async () => {
    const alice = await loggedInClient(server);
    const bob = await loggedInClient(server);
    const tag = crypto.randomUUID().slice(0, 8);
    await server.pool.query(
      `UPDATE users SET subscription_tier = 'pro', subscription_active = 'true', stripe_customer_id = $2, stripe_subscription_id = $3 WHERE id = $1`,
      [alice.user.id, `cus_${tag}`, `sub_${tag}`],
    );
    expect((await alice.client.get('/api/user/subscription')).body).toEqual({
      subscriptionTier: 'pro',
      isActive: true,
      stripeCustomerId: `cus_${tag}`,
      stripeSubscriptionId: `sub_${tag}`,
      access: 'subscription',
    });
    expect((await bob.client.get('/api/user/subscription')).body).toMatchObject({
      subscriptionTier: 'none',
      access: 'none',
    });
    expect((await alice.client.get('/api/auth/user')).body).toMatchObject({
      subscriptionTier: 'pro',
      subscriptionActive: true,
    });
  });
});

describe('GET /api/user/usage', () => {
  it('answers 401 with no session', async () => {
    expect((await new TestClient(server.url).get('/api/user/usage')).status).toBe(401);
  });

  it("counts only the user's own chats and workflows", async () => {
    const alice = await loggedInClient(server);
    const bob = await loggedInClient(server);
    const uid = alice.user.id;
    await server.pool.query(
      `INSERT INTO chats (id, title, user_id) VALUES ($1, 'One', $3), ($2, 'Two', $3)`,
      [crypto.randomUUID(), crypto.randomUUID(), uid],
    );
    await server.pool.query(
      `INSERT INTO chats (id, title, user_id, deleted_at) VALUES ($1, 'Gone', $2, now())`,
      [crypto.randomUUID(), uid],
    );
    const emailChat = crypto.randomUUID();
    await server.pool.query(
      `INSERT INTO chats (id, title, user_id, playbook_type) VALUES ($1, 'Cold Email to Dana', $2, 'email')`,
      [emailChat, uid],
    );
    await server.pool.query(
      `INSERT INTO messages (chat_id, role, content, model) VALUES ($1, 'user', 'Write it', NULL), ($1, 'assistant', 'Hi Dana', 'gpt-4o')`,
      [emailChat],
    );
    await server.pool.query(
      `INSERT INTO workflows (id, user_id, name, workflow_type, path) VALUES ($1, $3, 'Idea', $4, '/onboarding?analysis=1'), ($2, $3, 'Cold Email to Dana', 'Cold Email', $5)`,
      [
        crypto.randomUUID(),
        crypto.randomUUID(),
        uid,
        IDEA_ANALYSIS_TYPE,
        `/chat?chat=${emailChat}`,
      ],
    );
    expect((await alice.client.get('/api/user/usage')).body).toEqual({
      totalChats: 3,
      ideasAnalyzed: 1,
      timeSavedMinutes: 2 * MINUTES_SAVED_PER_WORKFLOW,
    });
    expect((await bob.client.get('/api/user/usage')).body).toEqual({
      totalChats: 0,
      ideasAnalyzed: 0,
      timeSavedMinutes: 0,
    });
  });

  it("names today's AI allowance only while a model is connected (the offline drafter costs none)", async () => {
    // This suite's server has no model; one configured with a model server (never called here) does.
    const withModel = await startTestServer({
      ...PAYMENTS_ON,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      LLM_MODELS: 'gpt-4o',
    });
    try {
      const rep = await loggedInClient(withModel);
      expect((await rep.client.get('/api/user/usage')).body.aiAllowance).toEqual({
        used: 0,
        limit: 100_000,
        resetsAt: expect.any(String),
      });
      const offlineRep = await loggedInClient(server);
      expect((await offlineRep.client.get('/api/user/usage')).body).not.toHaveProperty(
        'aiAllowance',
      );
    } finally {
      await withModel.close();
    }
  });

  it("'Time Saved' counts only workflows whose answer a model wrote: not the offline drafter's, not a reply still coming, not Bob's chat", async () => {
    const alice = await loggedInClient(server);
    const bob = await loggedInClient(server);
    const chat = async (
      owner: number,
      replies: Array<{ model: string | null; status: string }>,
    ) => {
      const id = crypto.randomUUID();
      await server.pool.query(
        `INSERT INTO chats (id, title, user_id, playbook_type) VALUES ($1, 'Cold Email', $2, 'email')`,
        [id, owner],
      );
      await server.pool.query(
        `INSERT INTO messages (chat_id, role, content) VALUES ($1, 'user', 'Write a cold email')`,
        [id],
      );
      for (const reply of replies)
        await server.pool.query(
          `INSERT INTO messages (chat_id, role, content, model, status) VALUES ($1, 'assistant', 'Hi Dana', $2, $3)`,
          [id, reply.model, reply.status],
        );
      return id;
    };
    const byModel = await chat(alice.user.id, [{ model: 'gpt-4o', status: 'complete' }]);
    const drafted = await chat(alice.user.id, [{ model: 'offline-drafter', status: 'complete' }]);
    const cut = await chat(alice.user.id, [{ model: 'gpt-4o', status: 'partial' }]);
    const waiting = await chat(alice.user.id, []);
    const bobs = await chat(bob.user.id, [{ model: 'gpt-4o', status: 'complete' }]);
    for (const chatId of [byModel, drafted, cut, waiting, bobs]) {
      await server.pool.query(
        `INSERT INTO workflows (id, user_id, name, workflow_type, path) VALUES ($1, $2, 'Cold Email to Dana', 'Cold Email', $3)`,
        [crypto.randomUUID(), alice.user.id, `/chat?chat=${chatId}`],
      );
    }
    // A flow saved with no chat to reopen has no answer to count either.
    await server.pool.query(
      `INSERT INTO workflows (id, user_id, name, workflow_type, path) VALUES ($1, $2, 'Cold Email to Contact', 'Cold Email', '/chat')`,
      [crypto.randomUUID(), alice.user.id],
    );
    expect((await alice.client.get('/api/user/usage')).body.timeSavedMinutes).toBe(
      1 * MINUTES_SAVED_PER_WORKFLOW,
    );
  });
});
