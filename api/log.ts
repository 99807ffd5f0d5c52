/** A small levelled logger: one line per event, to stdout/stderr. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, extra?: unknown): void;
  info(msg: string, extra?: unknown): void;
  warn(msg: string, extra?: unknown): void;
  error(msg: string, extra?: unknown): void;
}

export function createLogger(level: LogLevel): Logger {
  const at = ORDER[level];
  const emit = (lvl: Exclude<LogLevel, 'silent'>, msg: string, extra?: unknown) => {
    if (ORDER[lvl] < at) return;
    const line = `${new Date().toISOString()} ${lvl.toUpperCase().padEnd(5)} ${msg}`;
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
