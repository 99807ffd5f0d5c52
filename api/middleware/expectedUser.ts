import type { Middleware } from 'koa';
import { EXPECTED_USER_HEADER, SESSION_MISMATCH } from '../../domain/contract/session';
import { AppError, InvalidRequest } from '../errors';
import type { AppDeps, AppState } from '../context';

/**
 * When a request names the user it is made for (`x-pitchpad-user`, sent by the app's outbox and
 * sync), it goes through only with that user's session: 409 `session_mismatch` otherwise, before
 * anything is read or stored, so a send queued by one account is never delivered into another
 * that signed in on the same browser meanwhile. Without the header nothing changes (older
 * clients); without a session, `requireUser` answers 401 as before.
 */
export function expectedUser(): Middleware<AppState, AppDeps> {
  return async (ctx, next) => {
    const named = ctx.get(EXPECTED_USER_HEADER);
    if (named && ctx.state.user) {
      if (!/^\d{1,15}$/.test(named))
        throw InvalidRequest(`${EXPECTED_USER_HEADER}: must be a user id (a whole number)`);
      if (Number(named) !== ctx.state.user.id) {
        throw new AppError(
          409,
          SESSION_MISMATCH,
          'This browser is signed in to another account now. Sign in again as the account that wrote this to send it.',
        );
      }
    }
    await next();
  };
}
