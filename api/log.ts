// The server's log, through pino. Production writes one JSON object a line, which log collectors
// read and in which a newline or an escape sequence inside a message (a path, a model id a server
// sent) is only ever an escaped character, so no text can forge or colour a line. Elsewhere (`npm
// start` with NODE_ENV unset, `npm run dev`) the same lines are printed for a person through
// pino-pretty, with control characters in a message escaped the same way.
import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import pretty from 'pino-pretty';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** Every line is `log.info('text')` (pino's API: `log.warn({ err }, 'text')` adds fields). */
export type Logger = PinoLogger;

export interface LoggerOptions {
  level: LogLevel;
  /** Lines for a person (pino-pretty) rather than JSON: everywhere but production. */
  pretty: boolean;
  /** Where lines go; stdout by default. Tests pass a stream of their own to read what was logged. */
  destination?: DestinationStream;
}

/**
 * A logger writing to stdout. JSON lines go through an asynchronous sonic-boom: while one write is
 * on its way the next lines gather behind it, so a busy server makes few system calls, and an idle
 * one writes each line at once. pino flushes it synchronously when the process exits, so a warning
 * or error logged just before `process.exit` is not lost. Pretty lines are written synchronously.
 */
export function createLogger({ level, pretty: forPeople, destination }: LoggerOptions): Logger {
  const options = { level };
  if (forPeople) {
    return pino(
      options,
      pretty({
        destination: destination ?? 1,
        sync: true,
        translateTime: 'HH:MM:ss.l',
        ignore: 'pid,hostname,req,res,responseTime',
        messageFormat: (line, messageKey) => escapeControl(String(line[messageKey] ?? '')),
      }),
    );
  }
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}

/** The configured logger of a running server: JSON in production, pretty elsewhere. */
export function loggerFor(config: { logLevel: LogLevel; isProduction: boolean }): Logger {
  return createLogger({ level: config.logLevel, pretty: !config.isProduction });
}

// C0 and C1 control characters, DEL, and the Unicode line and paragraph separators.
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;

/** `text` with every control character written as `\uXXXX`: one line, no terminal escapes. */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
