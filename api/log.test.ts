import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { captureLog } from '../tests/support/logs';

/** Runs `body` in a fresh Node process with `log` = loggerFor(config); returns what it printed. */
function runLogging(isProduction: boolean, body: string): { stdout: string; stderr: string } {
  const script = `import { loggerFor } from './api/log.ts'; const log = loggerFor({ logLevel: 'info', isProduction: ${isProduction} }); ${body}`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
}

describe('the logger', () => {
  it('writes one JSON object a line, at the configured level and above', () => {
    const { log, entries } = captureLog('info');
    log.debug('not at this level');
    log.info('GET /api/chats 200 1.2ms');
    log.warn({ err: new Error('boom') }, 'sweeping expired rows failed');
    expect(entries()).toMatchObject([
      { level: 30, msg: 'GET /api/chats 200 1.2ms' },
      { level: 40, msg: 'sweeping expired rows failed', err: { type: 'Error', message: 'boom' } },
    ]);
  });

  it("an error's Postgres detail (the row's values a user typed) stays out of the log; its message and stack are kept", () => {
    const { log, entries } = captureLog('info');
    const err = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_key"'),
      {
        code: '23505',
        detail: 'Key (email)=(ada@example.com) already exists.',
        where: 'SQL statement',
        hint: 'ada',
      },
    );
    log.error({ err }, 'POST /api/auth/register failed');
    const line = entries()[0] as unknown as { err: Record<string, unknown> } | undefined;
    expect(line!.err).toMatchObject({ message: err.message, code: '23505' });
    expect(line!.err.stack).toContain('duplicate key');
    expect(JSON.stringify(line)).not.toContain('ada@example.com');
    expect(line!.err).not.toHaveProperty('hint');
  });

  it('a newline or an escape sequence in a message stays inside its line, escaped', () => {
    const captured = captureLog('info');
    captured.log.warn('model "evil\n{"level":50,"msg":"forged"}\u001b[2J"');
    expect(captured.text.split('\n')).toHaveLength(2);
    expect(captured.text).not.toContain('\u001b');
    expect(captured.entries()[0]!.msg).toBe('model "evil\n{"level":50,"msg":"forged"}\u001b[2J"');
  });

  it('in production, lines logged just before the process exits are all written: info to stdout, the warning to stderr', () => {
    const { stdout, stderr } = runLogging(
      true,
      "for (let i = 0; i < 2000; i++) log.info('GET /api/health 200 0.4ms'); log.warn('last words'); process.exit(1);",
    );
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines).toHaveLength(2000);
    expect(lines.every((line) => line.level === 30)).toBe(true);
    expect(JSON.parse(stderr)).toMatchObject({ level: 40, msg: 'last words' });
  });

  it('outside production, lines are for a person: time, level, message, with control characters escaped', () => {
    const { stdout, stderr } = runLogging(
      false,
      "log.info('Pitchpad is running at http://127.0.0.1:8080'); log.warn('model \"a\\nb\\u001b[31m\"'); process.exit(0);",
    );
    expect(stdout).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Pitchpad is running at http:\/\/127\.0\.0\.1:8080\n$/,
    );
    expect(stderr).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: model "a\\u000ab\\u001b\[31m"\n$/);
  });
});
