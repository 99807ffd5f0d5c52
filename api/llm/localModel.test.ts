import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../tests/fakes/openai';
import { LOCAL_LLM_DEFAULT_URL, loadConfig, modelInUse } from '../config';
import { createGateway } from './gateway';
import { LOCAL_PROBE_TIMEOUT_MS, listLocalModels, withLocalModel } from './localModel';
import { captureLog } from '../../tests/support/logs';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { loggedInClient } from '../../tests/factories/users';

const { log } = captureLog();

// A local model server stands in for Ollama on a port of its own: the fake lists what it has "pulled".
let local: FakeOpenAI;
beforeAll(async () => {
  local = await startFakeOpenAI({ models: ['llama3.2', 'qwen2.5'] });
});
afterAll(() => local?.close());

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const params = {
  temperature: 0.7,
  max_tokens: 64,
  top_p: 1,
  frequency_penalty: 0,
  presence_penalty: 0,
};

describe('a local model server when none is configured', () => {
  it("looks at Ollama's address by default; LOCAL_LLM_URL moves it, 'off' looks nowhere, a bad value stops start-up", () => {
    expect(loadConfig({}).llm.localUrl).toBe(LOCAL_LLM_DEFAULT_URL);
    expect(LOCAL_LLM_DEFAULT_URL).toBe('http://127.0.0.1:11434/v1');
    expect(loadConfig({ LOCAL_LLM_URL: 'http://127.0.0.1:9/v1/' }).llm.localUrl).toBe(
      'http://127.0.0.1:9/v1',
    );
    expect(loadConfig({ LOCAL_LLM_URL: 'off' }).llm.localUrl).toBeUndefined();
    expect(() => loadConfig({ LOCAL_LLM_URL: 'ollama please' })).toThrow(/LOCAL_LLM_URL: /);
  });

  it('uses a server that answers there, with the models it lists, and the chat is answered by it', async () => {
    const { config, found } = await withLocalModel(loadConfig({ LOCAL_LLM_URL: local.url }), log);
    expect(found).toBe(local.url);
    expect(config.llm).toMatchObject({ baseUrl: local.url, models: ['llama3.2', 'qwen2.5'] });
    expect(modelInUse(config)).toBe('llama3.2');
    const gateway = createGateway(config);
    expect(gateway.offline).toBe(false);
    expect(
      await gateway.complete({
        model: gateway.defaultModel,
        budget: { kind: 'guest', address: '127.0.0.1' },
        params,
        messages: [{ role: 'user', content: 'Hello there' }],
      }),
    ).toBe('You said: Hello there');
    expect(local.requests.at(-1)?.model).toBe('llama3.2');
  });

  it('costs start-up nothing when nothing listens: the offline drafter stays', async () => {
    const config = loadConfig({ LOCAL_LLM_URL: `http://127.0.0.1:${await closedPort()}/v1` });
    const started = performance.now();
    const result = await withLocalModel(config, log);
    expect(performance.now() - started).toBeLessThan(LOCAL_PROBE_TIMEOUT_MS);
    expect(result).toEqual({ config });
    expect(modelInUse(result.config)).toBe('Offline drafter');
  });

  it('gives up after a short wait on a server that never answers, and ignores one that is not a model server', async () => {
    const silent = createServer(() => {}).listen(0, '127.0.0.1');
    const other = createServer((_req, res) => res.writeHead(404).end('Not found')).listen(
      0,
      '127.0.0.1',
    );
    await Promise.all(
      [silent, other].map((s) => new Promise((resolve) => s.once('listening', resolve))),
    );
    try {
      const at = (s: typeof silent) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`;
      const started = performance.now();
      expect(await listLocalModels(at(silent), log)).toBeNull();
      expect(performance.now() - started).toBeLessThan(LOCAL_PROBE_TIMEOUT_MS + 500);
      expect(await listLocalModels(at(other), log)).toBeNull();
    } finally {
      silent.closeAllConnections();
      await Promise.all([silent, other].map((s) => new Promise((resolve) => s.close(resolve))));
    }
  });

  it('never looks when a model is configured, or when told not to', async () => {
    let probes = 0;
    const counting = createServer((_req, res) => {
      probes += 1;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data: [{ id: 'llama3.2' }] }));
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => counting.once('listening', resolve));
    const url = `http://127.0.0.1:${(counting.address() as AddressInfo).port}/v1`;
    try {
      expect((await withLocalModel(loadConfig({ LOCAL_LLM_URL: url }), log)).found).toBe(url);
      expect(probes).toBe(1);
      for (const env of [
        { OPENAI_API_KEY: 'sk-test' },
        { OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' },
      ]) {
        const config = loadConfig({ ...env, LOCAL_LLM_URL: url });
        expect(await withLocalModel(config, log)).toEqual({ config });
      }
      const off = loadConfig({ LOCAL_LLM_URL: 'off' });
      expect(await withLocalModel(off, log)).toEqual({ config: off });
      expect(probes).toBe(1);
    } finally {
      await new Promise((resolve) => counting.close(resolve));
    }
  });
});

/** A model server listing `ids` that counts the times it was asked; on `port`, or null when that port is taken. */
async function countingModelServer(ids: string[], port = 0) {
  let probes = 0;
  const server = createServer((_req, res) => {
    probes += 1;
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ object: 'list', data: ids.map((id) => ({ id, object: 'model' })) }));
  });
  const listening = await new Promise<boolean>((resolve) =>
    server.once('error', () => resolve(false)).listen(port, '127.0.0.1', () => resolve(true)),
  );
  if (!listening) return null;
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    get probes() {
      return probes;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('the model is the operator’s', () => {
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
    APP_URL: 'https://pitchpad.example.com',
  };

  it("in production a server on Ollama's port is not asked and the offline drafter answers, unless LOCAL_LLM_URL names a server", async () => {
    // Where the default probe would look (when that port is free on this machine), and a server of its own.
    const atOllamasPort = await countingModelServer(
      ['llama3.2'],
      Number(new URL(LOCAL_LLM_DEFAULT_URL).port),
    );
    const named = (await countingModelServer(['qwen2.5']))!;
    try {
      const unset = loadConfig(production);
      expect(unset.llm.localUrl).toBeUndefined();
      const result = await withLocalModel(unset, log);
      expect(result).toEqual({ config: unset });
      expect(modelInUse(result.config)).toBe('Offline drafter');
      expect(createGateway(result.config).offline).toBe(true);
      if (atOllamasPort) expect(atOllamasPort.probes).toBe(0);

      const set = await withLocalModel(
        loadConfig({ ...production, LOCAL_LLM_URL: named.url }),
        log,
      );
      expect(set.found).toBe(named.url);
      expect(modelInUse(set.config)).toBe('qwen2.5');
      expect(named.probes).toBe(1);
      // Outside production the default address is still where it looks.
      expect(loadConfig({}).llm.localUrl).toBe(LOCAL_LLM_DEFAULT_URL);
    } finally {
      await Promise.all([atOllamasPort?.close(), named.close()]);
    }
  });

  describe('a server listing ids that are not printable or short', () => {
    const forged = 'evil\n{"level":50,"msg":"forged"}\u001b[31m';
    const captured = captureLog('info');
    let listing: NonNullable<Awaited<ReturnType<typeof countingModelServer>>>;
    let server: TestServer;
    beforeAll(async () => {
      listing = (await countingModelServer(['llama3.2', forged, 'x'.repeat(500), 'qwen2.5']))!;
      server = await startTestServer(
        { LOCAL_LLM_URL: listing.url },
        {
          log: captured.log,
          prepare: async (config) => (await withLocalModel(config, captured.log)).config,
        },
      );
    });
    afterAll(async () => {
      await server?.close();
      await listing?.close();
    });

    it('a model id with control characters or 500 characters is not offered, and the log shows it escaped on one line', async () => {
      const { client } = await loggedInClient(server);
      const res = await client.get('/api/models');
      expect(res.body).toEqual({
        models: [
          { id: 'llama3.2', label: 'llama3.2', group: 'openai' },
          { id: 'qwen2.5', label: 'qwen2.5', group: 'openai' },
        ],
        defaultModel: 'llama3.2',
      });
      expect(captured.text).not.toContain('\u001b');
      expect(captured.text).not.toContain('\n{"level":50,"msg":"forged"}');
      const dropped = captured.entries().filter((e) => e.msg.includes('not offered'));
      expect(dropped).toHaveLength(2);
      expect(dropped[0]!.msg).toContain(JSON.stringify(forged));
      expect(dropped[1]!.msg.length).toBeLessThan(300);
    });
  });
});
