import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelTestServer, type ModelTestServer } from '../support/server';
import { postStream, type TestClient } from '../support/client';
import { loggedInClient } from '../factories/users';
import { buildSend } from '../factories/chats';
import type { FakeOpenAI, Script } from '../fakes/openai';

let server: ModelTestServer;
let fake: FakeOpenAI;
beforeAll(async () => {
  server = await startModelTestServer({ LLM_TIMEOUT_MS: '4000' });
  fake = server.fake;
});
afterAll(() => server?.close());

/** A chat with one answered message; the answer is what a regenerate must not destroy. */
async function answeredChat(client: TestClient) {
  const text = `Pitch a CRM to plumbers ${randomUUID()}`;
  const res = await client.post('/api/chat', buildSend(text));
  expect(res.status).toBe(200);
  return {
    chatId: res.body.chat.id as string,
    answer: res.body.message as { id: number; content: string },
  };
}

const rowsOf = async (chatId: string) =>
  (
    await server.pool.query(
      'SELECT role, content, status, kept_content FROM messages WHERE chat_id = $1 ORDER BY id',
      [chatId],
    )
  ).rows;
const lastAssistant = async (client: TestClient, chatId: string) =>
  (await client.get(`/api/chats/${chatId}`)).body.messages.findLast(
    (m: { role: string }) => m.role === 'assistant',
  );

/** The SDK retries 429 and 5xx twice before the first token: three faults make the call fail. */
const failing = (script: Script): Script[] => [script, script, script];

describe('a failed regenerate keeps the answer', () => {
  const failures: Array<[string, Script[], string]> = [
    ['the model answers 500', failing({ status: 500 }), 'model_failed'],
    ['the model answers 429', failing({ status: 429 }), 'model_busy'],
    ['the model times out', [{ firstTokenDelayMs: 5000 }], 'model_timeout'],
    ['the stream is cut before any word', [{ cutAfter: 0 }], 'model_cut_off'],
  ];

  for (const [how, scripts, code] of failures) {
    it(`when ${how}, the answer the rep had stays the chat's latest (JSON and SSE)`, async () => {
      const { client } = await loggedInClient(server);
      const { chatId, answer } = await answeredChat(client);

      fake.enqueue(...scripts);
      const json = await client.post(`/api/chats/${chatId}/regenerate`, {});
      expect(json.body.code).toBe(code);
      expect(json.status).toBeGreaterThanOrEqual(500);
      expect(await lastAssistant(client, chatId)).toMatchObject({
        id: answer.id,
        content: answer.content,
        status: 'complete',
      });

      fake.enqueue(...scripts);
      const { events } = await postStream(client, `/api/chats/${chatId}/regenerate`, {});
      expect(events.at(-1)).toMatchObject({
        event: 'error',
        data: { code, reply: { id: answer.id, content: answer.content, status: 'complete' } },
      });
      expect(await lastAssistant(client, chatId)).toMatchObject({
        id: answer.id,
        content: answer.content,
        status: 'complete',
      });
      expect(await rowsOf(chatId)).toEqual([
        expect.objectContaining({ role: 'user' }),
        { role: 'assistant', content: answer.content, status: 'complete', kept_content: null },
      ]);
    });
  }

  it('a later successful regenerate gives exactly one new answer: no duplicate, no orphan failed row', async () => {
    const { client } = await loggedInClient(server);
    const { chatId, answer } = await answeredChat(client);
    fake.enqueue(...failing({ status: 500 }));
    expect((await client.post(`/api/chats/${chatId}/regenerate`, {})).status).toBe(502);

    fake.enqueue({ reply: 'A better pitch.' });
    const { events } = await postStream(client, `/api/chats/${chatId}/regenerate`, {});
    // One start, the new answer's words (however they were merged), one done.
    expect(
      events
        .map((e) => e.event)
        .filter((name, i, all) => name !== 'delta' || all[i - 1] !== 'delta'),
    ).toEqual(['start', 'delta', 'done']);
    expect(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe('A better pitch.');
    expect(events.at(-1)!.data.message).toMatchObject({
      id: answer.id,
      content: 'A better pitch.',
      status: 'complete',
    });
    expect(await rowsOf(chatId)).toEqual([
      expect.objectContaining({ role: 'user' }),
      { role: 'assistant', content: 'A better pitch.', status: 'complete', kept_content: null },
    ]);
  });

  it('while the new attempt has no words, the chat still reads the earlier answer; its first words replace it', async () => {
    const { client } = await loggedInClient(server);
    const { chatId, answer } = await answeredChat(client);
    fake.enqueue({ reply: 'Slow but new.', firstTokenDelayMs: 600, tokenDelayMs: 400 });
    const regenerate = postStream(client, `/api/chats/${chatId}/regenerate`, {});
    await new Promise((r) => setTimeout(r, 300));
    expect(await lastAssistant(client, chatId)).toMatchObject({
      content: answer.content,
      status: 'streaming',
    });
    expect((await regenerate).events.at(-1)).toMatchObject({
      event: 'done',
      data: { message: { content: 'Slow but new.' } },
    });
    expect(await lastAssistant(client, chatId)).toMatchObject({
      id: answer.id,
      content: 'Slow but new.',
      status: 'complete',
    });
  });

  it('a regenerate cut after some words keeps those words as the new (incomplete) answer', async () => {
    const { client } = await loggedInClient(server);
    const { chatId } = await answeredChat(client);
    fake.enqueue({ reply: 'Half of a new answer that never ends', cutAfter: 3 });
    const { events } = await postStream(client, `/api/chats/${chatId}/regenerate`, {});
    expect(events.at(-1)).toMatchObject({
      event: 'error',
      data: { code: 'model_cut_off', reply: { content: 'Half of a', status: 'partial' } },
    });
    expect(await rowsOf(chatId)).toEqual([
      expect.objectContaining({ role: 'user' }),
      { role: 'assistant', content: 'Half of a', status: 'partial', kept_content: null },
    ]);
  });
});
