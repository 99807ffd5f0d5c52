import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppInstances, type AppInstance } from '../../tests/support/server';
import { postStream, type StreamEvent } from '../../tests/support/client';
import { loggedInClient } from '../../tests/factories/users';
import { buildSend, eventually } from '../../tests/factories/chats';
import type { Pool } from '../db';
import type { FakeOpenAI } from '../../tests/fakes/openai';

// Instances of the app on one database, as behind a load balancer (each test kills or cuts off its
// own). A model timeout of two minutes: a reply whose writer died must be taken over long before
// anything that long runs out, so these tests could not finish in time if it were not.
let cluster: Awaited<ReturnType<typeof startAppInstances>>;
let pool: Pool;
let fake: FakeOpenAI;
beforeAll(async () => {
  cluster = await startAppInstances(5, { LLM_TIMEOUT_MS: '120000' });
  ({ pool, fake } = cluster);
});
afterAll(() => cluster?.close());

const replies = async (chatId: string) =>
  (
    await pool.query<{ status: string; content: string }>(
      `SELECT status, content FROM messages WHERE chat_id = $1 AND role = 'assistant'`,
      [chatId],
    )
  ).rows;

/** The text a stream's deltas add up to, split at its `restart` events: one string per restart. */
function texts(events: StreamEvent[]): string[] {
  const parts = [''];
  for (const e of events) {
    if (e.event === 'restart') parts.push('');
    if (e.event === 'delta') parts[parts.length - 1] += e.data.text as string;
  }
  return parts;
}

const sendTo = (instance: AppInstance, words: string) =>
  loggedInClient(instance).then(({ client }) => ({ client, send: buildSend(words) }));

describe('a reply whose instance died mid-stream', () => {
  it('a resume through another instance takes over within seconds: the saved start, then restart, then the fresh answer once', async () => {
    const [first, second] = [cluster.instances[0]!, cluster.instances[1]!];
    const words = 'Walk me through pricing a seat based plan for a small sales team of five';
    const { client, send } = await sendTo(first, `${words} [[delay:250]]`);
    const answer = `You said: ${words}`;

    // The phone drops its stream after a few words; the first instance goes on writing the reply.
    await postStream(
      client,
      '/api/chat',
      send,
      (events) => events.filter((e) => e.event === 'delta').length >= 3,
    );
    await eventually(async () => (await replies(send.chatId))[0]?.content);
    await first.kill();
    const [cut] = await replies(send.chatId);
    expect(cut).toMatchObject({ status: 'streaming' });
    expect(answer.startsWith(cut!.content) && cut!.content.length < answer.length).toBe(true);

    // Back online, the app resumes through the other instance.
    const resumed = await postStream(client.at(second.url), '/api/chat', send);

    expect(resumed.events.map((e) => e.event).filter((e) => e !== 'delta')).toEqual([
      'start',
      'restart',
      'done',
    ]);
    expect(texts(resumed.events)).toEqual([cut!.content, answer]);
    expect(resumed.events.at(-1)!.data.message).toMatchObject({
      status: 'complete',
      content: answer,
    });
    expect(await replies(send.chatId)).toEqual([{ status: 'complete', content: answer }]);
  });

  it('a resume following the reply while its instance dies takes it over: restart, then the fresh answer once', async () => {
    const [second, third] = [cluster.instances[1]!, cluster.instances[2]!];
    const words = 'Draft a follow up for a buyer who went quiet after the demo last week';
    const { client, send } = await sendTo(third, `${words} [[delay:250]]`);
    const answer = `You said: ${words}`;

    await postStream(client, '/api/chat', send, (events) =>
      events.some((e) => e.event === 'delta'),
    );
    // The other instance follows the reply as it is written, and is still following when the writer dies.
    const following = postStream(client.at(second.url), '/api/chat', send);
    await eventually(
      async () => (await replies(send.chatId))[0]!.content.length > 'You said:'.length,
    );
    await third.kill();

    const resumed = await following;
    const [followed, fresh] = texts(resumed.events);
    expect(resumed.events.map((e) => e.event).filter((e) => e !== 'delta')).toEqual([
      'start',
      'restart',
      'done',
    ]);
    expect(answer.startsWith(followed!) && followed !== '').toBe(true);
    expect(fresh).toBe(answer);
    expect(await replies(send.chatId)).toEqual([{ status: 'complete', content: answer }]);
  });
});

describe('a live writer', () => {
  it('a model silent for longer than a dead writer is given is followed, not taken over: its words once, no restart, one reply', async () => {
    const [writer, follower] = [cluster.instances[1]!, cluster.instances[3]!];
    const words = 'Which objections come up most when a buyer compares us with a spreadsheet';
    // The model thinks for longer than a writer may stay silent before it counts as dead.
    const { client, send } = await sendTo(writer, `${words} [[first:12000]]`);
    const answer = `You said: ${words}`;

    const writing = postStream(client, '/api/chat', send);
    await eventually(async () => (await replies(send.chatId)).length === 1);
    const followed = await postStream(client.at(follower.url), '/api/chat', send);
    const written = await writing;

    for (const stream of [written, followed]) {
      expect(stream.events.map((e) => e.event).filter((e) => e !== 'delta')).toEqual([
        'start',
        'done',
      ]);
      expect(texts(stream.events)).toEqual([answer]);
    }
    expect(fake.requests.filter((r) => r.messages.at(-1)?.content.includes(words))).toHaveLength(1);
    expect(await replies(send.chatId)).toEqual([{ status: 'complete', content: answer }]);
  }, 40_000);
});

describe('a writer cut off from the database', () => {
  it('a writer taken for dead that comes back leaves the reply to the one that took it over, and its app gets that answer once', async () => {
    const [writer, other] = [cluster.instances[4]!, cluster.instances[3]!];
    const words = 'List three questions to open a discovery call with a head of revenue operations';
    const { client, send } = await sendTo(writer, `${words} [[delay:1200]]`);

    const writing = postStream(client, '/api/chat', send);
    await eventually(async () => (await replies(send.chatId))[0]?.content);
    // The writer loses its database for longer than a live writer may stay silent, and goes on streaming.
    const cut = writer.loseDatabase();
    // The app, on another connection, resumes through another instance, which takes the reply over
    // (and, the model being a model, words it differently this time).
    const retold =
      'Ask what a lost deal cost them last quarter, who owns the forecast, and what they would change first';
    fake.enqueue({ tokenDelayMs: 10, reply: retold });
    const resumed = await postStream(client.at(other.url), '/api/chat', send);
    expect(texts(resumed.events).at(-1)).toBe(retold);
    cut.restore();

    const written = await writing;
    expect(written.events.map((e) => e.event).filter((e) => e !== 'delta')).toEqual([
      'start',
      'restart',
      'done',
    ]);
    expect(texts(written.events)[0]).not.toBe('');
    expect(texts(written.events).at(-1)).toBe(retold);
    expect(written.events.at(-1)!.data.message).toMatchObject({
      status: 'complete',
      content: retold,
    });
    expect(await replies(send.chatId)).toEqual([{ status: 'complete', content: retold }]);
  }, 45_000);
});
