import { writeSync } from 'node:fs';

/** A small levelled logger: one line per event, to stdout/stderr. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, extra?: unknown): void;
  info(msg: string, extra?: unknown): void;
  warn(msg: string, extra?: unknown): void;
  error(msg: string, extra?: unknown): void;
}

/**
 * Plain info and debug lines (a request's line, one per API request) wait for the end of the
 * event loop's turn and go out together in one write: a write to stdout is a system call, and
 * one per request was a tenth of the server's CPU under load (tests/bench/overhead.bench.ts).
 * Anything else (a warning, an error, a line with details) first writes what waits, then
 * itself at once, so the order holds; so does an exit, so no line is lost.
 */
let waiting = '';
let flushScheduled = false;

function flush(): void {
  flushScheduled = false;
  if (!waiting) return;
  const text = waiting;
  waiting = '';
  process.stdout.write(text);
}

process.once('exit', () => {
  if (waiting) writeSync(1, waiting);
  waiting = '';
});

export function createLogger(level: LogLevel): Logger {
  const at = ORDER[level];
  const emit = (lvl: Exclude<LogLevel, 'silent'>, msg: string, extra?: unknown) => {
    if (ORDER[lvl] < at) return;
    const line = `${new Date().toISOString()} ${lvl.toUpperCase().padEnd(5)} ${msg}`;
    if ((lvl === 'info' || lvl === 'debug') && extra === undefined) {
      waiting += `${line}\n`;
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
      return;
    }
    flush();
    const out = lvl === 'error' || lvl === 'warn' ? console.error : console.log;
    if (extra === undefined) out(line);
    else out(line, extra);
  };
  return {
    debug: (m, e) => emit('debug', m, e),
    info: (m, e) => emit('info', m, e),
    warn: (m, e) => emit('warn', m, e),
    error: (m, e) => emit('error', m, e),
  };
}
