import type { Middleware } from 'koa';
import type { AppDeps, AppState } from '../context';

/** One line per API request: method, path, status, time. Static files are logged at debug. */
export function requestLog(): Middleware<AppState, AppDeps> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = (performance.now() - started).toFixed(1);
      const line = `${ctx.method} ${ctx.path} ${ctx.status} ${ms}ms`;
      if (ctx.path.startsWith('/api/')) ctx.log.info(line);
      else ctx.log.debug(line);
    }
  };
}
