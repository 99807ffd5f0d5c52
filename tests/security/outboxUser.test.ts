import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED_USER_HEADER } from '../../domain/contract/session';
import { buildSend } from '../factories/chats';
import { buildUser, loggedInClient, type BuiltUser } from '../factories/users';
import { TestClient } from '../support/client';
import { startModelTestServer, type ModelTestServer } from '../support/server';

let server: ModelTestServer;
beforeAll(async () => {
  server = await startModelTestServer();
});
afterAll(() => server?.close());

const asUser = (user: BuiltUser) => ({ headers: { [EXPECTED_USER_HEADER]: String(user.id) } });

/** One browser: Alice signed in, then Bob signed in on it (his login replaced her cookie). */
async function browserHandedToBob() {
  const { user: alice, client: browser } = await loggedInClient(server);
  const bob = await buildUser(server);
  expect(
    (await browser.post('/api/auth/login', { username: bob.username, password: bob.password }))
      .status,
  ).toBe(200);
  return { alice, bob, browser };
}

const chatsOf = async (userId: number) =>
  (await server.pool.query('SELECT id FROM chats WHERE user_id = $1', [userId])).rows;

describe('a send queued by one account is never delivered with another account’s session', () => {
  it('Alice’s queued send goes out with Bob’s cookie: 409 session_mismatch, and nothing is stored for anyone', async () => {
    const { alice, bob, browser } = await browserHandedToBob();
    const send = buildSend('Alice’s pricing question, typed offline');

    const json = await browser.post('/api/chat', send, asUser(alice));
    expect(json.status).toBe(409);
    expect(json.body).toEqual({
      code: 'session_mismatch',
      message: expect.stringMatching(/signed in to another account/),
    });

    expect(await chatsOf(alice.id)).toEqual([]);
    expect(await chatsOf(bob.id)).toEqual([]);
    expect(
      server.fake.requests.filter((r) => r.messages.at(-1)?.content === send.messages[0]!.content),
    ).toEqual([]);
  });

  it('the streaming send (as the app makes it) is refused the same way, before any event', async () => {
    const { alice, bob, browser } = await browserHandedToBob();
    const send = buildSend(`Alice only ${crypto.randomUUID()}`);
    const res = await fetch(`${server.url}/api/chat`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        'x-forwarded-for': browser.ip,
        'x-csrf-token': await browser.token(),
        cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        [EXPECTED_USER_HEADER]: String(alice.id),
      },
      body: JSON.stringify(send),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'session_mismatch' });
    expect(await chatsOf(bob.id)).toEqual([]);
    expect(await chatsOf(alice.id)).toEqual([]);
    expect(
      server.fake.requests.filter((r) => r.messages.at(-1)?.content === send.messages[0]!.content),
    ).toEqual([]);
  });

  it('regenerate, the chat list and a chat read naming Alice are refused with Bob’s session too', async () => {
    const { alice, browser } = await browserHandedToBob();
    const bobsSend = buildSend('Bob’s own chat');
    expect((await browser.post('/api/chat', bobsSend)).status).toBe(200);
    expect(
      (await browser.post(`/api/chats/${bobsSend.chatId}/regenerate`, {}, asUser(alice))).status,
    ).toBe(409);
    expect((await browser.request('GET', '/api/chats', undefined, asUser(alice))).status).toBe(409);
    expect(
      (await browser.request('GET', `/api/chats/${bobsSend.chatId}`, undefined, asUser(alice)))
        .status,
    ).toBe(409);
  });

  it('once Alice signs in again, her queued send goes through with her own session', async () => {
    const { alice, browser } = await browserHandedToBob();
    const send = buildSend('Alice again');
    expect((await browser.post('/api/chat', send, asUser(alice))).status).toBe(409);
    expect(
      (
        await browser.post('/api/auth/login', {
          username: alice.username,
          password: alice.password,
        })
      ).status,
    ).toBe(200);
    const res = await browser.post('/api/chat', send, asUser(alice));
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      content: 'You said: Alice again',
      status: 'complete',
    });
    expect((await chatsOf(alice.id)).map((c) => c.id)).toEqual([send.chatId]);
  });

  it('with no session the named send is 401 as before, and a malformed id is a 400 naming the header', async () => {
    const { user, client } = await loggedInClient(server);
    const guest = new TestClient(server.url);
    expect((await guest.post('/api/chat', buildSend('no session'), asUser(user))).status).toBe(401);
    const bad = await client.post('/api/chat', buildSend('bad id'), {
      headers: { [EXPECTED_USER_HEADER]: 'alice' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      code: 'invalid_request',
      message: 'x-pitchpad-user: must be a user id (a whole number)',
    });
  });

  it('saved-history changes and an offline GTM plan naming Alice are refused with Bob’s session, and nothing is stored', async () => {
    const { alice, bob, browser } = await browserHandedToBob();
    const workflowsOf = async (userId: number) =>
      (await server.pool.query('SELECT id FROM workflows WHERE user_id = $1', [userId])).rows;
    const saved = {
      id: crypto.randomUUID().replace(/-/g, '').slice(0, 21),
      name: 'Cold Email to Dana',
      workflowType: 'Cold Email',
      path: '/chat',
    };
    expect((await browser.post('/api/workflows', saved, asUser(alice))).status).toBe(409);
    expect((await browser.post('/api/workflows', saved)).status).toBe(201);
    expect(
      (
        await browser.patch(
          `/api/workflows/${saved.id}`,
          { name: 'Renamed by Alice’s queue' },
          asUser(alice),
        )
      ).status,
    ).toBe(409);
    expect((await browser.delete(`/api/workflows/${saved.id}`, asUser(alice))).status).toBe(409);
    expect(
      (await server.pool.query('SELECT name FROM workflows WHERE id = $1', [saved.id])).rows,
    ).toEqual([{ name: 'Cold Email to Dana' }]);
    expect(await workflowsOf(alice.id)).toEqual([]);

    const plan = await browser.post(
      '/api/generate-gtm-plan',
      {
        startupInfo: 'Alice’s startup',
        answers: {},
        chatId: crypto.randomUUID(),
        title: 'GTM plan',
      },
      asUser(alice),
    );
    expect(plan.status).toBe(409);
    expect(plan.body).toMatchObject({ code: 'session_mismatch' });
    expect(await chatsOf(bob.id)).toEqual([]);
  });
});
