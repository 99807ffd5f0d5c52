import type { Middleware } from 'koa';
import { Unauthorized } from '../errors';
import type { AppDeps, AppState } from '../context';
import type { SessionUser } from '../auth/lucia';

/** 401 unless a user is logged in. */
export function requireUser(): Middleware<AppState, AppDeps> {
  return async (ctx, next) => {
    if (!ctx.state.user) throw Unauthorized();
    await next();
  };
}

/** The logged-in user of a route behind `requireUser`. */
export function userOf(ctx: { state: AppState }): SessionUser {
  if (!ctx.state.user) throw Unauthorized();
  return ctx.state.user;
}
