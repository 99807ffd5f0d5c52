import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './log';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the logger', () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes a turn's plain lines to stdout together, in one write, in order", async () => {
    const writes: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (writes.push(String(chunk)), true));
    const log = createLogger('info');
    log.info('GET /api/chats 200 1.2ms');
    log.debug('not at this level');
    log.info('GET /api/workflows 200 0.9ms');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^\S+Z INFO  GET \/api\/chats 200 1\.2ms\n\S+Z INFO  GET \/api\/workflows 200 0\.9ms\n$/);
  });

  it('a warning goes out at once, after the lines that were waiting', async () => {
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (out.push(`stdout: ${String(chunk)}`), true));
    vi.spyOn(console, 'error').mockImplementation((line: string) => void out.push(`stderr: ${line}`));
    const log = createLogger('info');
    log.info('POST /api/chat 200 3.0ms');
    log.warn('model gpt-4o answered JSON that does not fit the schema');
    expect(out).toEqual([expect.stringMatching(/^stdout: \S+Z INFO  POST \/api\/chat 200 3\.0ms\n$/), expect.stringMatching(/^stderr: \S+Z WARN  model gpt-4o answered/)]);
    await nextTurn();
    expect(out).toHaveLength(2);
  });

  it('a line with details is written at once, with them', () => {
    const logged: unknown[][] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void logged.push(args));
    createLogger('debug').info('stripe webhook', { type: 'checkout.session.completed' });
    expect(logged).toEqual([[expect.stringMatching(/INFO  stripe webhook$/), { type: 'checkout.session.completed' }]]);
  });

  it('a line still waiting when the process exits is written', () => {
    const script = "import { createLogger } from './api/log.ts'; createLogger('info').info('GET /api/health 200 0.4ms'); process.exit(0);";
    const stdout = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(stdout).toMatch(/^\S+Z INFO  GET \/api\/health 200 0\.4ms\n$/);
  });
});
