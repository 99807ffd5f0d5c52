import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, modelInUse } from './config';

describe('loadConfig', () => {
  it('runs with no variables at all: port 8080 on loopback, embedded database, offline drafter', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: undefined, dataDir: '.data', appUrl: 'http://127.0.0.1:8080' });
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
  ])('stops on a bad value, naming the variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment:\\n  ${name}: `));
  });

  it('requires SESSION_SECRET and APP_URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).toThrow(/APP_URL: required in production/);
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), APP_URL: 'https://pitchpad.example.com/' });
    expect(config.appUrl).toBe('https://pitchpad.example.com');
    expect(config.trustProxy).toBe(true);
  });

  it('security: 1. trusts one proxy hop by default, or as many as TRUST_PROXY_HOPS says', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' })).toMatchObject({ trustProxy: true, proxyHops: 1 });
    expect(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' })).toMatchObject({ trustProxy: true, proxyHops: 2 });
  });

  it('names the first configured model once a model server is set', () => {
    expect(modelInUse(loadConfig({ OPENAI_API_KEY: 'sk-test', LLM_MODELS: 'llama3, qwen' }))).toBe('llama3');
  });
});
