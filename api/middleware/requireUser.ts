import type { Middleware } from 'koa';
import { SettingsErrorCode } from '../../domain/contract/settings';
import { Forbidden, Unauthorized } from '../errors';
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

/** 401 without a session, 403 for anyone but the operator (the server's settings are theirs). */
export function requireOperator(): Middleware<AppState, AppDeps> {
  return async (ctx, next) => {
    if (!ctx.state.user) throw Unauthorized();
    if (!ctx.state.user.is_operator)
      throw Forbidden(
        SettingsErrorCode.operatorOnly,
        'Only the operator of this Pitchpad server can change its settings.',
      );
    await next();
  };
}
