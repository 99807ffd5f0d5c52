import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { ErrorCode, type ApiErrorBody } from '../../domain/contract/errors';
import { AppError, formatZodIssues } from '../errors';
import type { AppDeps, AppState } from '../context';

/** Postgres SQLSTATEs that are the caller's fault or a passing condition, not a server bug. */
function fromPostgres(err: { code?: unknown; constraint?: unknown }): AppError | undefined {
  if (typeof err.code !== 'string' || !/^[0-9A-Z]{5}$/.test(err.code)) return undefined;
  switch (err.code) {
    case '23505':
      return new AppError(409, ErrorCode.conflict, 'That already exists');
    case '23503':
      return new AppError(409, ErrorCode.conflict, 'That refers to something that does not exist');
    // Text the database's encoding cannot hold (a NUL, a stray surrogate) that slipped past validate.
    case '22021':
    case '22P05':
      return new AppError(
        400,
        ErrorCode.invalidRequest,
        'The request holds text that is not valid (a NUL character or a broken character)',
      );
    case '22P02':
    case '22001':
    case '22003':
    case '23502':
    case '23514':
      return new AppError(
        400,
        ErrorCode.invalidRequest,
        'The request holds a value the database cannot store',
      );
    case '40001':
    case '40P01':
    case '57014':
    case '53300':
      return new AppError(503, ErrorCode.unavailable, 'The server is busy. Please try again.');
    default:
      return err.code.startsWith('08')
        ? new AppError(503, ErrorCode.unavailable, 'The database is unavailable')
        : undefined;
  }
}

/** Koa's own HTTP errors (bad JSON, body too large) carry `status` and `expose`. */
function fromHttpError(err: {
  status?: unknown;
  expose?: unknown;
  message?: unknown;
}): AppError | undefined {
  if (typeof err.status !== 'number' || err.status < 400 || err.status >= 500) return undefined;
  const message = err.expose && typeof err.message === 'string' ? err.message : 'Bad request';
  const code = err.status === 404 ? ErrorCode.notFound : ErrorCode.invalidRequest;
  return new AppError(err.status, code, message);
}

/**
 * First in the chain: turns every thrown error into `{code, message}`. 4xx messages are for the
 * user; a 5xx answers with a generic message and its details go to the log only.
 */
export function errorHandler(): Middleware<AppState, AppDeps> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      const err = thrown as Error & { code?: unknown; status?: unknown; expose?: unknown };
      const known =
        err instanceof AppError
          ? err
          : err instanceof ZodError
            ? new AppError(400, ErrorCode.invalidRequest, formatZodIssues(err.issues))
            : (fromPostgres(err) ?? fromHttpError(err));
      if (known && known.status < 500) {
        ctx.status = known.status;
        ctx.set(known.headers);
        ctx.body = known.toBody();
        return;
      }
      ctx.log.error({ err }, `${ctx.method} ${ctx.path} failed`);
      const body: ApiErrorBody = known?.toBody() ?? {
        code: ErrorCode.internal,
        message: 'Something went wrong. Please try again.',
      };
      ctx.status = known?.status ?? 500;
      // A known 503 says when to come back (Retry-After), as a 4xx does.
      if (known) ctx.set(known.headers);
      ctx.body = body;
    }
  };
}
