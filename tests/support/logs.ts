import { Writable } from 'node:stream';
import { createLogger, type LogLevel, type Logger } from '../../api/log';

export interface CapturedLog {
  /** The app's real logger (pino, JSON lines as in production), writing into `text`. */
  log: Logger;
  /** Everything written so far, exactly as it would reach stdout. */
  readonly text: string;
  /** Each line parsed. */
  entries(): Array<Record<string, unknown> & { level: number; msg: string }>;
}

/** A logger whose output a test reads: pino writes to a stream of ours instead of stdout. */
export function captureLog(level: LogLevel = 'debug'): CapturedLog {
  let text = '';
  const destination = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return {
    log: createLogger({ level, pretty: false, destination }),
    get text() {
      return text;
    },
    entries: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map(
          (line) => JSON.parse(line) as Record<string, unknown> & { level: number; msg: string },
        ),
  };
}
