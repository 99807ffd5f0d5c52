import { ErrorCode } from '../../domain/contract/errors';
import type { Middleware } from 'koa';
import type { AppDeps, AppState } from '../context';
import { Forbidden } from '../errors';
import type { SessionUser } from '../auth/lucia';

/**
 * The one Pro gate, checked on the server so no client can skip it: the guided flows, the GTM plan
 * and the competitor analysis need Pro (a subscription, the operator's grant, or a server without
 * payments open to every account); everyone else gets 403 {code: 'pro_required'}.
 */
export function isPro(user: SessionUser): boolean {
  return user.pro_access !== 'none';
}

export function assertPro(user: SessionUser): void {
  if (!isPro(user)) {
    throw Forbidden(ErrorCode.proRequired, 'This is a Pro feature. Upgrade to Pro to use it.');
  }
}

/** 403 {code: 'pro_required'} for a user without an active Pro subscription. */
export function requirePro(): Middleware<AppState, AppDeps> {
  return async (ctx, next) => {
    if (ctx.state.user) assertPro(ctx.state.user);
    await next();
  };
}
