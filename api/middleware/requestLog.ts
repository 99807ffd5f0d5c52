import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import { pinoHttp } from 'pino-http';
import type { AppDeps, AppState } from '../context';
import type { Logger } from '../log';

/** The path without its query string: a query may carry an id or a token that is not the log's. */
function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** When each request began (pino-http's own time is whole milliseconds; most answers take less). */
const started = new WeakMap<ServerResponse, number>();
const took = new WeakMap<ServerResponse, number>();

/** The request's time in ms, to a tenth, measured once so the message and the field agree. */
function msSince(res: ServerResponse): number {
  let ms = took.get(res);
  if (ms === undefined) {
    ms = Math.round((performance.now() - (started.get(res) ?? performance.now())) * 10) / 10;
    took.set(res, ms);
  }
  return ms;
}

function requestLine(req: IncomingMessage, res: ServerResponse): string {
  return `${req.method} ${pathOf(req)} ${res.statusCode} ${msSince(res).toFixed(1)}ms`;
}

/** The line's fields: the method and path come from the `req` serializer below. */
const fields = (_req: IncomingMessage, res: ServerResponse) => ({
  res,
  responseTime: msSince(res),
});

/**
 * One line per request, written when the answer is finished (pino-http): method, path, status and
 * time in ms, as the message and as fields. Nothing else of the request or the answer: no headers
 * (cookies, the CSRF token, Authorization, Set-Cookie), no query string, no body. API requests are
 * logged at info, the PWA's static files at debug.
 */
export function requestLog(log: Logger): Middleware<AppState, AppDeps> {
  const logRequest = pinoHttp<IncomingMessage, ServerResponse>({
    logger: log,
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage) => ({ method: req.method, path: pathOf(req) }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (req) => (pathOf(req).startsWith('/api/') ? 'info' : 'debug'),
    customSuccessMessage: requestLine,
    customSuccessObject: fields,
    // A 5xx's details are logged by errorHandler; here it is one more request line.
    customErrorMessage: requestLine,
    customErrorObject: fields,
  });
  return (ctx, next) => {
    started.set(ctx.res, performance.now());
    logRequest(ctx.req, ctx.res);
    return next();
  };
}
