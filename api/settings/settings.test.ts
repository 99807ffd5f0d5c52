import { mkdtempSync, rmSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsErrorCode } from '../../domain/contract/settings';
import {
  startAnotherInstance,
  startTestServer as startSharedServer,
  type TestServer,
} from '../../tests/support/server';

/**
 * These tests change what there is one of per database (the operator, the setup link, the model
 * settings row). On the machine's Postgres (`npm run test:api` with TEST_DATABASE_URL) every test
 * file shares one database, so they would see each other's operator, and other files' servers this
 * file's model: each server here gets a database of its own.
 */
const startTestServer: typeof startSharedServer = (env = {}, opts = {}) =>
  startSharedServer(env, { ownDatabase: true, ...opts });
import { TestClient, postStream, type TestResponse } from '../../tests/support/client';
import { captureLog, type CapturedLog } from '../../tests/support/logs';
import { loggedInClient } from '../../tests/factories/users';
import { buildSend, eventually } from '../../tests/factories/chats';
import { startFakeOpenAI, type FakeOpenAI } from '../../tests/fakes/openai';
import { currentSetupToken, issueSetupToken } from './setupToken';
import { PURPOSE, seal, unseal } from './secretBox';
import { readModelSettings } from './modelSettings.sql';
import { effectiveLlm } from '../llm/live';
import { createApp } from '../app';
import { DEV_SESSION_SECRET } from '../config';
import { withSessionSecret } from '../sessionSecret';
import { IN_MEMORY } from '../../db/embedded';
import { NO_MODEL_SETTINGS } from '../../tests/factories/modelSettings';

const KEY = 'sk-fresh-0123456789-the-operators-own-key';

/** A loopback port nothing listens on: a model server that is down. */
function closedPort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/**
 * Another model server, as an address someone might type: it lists gpt-4o to anyone and writes
 * down the Authorization header of every request, to show which key (if any) reached it.
 */
async function recordingServer() {
  const seen: Array<{ path: string; authorization: string | undefined }> = [];
  const server = createHttpServer((req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-4o', object: 'model' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** A loopback HTTP server answering with `handle`; closed with its open connections. */
async function httpServer(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createHttpServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** A signed-in client that claimed the server's setup link: the operator. */
async function operatorOf(server: TestServer) {
  const { user, client } = await loggedInClient(server);
  const token = (await currentSetupToken(server.pool, server.config.sessionSecret))!;
  const res = await client.post('/api/setup/claim', { token });
  if (res.status !== 200) throw new Error(`claim failed: ${res.status} ${res.text}`);
  return { user, client, token };
}

/** Saves the model settings as the settings screen sends them: gpt-4o alone, with `fields` (the address, the key). */
const saveModel = (client: TestClient, fields: Record<string, unknown> = {}) =>
  client.put('/api/settings/model', { defaultModel: 'gpt-4o', models: ['gpt-4o'], ...fields });

describe('the one-time setup link', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('a fresh server has no operator; the token survives restarts, and instances starting together agree on one', async () => {
    expect((await new TestClient(server.url).get('/api/setup/status')).body).toEqual({
      operatorExists: false,
    });
    const tokens = await Promise.all(
      [1, 2, 3].map(() => currentSetupToken(server.pool, server.config.sessionSecret)),
    );
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).toMatch(/^[\w-]{32}$/);
    // A restart reads the same token back; the database keeps only its hash and a sealed copy.
    expect(await currentSetupToken(server.pool, server.config.sessionSecret)).toBe(tokens[0]);
    const { rows } = await server.pool.query<{ token_hash: string; token_encrypted: string }>(
      'SELECT token_hash, token_encrypted FROM setup_tokens',
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(tokens[0]);
    // Sealed under another SESSION_SECRET (it was rotated): a new token replaces it.
    const other = await currentSetupToken(
      server.pool,
      'another-session-secret-of-at-least-32-chars',
    );
    expect(other).not.toBe(tokens[0]);
    expect(await currentSetupToken(server.pool, server.config.sessionSecret)).not.toBe(other);
  });

  it('a wrong token is refused (403 setup_token_invalid); a guest must sign in first (401)', async () => {
    await currentSetupToken(server.pool, server.config.sessionSecret);
    const guest = await new TestClient(server.url).post('/api/setup/claim', {
      token: 'not-the-token',
    });
    expect(guest.status).toBe(401);
    const { client } = await loggedInClient(server);
    const wrong = await client.post('/api/setup/claim', { token: 'not-the-token' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe(SettingsErrorCode.setupTokenInvalid);
    expect(wrong.body.message).toMatch(
      /^This setup link is not valid: it was used already, it expired \(a link lasts 24 hours\), or a newer one replaced it\./,
    );
    expect((await client.get('/api/auth/user')).body.isOperator).toBe(false);
  });

  it('the right token makes the signed-in user the operator, once; a second claim is refused (409 operator_exists)', async () => {
    const token = (await currentSetupToken(server.pool, server.config.sessionSecret))!;
    const [ada, bob] = await Promise.all([loggedInClient(server), loggedInClient(server)]);
    // Two claims of one token at once: exactly one wins.
    const claims = await Promise.all([
      ada.client.post('/api/setup/claim', { token }),
      bob.client.post('/api/setup/claim', { token }),
    ]);
    expect(claims.map((c) => c.status).toSorted()).toEqual([200, 409]);
    const [winner, loser] = claims[0]!.status === 200 ? [ada, bob] : [bob, ada];
    expect(claims.find((c) => c.status === 200)!.body).toEqual({ ok: true, isOperator: true });
    expect((await winner.client.get('/api/auth/user')).body.isOperator).toBe(true);
    expect((await loser.client.get('/api/auth/user')).body.isOperator).toBe(false);
    expect((await new TestClient(server.url).get('/api/setup/status')).body).toEqual({
      operatorExists: true,
    });

    // The same token again, or a brand-new one: this server has its operator.
    const again = await loser.client.post('/api/setup/claim', { token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(SettingsErrorCode.operatorExists);
    const fresh = await issueSetupToken(server.pool, server.config.sessionSecret);
    expect((await loser.client.post('/api/setup/claim', { token: fresh })).status).toBe(409);
    // No link is printed once there is an operator.
    expect(await currentSetupToken(server.pool, server.config.sessionSecret)).toBeNull();
  });

  it('a setup link lasts 24 hours: an older one is refused, and the next start-up prints a new one', async () => {
    const lone = await startTestServer();
    try {
      const old = (await currentSetupToken(lone.pool, lone.config.sessionSecret))!;
      await lone.pool.query(`UPDATE setup_tokens SET created_at = now() - interval '23 hours'`);
      expect(await currentSetupToken(lone.pool, lone.config.sessionSecret)).toBe(old);
      await lone.pool.query(
        `UPDATE setup_tokens SET created_at = now() - interval '24 hours 1 minute'`,
      );
      const { client } = await loggedInClient(lone);
      const expired = await client.post('/api/setup/claim', { token: old });
      expect(expired.status).toBe(403);
      expect(expired.body.code).toBe(SettingsErrorCode.setupTokenInvalid);
      expect((await client.get('/api/auth/user')).body.isOperator).toBe(false);
      // A start-up: a new token, made now, which works.
      const fresh = (await currentSetupToken(lone.pool, lone.config.sessionSecret))!;
      expect(fresh).not.toBe(old);
      const { rows } = await lone.pool.query<{ age: number }>(
        'SELECT extract(epoch FROM now() - created_at) AS age FROM setup_tokens',
      );
      expect(Number(rows[0]!.age)).toBeLessThan(60);
      expect((await client.post('/api/setup/claim', { token: old })).status).toBe(403);
      expect((await client.post('/api/setup/claim', { token: fresh })).status).toBe(200);
    } finally {
      await lone.close();
    }
  });

  it('a used token stays used even when no operator is left', async () => {
    const lone = await startTestServer();
    try {
      const { user, token } = await operatorOf(lone);
      const { rows } = await lone.pool.query<{ n: string }>(
        'SELECT count(*) AS n FROM setup_tokens',
      );
      expect(rows[0]!.n).toBe('0');
      // The token claimed above can never be claimed again, whatever happens to the operator.
      await lone.pool.query('UPDATE users SET is_operator = false WHERE id = $1', [user.id]);
      const { client } = await loggedInClient(lone);
      const used = await client.post('/api/setup/claim', { token });
      expect(used.status).toBe(403);
      expect(used.body.code).toBe(SettingsErrorCode.setupTokenInvalid);
    } finally {
      await lone.close();
    }
  });
});

describe('Settings → Model', () => {
  let server: TestServer;
  let fake: FakeOpenAI;
  let log: CapturedLog;
  /** Every answer these tests read, to check that the key is in none of them. */
  const seen: string[] = [];
  const keep = <T>(res: TestResponse<T>) => (seen.push(res.text), res);
  let operator: TestClient;

  beforeAll(async () => {
    fake = await startFakeOpenAI({
      apiKey: KEY,
      models: [
        'gpt-4o',
        'text-embedding-3-small',
        'whisper-1',
        'tts-1',
        'dall-e-3',
        'omni-moderation-latest',
        'llama3.2:latest',
      ],
    });
    log = captureLog('debug');
    server = await startTestServer({ LLM_TIMEOUT_MS: '5000' }, { log: log.log });
    operator = (await operatorOf(server)).client;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('is only for the operator: 401 without a session, 403 operator_only for anyone else', async () => {
    const guest = new TestClient(server.url);
    for (const res of [
      await guest.get('/api/settings/model'),
      await guest.put('/api/settings/model', {}),
      await guest.post('/api/settings/model/test', {}),
    ]) {
      expect(res.status).toBe(401);
    }
    const { client } = await loggedInClient(server);
    const body = { baseUrl: fake.url, apiKey: KEY, defaultModel: 'gpt-4o', models: ['gpt-4o'] };
    for (const res of [
      await client.get('/api/settings/model'),
      await client.put('/api/settings/model', body),
      await client.post('/api/settings/model/test', { baseUrl: fake.url, apiKey: KEY }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(SettingsErrorCode.operatorOnly);
    }
    expect(fake.requests).toHaveLength(0);
    expect((await operator.get('/api/settings/model')).body.connected).toBe(false);
  });

  it('a fresh server has no model: the settings say so, and so does the public capabilities answer', async () => {
    const res = keep(await operator.get('/api/settings/model'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(NO_MODEL_SETTINGS);
    expect((await new TestClient(server.url).get('/api/capabilities')).body).toEqual({
      modelConnected: false,
      passwordReset: true,
      speechConfigured: false,
      webSearch: false,
    });
  });

  it("'Test' lists the server's chat models, and explains a closed port, a refused key and a server with no chat models", async () => {
    const ok = keep(
      await operator.post('/api/settings/model/test', { baseUrl: fake.url, apiKey: KEY }),
    );
    expect(ok.body).toEqual({ ok: true, models: ['gpt-4o', 'llama3.2:latest'] });

    const refused = keep(
      await operator.post('/api/settings/model/test', { baseUrl: fake.url, apiKey: 'sk-wrong' }),
    );
    expect(refused.body).toEqual({
      ok: false,
      problem: 'unauthorized',
      message: 'The server refused the API key (401).',
    });

    const down = `http://127.0.0.1:${await closedPort()}/v1`;
    const unreachable = keep(
      await operator.post('/api/settings/model/test', { baseUrl: down, apiKey: null }),
    );
    expect(unreachable.body).toEqual({
      ok: false,
      problem: 'unreachable',
      message: `Pitchpad could not reach ${down} (connection refused).`,
    });

    const embeddingsOnly = await startFakeOpenAI({
      models: ['text-embedding-3-large', 'whisper-1'],
    });
    try {
      const none = keep(
        await operator.post('/api/settings/model/test', { baseUrl: embeddingsOnly.url }),
      );
      expect(none.body).toEqual({
        ok: false,
        problem: 'no_chat_models',
        message: 'The server answered but lists no chat models.',
      });
    } finally {
      await embeddingsOnly.close();
    }
    const notAModelServer = keep(
      await operator.post('/api/settings/model/test', {
        baseUrl: `${fake.url.replace(/\/v1$/, '')}/nothing-here`,
        apiKey: KEY,
      }),
    );
    expect(notAModelServer.body).toMatchObject({ ok: false, problem: 'bad_response' });
  });

  it('refuses what is not a URL, a model id a picker cannot show, and a default that is not offered (400)', async () => {
    const bad = [
      { baseUrl: 'ftp://models.example.com', defaultModel: 'gpt-4o', models: ['gpt-4o'] },
      { baseUrl: 'not a url', defaultModel: 'gpt-4o', models: ['gpt-4o'] },
      { defaultModel: 'gpt 4o', models: ['gpt 4o'] },
      { defaultModel: 'x'.repeat(101), models: ['x'.repeat(101)] },
      { defaultModel: 'gpt-4o-mini', models: ['gpt-4o'] },
      { defaultModel: 'gpt-4o', models: [] },
    ];
    for (const body of bad) {
      const res = keep(await operator.put('/api/settings/model', body));
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('saving connects the model at once: the key is encrypted at rest, and never in an answer or a log line', async () => {
    const saved = keep(
      await operator.put('/api/settings/model', {
        baseUrl: `${fake.url}/`,
        apiKey: KEY,
        defaultModel: 'llama3.2:latest',
        models: ['gpt-4o', 'llama3.2:latest'],
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      baseUrl: fake.url,
      hasApiKey: true,
      defaultModel: 'llama3.2:latest',
      models: ['gpt-4o', 'llama3.2:latest'],
      connected: true,
      locked: { baseUrl: false, apiKey: false, models: false },
    });
    expect(Date.parse(saved.body.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await new TestClient(server.url).get('/api/capabilities')).body).toEqual({
      modelConnected: true,
      passwordReset: true,
      // The voice debrief's recordings go to the connected server too (TRANSCRIBE_BASE_URL unset).
      speechConfigured: true,
      webSearch: false,
    });

    // The next chat is the model's, with the stored key and the chosen default model.
    const { client } = await loggedInClient(server);
    const { events } = await postStream(client, '/api/chat', buildSend('Hello from the settings'));
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: {
        message: {
          status: 'complete',
          model: 'llama3.2:latest',
          content: 'You said: Hello from the settings',
        },
      },
    });
    expect(fake.requests.at(-1)).toMatchObject({
      model: 'llama3.2:latest',
      authorization: `Bearer ${KEY}`,
    });

    const { rows } = await server.pool.query<{ api_key_encrypted: string }>(
      'SELECT api_key_encrypted FROM model_settings',
    );
    const stored = rows[0]!.api_key_encrypted;
    expect(stored).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(stored).not.toContain(KEY);
    expect(unseal(stored, server.config.sessionSecret, PURPOSE.modelApiKey)).toBe(KEY);
    expect(
      unseal(stored, 'another-session-secret-of-at-least-32-chars', PURPOSE.modelApiKey),
    ).toBeNull();

    // Omitted keeps the key; the key is never sent back.
    const kept = keep(
      await operator.put('/api/settings/model', {
        defaultModel: 'gpt-4o',
        models: ['gpt-4o', 'llama3.2:latest'],
      }),
    );
    expect(kept.body).toMatchObject({
      hasApiKey: true,
      baseUrl: fake.url,
      defaultModel: 'gpt-4o',
      connected: true,
    });
    const tested = keep(await operator.post('/api/settings/model/test', {}));
    expect(tested.body).toEqual({ ok: true, models: ['gpt-4o', 'llama3.2:latest'] });
    keep(await operator.get('/api/settings/model'));
    keep(await operator.get('/api/auth/user'));

    for (const text of seen) expect(text).not.toContain(KEY);
    // Even logged by mistake, an object's key is censored.
    log.log.warn({ settings: { apiKey: KEY }, apiKey: KEY }, 'a careless line');
    expect(log.text).toContain('a careless line');
    expect(log.text).toContain('saved the model settings');
    expect(log.text).not.toContain(KEY);
    expect(log.text).not.toContain(KEY.slice(3, 20));
  });

  it('null removes the key, and then the model server refuses the next call', async () => {
    const removed = keep(await saveModel(operator, { apiKey: null }));
    expect(removed.body).toMatchObject({ hasApiKey: false, baseUrl: fake.url, connected: true });
    const { rows } = await server.pool.query('SELECT api_key_encrypted FROM model_settings');
    expect(rows[0]).toEqual({ api_key_encrypted: null });
    const removedAll = keep(await saveModel(operator, { baseUrl: null }));
    expect(removedAll.body).toMatchObject({
      hasApiKey: false,
      baseUrl: null,
      connected: false,
      models: ['gpt-4o'],
    });
    expect((await new TestClient(server.url).get('/api/capabilities')).body).toEqual({
      modelConnected: false,
      passwordReset: true,
      speechConfigured: false,
      webSearch: false,
    });
  });
});

describe('a key goes only to the server it was given for', () => {
  let server: TestServer;
  let fake: FakeOpenAI;
  let other: Awaited<ReturnType<typeof recordingServer>>;
  let operator: TestClient;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: KEY });
    other = await recordingServer();
    server = await startTestServer();
    operator = (await operatorOf(server)).client;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
    await other?.close();
  });

  it("'Test' of a new address without a key sends no key there; the saved key goes along only to its own address", async () => {
    const saved = await saveModel(operator, { baseUrl: fake.url, apiKey: KEY });
    expect(saved.body).toMatchObject({ hasApiKey: true, connected: true });
    const elsewhere = await operator.post('/api/settings/model/test', { baseUrl: other.url });
    expect(elsewhere.body).toEqual({ ok: true, models: ['gpt-4o'] });
    expect(other.seen).toHaveLength(1);
    expect(other.seen[0]!.authorization ?? '').not.toContain(KEY);
    // The address the key was saved for (a trailing slash is the same address): the key goes along.
    expect(
      (await operator.post('/api/settings/model/test', { baseUrl: `${fake.url}/` })).body,
    ).toEqual({ ok: true, models: ['gpt-4o'] });
  });

  it('saving a new address without a key drops the saved key (hasApiKey false), so it is never sent there', async () => {
    await saveModel(operator, { baseUrl: fake.url, apiKey: KEY });
    const moved = await saveModel(operator, { baseUrl: other.url });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ baseUrl: other.url, hasApiKey: false });
    const { rows } = await server.pool.query('SELECT api_key_encrypted FROM model_settings');
    expect(rows[0]).toEqual({ api_key_encrypted: null });
    // Saving the same address again without a key keeps a key entered with it.
    await saveModel(operator, { baseUrl: fake.url, apiKey: KEY });
    const same = await saveModel(operator, { baseUrl: fake.url });
    expect(same.body).toMatchObject({ baseUrl: fake.url, hasApiKey: true });
  });

  it("OPENAI_API_KEY locks the base URL too: the environment's key is never paired with an address from the browser", async () => {
    const keyed = await startTestServer({
      OPENAI_API_KEY: 'sk-from-the-environment',
      OPENAI_BASE_URL: fake.url,
    });
    const keyOnly = await startTestServer({ OPENAI_API_KEY: 'sk-from-the-environment' });
    try {
      const { client } = await operatorOf(keyed);
      const refused = await saveModel(client, { baseUrl: other.url });
      expect(refused.status).toBe(409);
      expect(refused.body.fields).toEqual({ baseUrl: 'Set by the environment' });
      const tested = await client.post('/api/settings/model/test', { baseUrl: other.url });
      expect(tested.body).toEqual({ ok: true, models: ['gpt-4o'] });
      expect(other.seen.at(-1)!.authorization ?? '').not.toContain('sk-from-the-environment');

      // With only the key set, the address is OpenAI's own, shown locked; a stored address is not used with it.
      const owner = (await operatorOf(keyOnly)).client;
      await keyOnly.pool.query(
        `INSERT INTO model_settings (id, base_url, models) VALUES (true, $1, '{gpt-4o}')`,
        [other.url],
      );
      const shown = await owner.get('/api/settings/model');
      expect(shown.body).toMatchObject({
        baseUrl: null,
        hasApiKey: true,
        locked: { baseUrl: true, apiKey: true, models: false },
      });
      const moved = await saveModel(owner, { baseUrl: other.url });
      expect(moved.status).toBe(409);
      expect(moved.body.fields).toEqual({ baseUrl: 'Set by the environment' });
      expect(
        effectiveLlm(
          keyOnly.config,
          await readModelSettings(keyOnly.pool, keyOnly.config.sessionSecret),
        ),
      ).toMatchObject({ apiKey: 'sk-from-the-environment', baseUrl: undefined });
    } finally {
      await keyed.close();
      await keyOnly.close();
    }
  });

  it('with OPENAI_BASE_URL set, a key stored for another address is not used (nor shown as there)', async () => {
    const envBased = await startTestServer({ OPENAI_BASE_URL: fake.url });
    try {
      const owner = (await operatorOf(envBased)).client;
      await envBased.pool.query(
        `INSERT INTO model_settings (id, base_url, api_key_encrypted, models) VALUES (true, $1, $2, '{gpt-4o}')`,
        [other.url, seal(KEY, envBased.config.sessionSecret, PURPOSE.modelApiKey)],
      );
      const shown = await owner.get('/api/settings/model');
      expect(shown.body).toMatchObject({ baseUrl: fake.url, hasApiKey: false });
      const { client } = await loggedInClient(envBased);
      await postStream(client, '/api/chat', buildSend('Whose key?'));
      expect(fake.requests.at(-1)?.authorization ?? '').not.toContain(KEY);
    } finally {
      await envBased.close();
    }
  });
});

describe("'Test' asks a server with care", () => {
  let server: TestServer;
  let operator: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    operator = (await operatorOf(server)).client;
  });
  afterAll(() => server?.close());

  it('a server that sends its headers and then drips its body is given up on after 5 seconds', async () => {
    const drip = await httpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data": [');
      const timer = setInterval(() => res.write(' '), 100);
      res.on('close', () => clearInterval(timer));
    });
    try {
      const started = Date.now();
      const res = await operator.post('/api/settings/model/test', { baseUrl: drip.url });
      expect(res.body).toEqual({
        ok: false,
        problem: 'unreachable',
        message: `Pitchpad could not reach ${drip.url} (no answer within 5 seconds).`,
      });
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      await drip.close();
    }
  });

  it('a redirect is not followed (the key stays), and an endless list is not read past 1 MB', async () => {
    const other = await recordingServer();
    const redirecting = await httpServer((_req, res) =>
      res.writeHead(302, { location: `${other.url}/models` }).end(),
    );
    const huge = await httpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: Array.from({ length: 40_000 }, (_, i) => ({
            id: `model-number-${i}`,
            object: 'model',
          })),
        }),
      );
    });
    try {
      const redirected = await operator.post('/api/settings/model/test', {
        baseUrl: redirecting.url,
        apiKey: KEY,
      });
      expect(redirected.body).toMatchObject({
        ok: false,
        problem: 'bad_response',
        message: expect.stringContaining('(302)'),
      });
      expect(other.seen).toHaveLength(0);
      const big = await operator.post('/api/settings/model/test', { baseUrl: huge.url });
      expect(big.body).toMatchObject({ ok: false, problem: 'bad_response' });
    } finally {
      await other.close();
      await redirecting.close();
      await huge.close();
    }
  });

  it('an address with a ?query or #fragment is refused (400)', async () => {
    for (const baseUrl of [
      'http://127.0.0.1:11434/v1?x=1',
      'http://127.0.0.1:11434/v1#models',
      'http://127.0.0.1:11434/v1?',
    ]) {
      expect((await operator.post('/api/settings/model/test', { baseUrl })).status, baseUrl).toBe(
        400,
      );
      expect((await saveModel(operator, { baseUrl })).status, baseUrl).toBe(400);
    }
  });
});

describe('what the server shows of OPENAI_BASE_URL, and its one operator', () => {
  it('Settings and Test show only the origin and path of OPENAI_BASE_URL, never a user name, password or query', async () => {
    const port = await closedPort();
    const keyed = await startTestServer({
      OPENAI_BASE_URL: `http://ops:hunter2-secret@127.0.0.1:${port}/v1?token=query-secret`,
    });
    try {
      const { client } = await operatorOf(keyed);
      const shown = await client.get('/api/settings/model');
      expect(shown.body.baseUrl).toBe(`http://127.0.0.1:${port}/v1`);
      const tested = await client.post('/api/settings/model/test', {});
      expect(tested.body).toEqual({
        ok: false,
        problem: 'unreachable',
        message: `Pitchpad could not reach http://127.0.0.1:${port}/v1 (connection refused).`,
      });
      // The screen sends the shown address back as it is: that is no change.
      const saved = await saveModel(client, { baseUrl: shown.body.baseUrl });
      expect(saved.status).toBe(200);
      for (const text of [shown.text, tested.text, saved.text])
        expect(text).not.toMatch(/hunter2|query-secret|ops@/);
    } finally {
      await keyed.close();
    }
  });

  it('the database holds at most one operator', async () => {
    const lone = await startTestServer();
    try {
      const { user } = await operatorOf(lone);
      const other = await loggedInClient(lone);
      await expect(
        lone.pool.query('UPDATE users SET is_operator = true WHERE id = $1', [other.user.id]),
      ).rejects.toThrow(/unique|duplicate/i);
      const { rows } = await lone.pool.query<{ id: number }>(
        'SELECT id FROM users WHERE is_operator',
      );
      expect(rows.map((r) => r.id)).toEqual([user.id]);
    } finally {
      await lone.close();
    }
  });
});

describe('environment variables win', () => {
  let server: TestServer;
  let fake: FakeOpenAI;
  let operator: TestClient;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startTestServer({ OPENAI_BASE_URL: fake.url, LLM_MODELS: 'gpt-4o,gpt-4o-mini' });
    operator = (await operatorOf(server)).client;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('fields the environment sets show as locked, and changing them is refused (409 set_by_environment naming the field)', async () => {
    const res = await operator.get('/api/settings/model');
    expect(res.body).toMatchObject({
      baseUrl: fake.url,
      hasApiKey: false,
      defaultModel: 'gpt-4o',
      models: ['gpt-4o', 'gpt-4o-mini'],
      connected: true,
      locked: { baseUrl: true, apiKey: false, models: true },
    });
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        {
          baseUrl: 'http://127.0.0.1:1/v1',
          defaultModel: 'gpt-4o',
          models: ['gpt-4o', 'gpt-4o-mini'],
        },
        'baseUrl',
      ],
      [{ defaultModel: 'llama3', models: ['llama3'] }, 'models'],
      [{ defaultModel: 'gpt-4o-mini', models: ['gpt-4o', 'gpt-4o-mini'] }, 'defaultModel'],
    ];
    for (const [body, field] of cases) {
      const refused = await operator.put('/api/settings/model', body);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe(SettingsErrorCode.setByEnvironment);
      expect(refused.body.fields).toEqual({ [field]: 'Set by the environment' });
    }
    // What the environment does not set can still be stored (the key), and the locked values sent back as shown are fine.
    const saved = await operator.put('/api/settings/model', {
      baseUrl: fake.url,
      apiKey: KEY,
      defaultModel: 'gpt-4o',
      models: ['gpt-4o', 'gpt-4o-mini'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      baseUrl: fake.url,
      hasApiKey: true,
      locked: { baseUrl: true, apiKey: false, models: true },
    });
    expect(saved.text).not.toContain(KEY);
  });

  it('a key set by the environment cannot be replaced or removed from the browser', async () => {
    const keyed = await startTestServer({ OPENAI_API_KEY: 'sk-from-the-environment' });
    try {
      const { client } = await operatorOf(keyed);
      const res = await client.get('/api/settings/model');
      expect(res.body).toMatchObject({
        hasApiKey: true,
        connected: true,
        locked: { baseUrl: true, apiKey: true, models: false },
      });
      expect(res.text).not.toContain('sk-from-the-environment');
      for (const apiKey of ['sk-other', null]) {
        const refused = await saveModel(client, { apiKey });
        expect(refused.status).toBe(409);
        expect(refused.body.fields).toEqual({ apiKey: 'Set by the environment' });
      }
    } finally {
      await keyed.close();
    }
  });
});

describe('several instances on one database', () => {
  it('a model connected through the settings on one instance answers the next chat on another, within seconds, without a restart', async () => {
    const fake = await startFakeOpenAI({ apiKey: KEY });
    const first = await startTestServer();
    const second = await startAnotherInstance(first);
    try {
      const operator = (await operatorOf(first)).client;
      const rep = await loggedInClient(second);
      expect((await new TestClient(second.url).get('/api/capabilities')).body).toEqual({
        modelConnected: false,
        passwordReset: true,
        speechConfigured: false,
        webSearch: false,
      });
      const before = await postStream(rep.client, '/api/chat', buildSend('Before the model'));
      expect(before.events.at(-1)).toMatchObject({
        event: 'done',
        data: { message: { model: 'offline-drafter' } },
      });

      const saved = await saveModel(operator, { baseUrl: fake.url, apiKey: KEY });
      expect(saved.status).toBe(200);
      const started = Date.now();
      await eventually(
        async () =>
          (await new TestClient(second.url).get('/api/capabilities')).body.modelConnected === true,
        10_000,
      );
      expect(Date.now() - started).toBeLessThan(6000);

      const after = await postStream(rep.client, '/api/chat', buildSend('After the model'));
      expect(after.events.at(-1)).toMatchObject({
        event: 'done',
        data: {
          message: { status: 'complete', model: 'gpt-4o', content: 'You said: After the model' },
        },
      });
      expect(fake.requests.at(-1)?.authorization).toBe(`Bearer ${KEY}`);
    } finally {
      await second.close();
      await first.close();
      await fake.close();
    }
  });
});

describe('a save landing in the middle of a send', () => {
  it('a send or regenerate reserved while no model was connected is answered by the offline drafter, not by the model saved before its call: no uncounted model call', async () => {
    const fake = await startFakeOpenAI({ apiKey: KEY });
    const base = await startTestServer();
    // The app under test reaches the database through a gate that can hold one statement back: the
    // statement each request makes after reserving its tokens and before asking the model.
    let armed: {
      matches: (sql: string) => boolean;
      reached: () => void;
      release: Promise<void>;
    } | null = null;
    const gated = new Proxy(base.pool, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (prop !== 'query') return typeof value === 'function' ? value.bind(target) : value;
        return async (...args: Parameters<typeof target.query>) => {
          const sql = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
          const gate = armed;
          if (gate?.matches(sql)) {
            armed = null;
            gate.reached();
            await gate.release;
          }
          return (target.query as (...a: unknown[]) => unknown)(...args);
        };
      },
    });
    const holdAt = (matches: (sql: string) => boolean) => {
      let release!: () => void;
      const reached = new Promise<void>((resolve) => {
        armed = { matches, reached: resolve, release: new Promise((done) => (release = done)) };
      });
      return { reached, release: () => release() };
    };
    const app = await listen(createApp({ config: base.config, pool: gated }));
    try {
      const operator = (await operatorOf(base)).client.at(app.url);
      const { user, client } = await loggedInClient(base);
      const rep = client.at(app.url);
      const connect = (baseUrl: string | null) =>
        saveModel(operator, { baseUrl, ...(baseUrl ? { apiKey: KEY } : {}) });
      const counted = async () => {
        const { rows } = await base.pool.query<{ tokens: string }>(
          'SELECT tokens FROM token_usage WHERE payer = $1',
          [`user:${user.id}`],
        );
        return Number(rows[0]?.tokens ?? 0);
      };

      // The send reserves nothing (no model), then the operator connects one before its call.
      const sendHeld = holdAt((sql) => sql.includes('INSERT INTO chats'));
      const send = buildSend('Between the two');
      const sending = postStream(rep, '/api/chat', send);
      await sendHeld.reached;
      expect((await connect(fake.url)).body).toMatchObject({ connected: true });
      sendHeld.release();
      const sent = (await sending).events.at(-1)!;
      expect(sent.event).toBe('done');
      expect(sent.data.message.model).toBe('offline-drafter');
      expect(sent.data.message.content).not.toContain('You said');
      expect(fake.requests).toHaveLength(0);
      expect(await counted()).toBe(0);

      // The same for a regenerate of that reply, once the model is gone and comes back meanwhile.
      expect((await connect(null)).body).toMatchObject({ connected: false });
      const regenerateHeld = holdAt((sql) => sql.includes('WITH restarted AS'));
      const regenerating = postStream(rep, `/api/chats/${send.chatId}/regenerate`, {});
      await regenerateHeld.reached;
      expect((await connect(fake.url)).body).toMatchObject({ connected: true });
      regenerateHeld.release();
      const regenerated = (await regenerating).events.at(-1)!;
      expect(regenerated.event).toBe('done');
      expect(regenerated.data.message.model).toBe('offline-drafter');
      expect(fake.requests).toHaveLength(0);
      expect(await counted()).toBe(0);

      // The next send is the model's, and counted.
      const after = await postStream(rep, '/api/chat', buildSend('After the save'));
      expect(after.events.at(-1)!.data.message.content).toBe('You said: After the save');
      expect(fake.requests).toHaveLength(1);
      expect(await counted()).toBeGreaterThan(0);
    } finally {
      await app.close();
      await base.close();
      await fake.close();
    }
  });
});

describe('a key stored before the server made its own secret', () => {
  it('a key sealed under the development secret is still used after the upgrade, and sealed again under the new secret', async () => {
    const fake = await startFakeOpenAI({ apiKey: KEY });
    // Before: the quick start sealed what the operator saved under the secret written in the source.
    const before = await startTestServer();
    const dataDir = mkdtempSync(join(tmpdir(), 'pitchpad-upgrade-'));
    let after: { url: string; close(): Promise<void> } | undefined;
    try {
      expect(before.config.sessionSecret).toBe(DEV_SESSION_SECRET);
      const operator = (await operatorOf(before)).client;
      const saved = await saveModel(operator, { baseUrl: fake.url, apiKey: KEY });
      expect(saved.status).toBe(200);
      const sealedBefore = await sealedKey(before);
      expect(unseal(sealedBefore.sealed, DEV_SESSION_SECRET, PURPOSE.modelApiKey)).toBe(KEY);

      // After: the same database, the server now with a secret of its own in DATA_DIR.
      const { config } = await withSessionSecret({ ...before.config, dataDir });
      after = await listen(
        createApp({ config: { ...config, dataDir: IN_MEMORY }, pool: before.pool }),
      );
      const settings = await operator.at(after.url).get('/api/settings/model');
      expect(settings.body).toMatchObject({ hasApiKey: true, connected: true });
      expect(settings.body.apiKeyUnreadable).toBeUndefined();
      const rep = await loggedInClient(before);
      const { events } = await postStream(
        rep.client.at(after.url),
        '/api/chat',
        buildSend('After the upgrade'),
      );
      expect(events.at(-1)).toMatchObject({
        event: 'done',
        data: { message: { status: 'complete', content: 'You said: After the upgrade' } },
      });
      expect(fake.requests.at(-1)?.authorization).toBe(`Bearer ${KEY}`);

      // The database now holds it sealed under the new secret only; the settings did not change.
      const sealedAfter = await sealedKey(before);
      expect(sealedAfter.version).toBe(sealedBefore.version);
      expect(unseal(sealedAfter.sealed, config.sessionSecret, PURPOSE.modelApiKey)).toBe(KEY);
      expect(unseal(sealedAfter.sealed, DEV_SESSION_SECRET, PURPOSE.modelApiKey)).toBeNull();
    } finally {
      await after?.close();
      await before.close();
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** The model key as the database holds it, and the settings' version. */
async function sealedKey(server: TestServer) {
  const { rows } = await server.pool.query<{ sealed: string; version: string }>(
    'SELECT api_key_encrypted AS sealed, updated_at::text AS version FROM model_settings',
  );
  return rows[0]!;
}

/** An app listening on a loopback port of its own. */
async function listen(app: ReturnType<typeof createApp>) {
  const http = await new Promise<HttpServer>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => (http.closeAllConnections(), http.close(() => resolve()))),
  };
}

describe('the key box', () => {
  it('seals with a fresh IV each time, opens only with the same secret and purpose, and refuses anything altered', async () => {
    const secret = 'a-session-secret-of-at-least-thirty-two-chars';
    const a = seal(KEY, secret, PURPOSE.modelApiKey);
    const b = seal(KEY, secret, PURPOSE.modelApiKey);
    expect(a).not.toBe(b);
    expect(a.startsWith('v1:')).toBe(true);
    expect(unseal(a, secret, PURPOSE.modelApiKey)).toBe(KEY);
    expect(unseal(a, secret, PURPOSE.setupToken)).toBeNull();
    const [v, iv, tag, body] = a.split(':');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(
      unseal([v, iv, tag, flipped.toString('base64url')].join(':'), secret, PURPOSE.modelApiKey),
    ).toBeNull();
    expect(unseal('plain-text', secret, PURPOSE.modelApiKey)).toBeNull();
  });

  it('opens only a full 16-byte tag and a 12-byte IV', async () => {
    const secret = 'a-session-secret-of-at-least-thirty-two-chars';
    const [v, iv, tag, body] = seal(KEY, secret, PURPOSE.modelApiKey).split(':');
    // GCM's tag cut short still matches unless the length is fixed: a 4-byte tag is far easier to forge.
    const shortTag = Buffer.from(tag!, 'base64url').subarray(0, 4).toString('base64url');
    expect(unseal([v, iv, shortTag, body].join(':'), secret, PURPOSE.modelApiKey)).toBeNull();
    // The same key under a 16-byte IV: not the format, refused.
    const key = Buffer.from(hkdfSync('sha256', secret, '', `pitchpad ${PURPOSE.modelApiKey}`, 32));
    const longIv = randomBytes(16);
    const cipher = createCipheriv('aes-256-gcm', key, longIv);
    const sealed = Buffer.concat([cipher.update(KEY, 'utf8'), cipher.final()]);
    expect(
      unseal(
        [
          'v1',
          longIv.toString('base64url'),
          cipher.getAuthTag().toString('base64url'),
          sealed.toString('base64url'),
        ].join(':'),
        secret,
        PURPOSE.modelApiKey,
      ),
    ).toBeNull();
  });
});
