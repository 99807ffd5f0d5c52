import type { Middleware } from 'koa';
import { isPaidSubscriber } from '../../domain/subscription';
import type { AppDeps, AppState } from '../context';
import { Forbidden } from '../errors';
import { presentSubscription } from '../auth/auth.present';
import type { SessionUser } from '../auth/lucia';

/**
 * Whether Pro features need a paid subscription. Off until checkout exists (the Pro issue turns it
 * on here); tests turn it on per app with `createApp({ enforcePro: true })`.
 */
export const PRO_GATE_ENABLED = false;

export function assertPro(user: SessionUser, enforce: boolean): void {
  if (enforce && !isPaidSubscriber(presentSubscription(user))) {
    throw Forbidden('pro_required', 'This is a Pro feature. Upgrade to Pro to use it.');
  }
}

/** 403 {code: 'pro_required'} for a user without an active Pro subscription (when the gate is on). */
export function requirePro(enforce: boolean): Middleware<AppState, AppDeps> {
  return async (ctx, next) => {
    if (ctx.state.user) assertPro(ctx.state.user, enforce);
    await next();
  };
}
