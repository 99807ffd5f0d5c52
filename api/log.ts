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
  /** Where every line goes. Tests pass a stream of their own to read what was logged. */
  destination?: DestinationStream;
}

/** Lines for a person: `[09:41:07.123] INFO: GET /api/chats 200 3.1ms`, written synchronously. */
function prettyTo(destination: number | DestinationStream) {
  return pretty({
    destination,
    sync: true,
    translateTime: 'HH:MM:ss.l',
    ignore: 'pid,hostname,req,res,responseTime',
    messageFormat: (line, messageKey) => escapeControl(String(line[messageKey] ?? '')),
  });
}

/**
 * A logger: debug and info lines to stdout, warnings and errors to stderr (each line to one of
 * them), or everything to `destination`. Stdout is an asynchronous sonic-boom: while one write is
 * on its way the next lines gather behind it, so a busy server makes few system calls, and an idle
 * one writes each line at once; pino flushes it synchronously when the process exits. Warnings and
 * errors, and all pretty lines, are written synchronously, so none is lost to a `process.exit`.
 */
/**
 * pino's error serializer, less what Postgres quotes from the row: a constraint error's `detail`
 * ("Key (email)=(ada@example.com) already exists"), `where` and `hint` hold what a user typed.
 */
function serializeError(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (out && typeof out === 'object')
    for (const key of ['detail', 'where', 'hint', 'parameters']) delete out[key];
  return out;
}

export function createLogger({ level, pretty: forPeople, destination }: LoggerOptions): Logger {
  // A model API key is never logged on purpose; should an object carrying one be logged by mistake,
  // its value is censored (such as the key stored in Settings → Model).
  const redact = {
    paths: [
      'apiKey',
      '*.apiKey',
      'api_key',
      '*.api_key',
      'api_key_encrypted',
      '*.api_key_encrypted',
    ],
    censor: '[redacted]',
  };
  const options = { level, serializers: { err: serializeError }, redact };
  if (destination) return pino(options, forPeople ? prettyTo(destination) : destination);
  const out = forPeople ? prettyTo(1) : pino.destination({ dest: 1, sync: false });
  const err = forPeople ? prettyTo(2) : pino.destination({ dest: 2, sync: true });
  return pino(
    options,
    pino.multistream(
      [
        { level: 'trace', stream: out },
        { level: 'warn', stream: err },
      ],
      { dedupe: true },
    ),
  );
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
