import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelTestServer, type ModelTestServer } from '../../tests/support/server';
import { loggedInClient } from '../../tests/factories/users';
import { buildSend } from '../../tests/factories/chats';
import { settleCutReplies } from './recover';

// A database of its own: settling sweeps every cut-off reply in the database, and on a shared
// Postgres another test file's live replies are in it.
let server: ModelTestServer;
beforeAll(async () => {
  server = await startModelTestServer({}, { ownDatabase: true });
});
afterAll(() => server?.close());

/** A send whose reply is left as a killed process leaves it: 'streaming', with `content` saved, last written `idleSeconds` ago. */
async function cutSend(content: string, idleSeconds: number) {
  const { client } = await loggedInClient(server);
  const send = buildSend(`cut ${crypto.randomUUID()}`);
  expect((await client.post('/api/chat', send)).status).toBe(200);
  await server.pool.query(
    `UPDATE messages SET status = 'streaming', content = $2, updated_at = now() - make_interval(secs => $3)
      WHERE chat_id = $1 AND role = 'assistant'`,
    [send.chatId, content, idleSeconds],
  );
  const reply = async () =>
    (
      await server.pool.query<{ status: string; content: string }>(
        `SELECT status, content FROM messages WHERE chat_id = $1 AND role = 'assistant'`,
        [send.chatId],
      )
    ).rows[0]!;
  return { client, send, reply };
}

describe('settleCutReplies (server start)', () => {
  it('a reply cut off by a killed server is kept as partial, and a replay of its send answers with it', async () => {
    const { client, send, reply } = await cutSend('The first half of', 0);
    await settleCutReplies(server.pool, 0);
    expect(await reply()).toEqual({ status: 'partial', content: 'The first half of' });
    const replay = await client.post('/api/chat', send);
    expect(replay.body.message).toMatchObject({ status: 'partial', content: 'The first half of' });
  });

  it('a reply cut off before any text is failed, and a replay of its send asks the model again', async () => {
    const { client, send, reply } = await cutSend('', 0);
    await settleCutReplies(server.pool, 0);
    expect((await reply()).status).toBe('failed');
    const replay = await client.post('/api/chat', send);
    expect(replay.body.message).toMatchObject({
      status: 'complete',
      content: `You said: ${send.messages[0]!.content}`,
    });
  });

  it('a regenerate cut off by a killed server before its first word puts the earlier answer back', async () => {
    const { client } = await loggedInClient(server);
    const send = buildSend(`answered ${crypto.randomUUID()}`);
    const answered = await client.post('/api/chat', send);
    expect(answered.body.message.status).toBe('complete');
    // What resetReply leaves while a regenerate streams: the answer kept aside, the row empty.
    await server.pool.query(
      `UPDATE messages SET kept_content = content, kept_status = status, kept_model = model, content = '', status = 'streaming'
        WHERE chat_id = $1 AND role = 'assistant'`,
      [send.chatId],
    );
    await settleCutReplies(server.pool, 0);
    const chat = await client.get(`/api/chats/${send.chatId}`);
    expect(chat.body.messages.at(-1)).toMatchObject({
      role: 'assistant',
      status: 'complete',
      content: answered.body.message.content,
    });
    const { rows } = await server.pool.query(
      'SELECT kept_content FROM messages WHERE chat_id = $1 AND role = $2',
      [send.chatId, 'assistant'],
    );
    expect(rows).toEqual([{ kept_content: null }]);
  });

  it('leaves a reply written more recently than the idle limit alone (another instance may be writing it)', async () => {
    const { reply } = await cutSend('still going', 5);
    await settleCutReplies(server.pool, 60);
    expect((await reply()).status).toBe('streaming');
    await settleCutReplies(server.pool, 1);
    expect((await reply()).status).toBe('partial');
  });
});
