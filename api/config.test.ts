import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, modelInUse } from './config';

describe('loadConfig', () => {
  it('runs with no variables at all: port 8080 on loopback, embedded database, offline drafter', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: '.data',
      appUrl: 'http://127.0.0.1:8080',
    });
    expect(config.llm.models).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(modelInUse(config)).toBe('Offline drafter');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ APP_URL: 'not a url' }, 'APP_URL'],
    [{ LLM_TIMEOUT_MS: '-5' }, 'LLM_TIMEOUT_MS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ TRUST_PROXY_HOPS: '0' }, 'TRUST_PROXY_HOPS'],
    [{ TRUST_PROXY_HOPS: 'two' }, 'TRUST_PROXY_HOPS'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
  ])('stops on a bad value, naming the variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment:\\n  ${name}: `));
  });

  it('bounds a model call at 24,000 tokens and allows 100,000 tokens a day free, 1,000,000 Pro and 50,000 per guest address, unless told otherwise', () => {
    expect(loadConfig({}).llm).toMatchObject({
      maxContextTokens: 24_000,
      dailyTokens: { free: 100_000, pro: 1_000_000, guest: 50_000 },
    });
    const set = loadConfig({
      LLM_MAX_CONTEXT_TOKENS: '8000',
      LLM_DAILY_TOKENS_FREE: '5000',
      LLM_DAILY_TOKENS_PRO: 'off',
      LLM_DAILY_TOKENS_GUEST: '0',
    });
    expect(set.llm).toMatchObject({
      maxContextTokens: 8000,
      dailyTokens: { free: 5000, pro: null, guest: null },
    });
  });

  it.each([
    [{ LLM_MAX_CONTEXT_TOKENS: 'lots' }, 'LLM_MAX_CONTEXT_TOKENS'],
    [{ LLM_MAX_CONTEXT_TOKENS: '500' }, 'LLM_MAX_CONTEXT_TOKENS'],
    [{ LLM_DAILY_TOKENS_FREE: '-5' }, 'LLM_DAILY_TOKENS_FREE'],
    [{ LLM_DAILY_TOKENS_PRO: 'unlimited' }, 'LLM_DAILY_TOKENS_PRO'],
    [{ LLM_DAILY_TOKENS_GUEST: '1.5' }, 'LLM_DAILY_TOKENS_GUEST'],
  ])('stops on a bad context bound or daily allowance, naming the variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment:\\n  ${name}: `));
  });

  it('voice debrief: transcribes with whisper-1 for up to 120 s, 100 MB a rep a day, recordings of 10 minutes and 25 MB, unless told otherwise', () => {
    expect(loadConfig({}).transcribe).toEqual({
      baseUrl: undefined,
      apiKey: undefined,
      model: 'whisper-1',
      fromEnv: { baseUrl: false, apiKey: false, model: false },
      timeoutMs: 120_000,
      dailyBytes: 100_000_000,
      maxBytes: 25_000_000,
      maxSeconds: 600,
    });
    expect(
      loadConfig({
        TRANSCRIBE_BASE_URL: 'http://127.0.0.1:8000/v1/',
        TRANSCRIBE_MODEL: 'Systran/faster-whisper-small',
        TRANSCRIBE_API_KEY: ' sk-speech ',
        TRANSCRIBE_TIMEOUT_S: '30',
        TRANSCRIBE_DAILY_MB: 'off',
        DEBRIEF_MAX_MINUTES: '60',
      }).transcribe,
    ).toMatchObject({
      baseUrl: 'http://127.0.0.1:8000/v1',
      apiKey: 'sk-speech',
      model: 'Systran/faster-whisper-small',
      fromEnv: { baseUrl: true, apiKey: true, model: true },
      timeoutMs: 30_000,
      dailyBytes: null,
      maxSeconds: 3600,
    });
    // Copied .env.example lines left empty count as unset.
    expect(
      loadConfig({ TRANSCRIBE_BASE_URL: '', TRANSCRIBE_DAILY_MB: '' }).transcribe,
    ).toMatchObject({ baseUrl: undefined, dailyBytes: 100_000_000 });
  });

  it.each([
    [{ TRANSCRIBE_BASE_URL: 'ftp://speech.example.com' }, 'TRANSCRIBE_BASE_URL'],
    [{ TRANSCRIBE_MODEL: 'whisper one' }, 'TRANSCRIBE_MODEL'],
    [{ TRANSCRIBE_TIMEOUT_S: '0' }, 'TRANSCRIBE_TIMEOUT_S'],
    [{ TRANSCRIBE_DAILY_MB: 'lots' }, 'TRANSCRIBE_DAILY_MB'],
    [{ DEBRIEF_MAX_MINUTES: '61' }, 'DEBRIEF_MAX_MINUTES'],
    [{ DEBRIEF_MAX_MINUTES: '2.5' }, 'DEBRIEF_MAX_MINUTES'],
  ])('voice debrief: stops on a bad speech setting, naming the variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment:\\n  ${name}: `));
  });

  it('reads SMTP_URL and MAIL_FROM; an empty SMTP_URL counts as unset, and the sender defaults to the host of APP_URL', () => {
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465', MAIL_FROM: 'Team <t@x.io>' }).mail,
    ).toEqual({ smtpUrl: 'smtps://u:p@smtp.example.com:465', from: 'Team <t@x.io>' });
    expect(loadConfig({ SMTP_URL: '', APP_URL: 'https://pitchpad.example.com' }).mail).toEqual({
      smtpUrl: undefined,
      from: 'Pitchpad <no-reply@pitchpad.example.com>',
    });
  });

  it('requires SESSION_SECRET and APP_URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET: required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).toThrow(
      /APP_URL: required in production/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      APP_URL: 'https://pitchpad.example.com/',
    });
    expect(config.appUrl).toBe('https://pitchpad.example.com');
    expect(config.trustProxy).toBe(true);
  });

  it('refuses FETCH_ALLOW_LOOPBACK in production, saying it is only for tests', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      APP_URL: 'https://pitchpad.example.com',
    };
    for (const FETCH_ALLOW_LOOPBACK of ['true', '1']) {
      const load = () => loadConfig({ ...production, FETCH_ALLOW_LOOPBACK });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(
        'Invalid environment:\n  FETCH_ALLOW_LOOPBACK: only for tests; a production server never fetches its own machine for a user',
      );
    }
    expect(loadConfig({ ...production, FETCH_ALLOW_LOOPBACK: 'false' }).userFetch).toEqual({
      allowHttp: false,
      allowLoopback: false,
    });
    expect(loadConfig({ FETCH_ALLOW_LOOPBACK: 'true' }).userFetch.allowLoopback).toBe(true);
  });

  it('trusts one proxy hop by default, or as many as TRUST_PROXY_HOPS says', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' })).toMatchObject({ trustProxy: true, proxyHops: 1 });
    expect(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' })).toMatchObject({
      trustProxy: true,
      proxyHops: 2,
    });
  });

  it('an empty OPENAI_BASE_URL counts as unset (a copied .env.example line), as an empty LLM_MODELS does', () => {
    const config = loadConfig({ OPENAI_BASE_URL: '', LLM_MODELS: '' });
    expect(config.llm).toMatchObject({
      baseUrl: undefined,
      fromEnv: { apiKey: false, baseUrl: false, models: false },
    });
    expect(loadConfig({ OPENAI_BASE_URL: '  ' }).llm.baseUrl).toBeUndefined();
    expect(loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/' }).llm).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434/v1',
      fromEnv: { baseUrl: true },
    });
    expect(() => loadConfig({ OPENAI_BASE_URL: 'not a url' })).toThrow(
      /^Invalid environment:\n  OPENAI_BASE_URL: /,
    );
  });

  it('names the first configured model once a model server is set', () => {
    expect(modelInUse(loadConfig({ OPENAI_API_KEY: 'sk-test', LLM_MODELS: 'llama3, qwen' }))).toBe(
      'llama3',
    );
  });
});
