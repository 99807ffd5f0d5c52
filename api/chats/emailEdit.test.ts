import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelTestServer, type ModelTestServer } from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import { loggedInClient } from '../../tests/factories/users';
import { buildSend } from '../../tests/factories/chats';

let server: ModelTestServer;
beforeAll(async () => {
  server = await startModelTestServer();
});

afterAll(() => server?.close());

/** The reply's row as the database holds it: its content and the rep's edit. */
const editOf = async (messageId: number) =>
  (await server.pool.query('SELECT content, email_edit FROM messages WHERE id = $1', [messageId]))
    .rows[0];

/** A chat with one exchange: the ids the edit route takes. */
async function chatWithReply(client: TestClient) {
  const send = buildSend('Write a cold email to Dana at Freightly', { playbookType: 'email' });
  const res = await client.post('/api/chat', send);
  expect(res.status).toBe(200);
  return {
    chatId: send.chatId,
    replyId: res.body.message.id as number,
    userMessageId: res.body.message.replyTo as number,
  };
}

const edit = (editedAt: string, body = 'Hi Dana,\n\nWorth a call?') => ({
  subject: 'Idea for Freightly',
  body,
  editedAt,
});
const emailPath = (chatId: string, messageId: number) =>
  `/api/chats/${chatId}/messages/${messageId}/email`;

describe('PUT /api/chats/{id}/messages/{messageId}/email', () => {
  it("stores the rep's edit, and GET returns it with the original reply", async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const { chatId, replyId } = await chatWithReply(client);
    const saved = edit('2026-01-01T01:00:00.000Z');
    const res = await client.put(emailPath(chatId, replyId), saved);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: replyId, emailEdit: saved });
    const chat = await client.get(`/api/chats/${chatId}`);
    const reply = chat.body.messages.find((m: { id: number }) => m.id === replyId);
    expect(reply.emailEdit).toEqual(saved);
    expect(reply.content).toBe('You said: Write a cold email to Dana at Freightly');
    expect((await editOf(replyId)).email_edit).toEqual(saved);
  });

  it('keeps the facts the rep chose to keep with no source, for every device', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const { chatId, replyId } = await chatWithReply(client);
    const saved = { ...edit('2026-01-01T01:00:00.000Z'), kept: ['I loved your podcast.'] };
    expect((await client.put(emailPath(chatId, replyId), saved)).body.emailEdit).toEqual(saved);
    const chat = await client.get(`/api/chats/${chatId}`);
    expect(chat.body.messages.find((m: { id: number }) => m.id === replyId).emailEdit.kept).toEqual(
      ['I loved your podcast.'],
    );
    const tooMany = await client.put(emailPath(chatId, replyId), {
      ...edit('2026-01-01T02:00:00.000Z'),
      kept: Array.from({ length: 21 }, (_, i) => `Fact ${i}.`),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('kept: must hold at most 20 sentences');
    expect((await editOf(replyId)).email_edit).toEqual(saved);
  });

  it('keeps the newer edit when an older one arrives late, and takes a newer one', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const { chatId, replyId } = await chatWithReply(client);
    const newer = edit('2026-01-01T01:00:00.000Z', 'The newer body');
    const older = edit('2026-01-01T00:59:00.000Z', 'The older body');
    expect((await client.put(emailPath(chatId, replyId), newer)).status).toBe(200);
    const late = await client.put(emailPath(chatId, replyId), older);
    expect(late.status).toBe(200);
    expect(late.body.emailEdit).toEqual(newer);
    const latest = edit('2026-01-01T01:05:00.000Z', 'The latest body');
    expect((await client.put(emailPath(chatId, replyId), latest)).body.emailEdit).toEqual(latest);
    expect((await editOf(replyId)).email_edit).toEqual(latest);
  });

  it('counts an edit stamped ahead of the server clock as made now, so later edits still win', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const { chatId, replyId } = await chatWithReply(client);
    const before = Date.now();
    const fast = await client.put(
      emailPath(chatId, replyId),
      edit('2099-01-01T00:00:00.000Z', 'From a fast clock'),
    );
    expect(fast.status).toBe(200);
    const storedAt = Date.parse(fast.body.emailEdit.editedAt);
    expect(storedAt).toBeGreaterThanOrEqual(before);
    expect(storedAt).toBeLessThanOrEqual(Date.now());
    const later = edit(new Date(Date.now() + 1000).toISOString(), 'A later edit');
    expect((await client.put(emailPath(chatId, replyId), later)).body.emailEdit.body).toBe(
      'A later edit',
    );
  });

  it('answers 400 naming the field for bad input', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const { chatId, replyId } = await chatWithReply(client);
    const long = await client.put(emailPath(chatId, replyId), {
      ...edit('2026-01-01T01:00:00.000Z'),
      subject: 'x'.repeat(201),
    });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({
      code: 'invalid_request',
      message: 'subject: must be at most 200 characters',
    });
    const noTime = await client.put(emailPath(chatId, replyId), {
      subject: 'S',
      body: 'B',
      editedAt: 'yesterday',
    });
    expect(noTime.status).toBe(400);
    expect(noTime.body.message).toBe('editedAt: must be an ISO 8601 time');
    const noBody = await client.put(emailPath(chatId, replyId), {
      subject: 'S',
      editedAt: '2026-01-01T01:00:00.000Z',
    });
    expect(noBody.status).toBe(400);
    expect(noBody.body.message).toMatch(/^body: /);
    expect((await editOf(replyId)).email_edit).toBeNull();
  });

  it('answers 401 without a session', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const { chatId, replyId } = await chatWithReply(client);
    const guest = new TestClient(server.url);
    expect(
      (await guest.put(emailPath(chatId, replyId), edit('2026-01-01T01:00:00.000Z'))).status,
    ).toBe(401);
  });

  it("Bob cannot edit Alice's email: 404, and hers is unchanged", async () => {
    const { client: alice } = await loggedInClient(server, { pro: true });
    const { client: bob } = await loggedInClient(server, { pro: true });
    const { chatId, replyId, userMessageId } = await chatWithReply(alice);
    const res = await bob.put(emailPath(chatId, replyId), edit('2026-01-01T01:00:00.000Z'));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    // Nor through a chat of his own naming her message.
    const own = await chatWithReply(bob);
    expect(
      (await bob.put(emailPath(own.chatId, replyId), edit('2026-01-01T01:00:00.000Z'))).status,
    ).toBe(404);
    // Only replies are emails; an id that is no number is no message.
    expect(
      (await alice.put(emailPath(chatId, userMessageId), edit('2026-01-01T01:00:00.000Z'))).status,
    ).toBe(404);
    expect(
      (await alice.put(`/api/chats/${chatId}/messages/abc/email`, edit('2026-01-01T01:00:00.000Z')))
        .status,
    ).toBe(404);
    expect((await editOf(replyId)).email_edit).toBeNull();
  });

  it('an edit is of the answer it was made on: a regenerate that writes a new answer drops it, one that fails keeps it', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const { chatId, replyId } = await chatWithReply(client);
    const saved = edit('2026-01-01T01:00:00.000Z');
    await client.put(emailPath(chatId, replyId), saved);
    server.fake.enqueue({ status: 401 });
    await client.post(`/api/chats/${chatId}/regenerate`, {});
    expect(await editOf(replyId)).toEqual({
      content: 'You said: Write a cold email to Dana at Freightly',
      email_edit: saved,
    });
    server.fake.enqueue({ reply: 'A new email' });
    expect((await client.post(`/api/chats/${chatId}/regenerate`, {})).status).toBe(200);
    expect(await editOf(replyId)).toEqual({ content: 'A new email', email_edit: null });
  });
});
