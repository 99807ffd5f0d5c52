import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { captureLog } from '../../tests/support/logs';
import { startFakeOpenAI, type FakeOpenAI } from '../../tests/fakes/openai';
import { liveGateway } from './live';
import { meteredGateway } from './metered';
import type { CompletionRequest } from './types';

const request = (content: string): CompletionRequest => ({
  model: 'gpt-4o',
  messages: [{ role: 'user', content }],
  params: { temperature: 0.7, max_tokens: 50, top_p: 1, frequency_penalty: 0, presence_penalty: 0 },
  budget: { kind: 'guest', address: '203.0.113.7' },
});

describe('a call keeps the gateway it started with', () => {
  let server: TestServer;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    // The model settings are one row per database: a database of its own, so no other file's
    // server (sharing the machine's Postgres) answers with this file's model.
    server = await startTestServer({}, { ownDatabase: true });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('a model removed in Settings while a call reserves its tokens: that call is still answered by the model it was metered for', async () => {
    const { log } = captureLog('debug');
    const deps = { config: server.config, pool: server.pool, log };
    await server.pool.query(
      `INSERT INTO model_settings (id, base_url, default_model, models) VALUES (true, $1, 'gpt-4o', '{gpt-4o}')`,
      [fake.url],
    );
    const live = liveGateway(deps);
    await live.reload();
    expect(live.offline).toBe(false);
    const metered = meteredGateway(live, deps);

    for (const call of ['stream', 'complete'] as const) {
      await server.pool.query(
        `UPDATE model_settings SET base_url = $1, updated_at = clock_timestamp()`,
        [fake.url],
      );
      await live.reload();
      const before = fake.requests.length;
      // The operator removes the server while the call is still counting and reserving its tokens.
      await server.pool.query(
        `UPDATE model_settings SET base_url = NULL, updated_at = clock_timestamp()`,
      );
      const switched = live.reload();
      const answer =
        call === 'stream'
          ? (async () => {
              let text = '';
              for await (const t of metered.stream(request(`Hello ${call}`))) text += t;
              return text;
            })()
          : metered.complete(request(`Hello ${call}`));
      await switched;
      expect(live.offline).toBe(true);
      expect(await answer, call).toBe(`You said: Hello ${call}`);
      expect(fake.requests.length, call).toBe(before + 1);
    }
  });
});
