import { Router } from '@koa/router';
import { sameText } from '../../domain/accountFields';
import {
  ChangeEmailInput,
  ChangePasswordInput,
  EMAIL_SAME,
  NEW_PASSWORD_SAME,
  PASSWORD_CHANGED,
  type ChangeEmailResponse,
  type ChangePasswordResponse,
} from '../../domain/contract/account';
import { EMAIL_TAKEN } from '../../domain/contract/authForm';
import * as limits from '../../domain/limits';
import { presentUser } from '../auth/auth.present';
import type { AppLucia } from '../auth/lucia';
import { hashPassword, newPasswordProblem } from '../auth/passwords';
import { startSession } from '../auth/sessions';
import type { AppContext, AppDeps, AppState } from '../context';
import { Conflict, InvalidRequest, Unauthorized } from '../errors';
import type { Mailer } from '../mail';
import { requireUser, userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import { confirmIdentity } from './confirmIdentity';
import { noticeMail, sendNotice } from './notices';
import { changeEmail, changePassword, emailTakenByOther } from './credentials.sql';

/**
 * Account → Password and Email: POST /api/account/password and POST /api/account/email. Each
 * takes the current password or a passkey's answer to a 'confirm' challenge (confirmIdentity: its
 * failures count against the login limits).
 * `mailer` null: this server cannot send mail; an email change then goes unannounced (logged).
 */
export function credentialRoutes(lucia: AppLucia, mailer: Mailer | null) {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/account' });

  router.post(
    '/password',
    requireUser(),
    validate(ChangePasswordInput, 'body', { fields: true }),
    async (ctx) => {
      const user = userOf(ctx);
      const { currentPassword, passkey, newPassword } = inputOf(ctx, ChangePasswordInput);
      // Registration's rules, checked before the current password so a refused choice costs no guess.
      const why =
        newPasswordProblem(newPassword, user) ??
        (newPassword === currentPassword ? NEW_PASSWORD_SAME : undefined);
      if (why) throw InvalidRequest(`newPassword: ${why}`, { newPassword: why });
      await confirmIdentity(ctx.pool, user.id, { password: currentPassword, passkey });
      // Whoever learnt the old password, or holds a copied cookie, is signed out everywhere, a copy
      // of this device's cookie too: this device goes on in a new session (its app fetches a new
      // CSRF token when the old one is refused).
      const signedOut = await changePassword(
        ctx.pool,
        user.id,
        await hashPassword(newPassword),
        sessionOf(ctx),
      );
      await startSession(ctx as AppContext, lucia, user.id);
      ctx.body = { message: PASSWORD_CHANGED, signedOut } satisfies ChangePasswordResponse;
    },
  );

  router.post(
    '/email',
    requireUser(),
    validate(ChangeEmailInput, 'body', { fields: true }),
    async (ctx) => {
      const user = userOf(ctx);
      const { currentPassword, passkey, email } = inputOf(ctx, ChangeEmailInput);
      if (sameText(email, user.email))
        throw InvalidRequest(`email: ${EMAIL_SAME}`, { email: EMAIL_SAME });
      // The identity first: whether an address is taken is told only to the account's owner (and
      // then no more than registration tells anyone).
      await confirmIdentity(ctx.pool, user.id, { password: currentPassword, passkey });
      if (await emailTakenByOther(ctx.pool, user.id, email))
        throw Conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      const updated = await changeEmail(ctx.pool, user.id, email).catch(
        (err: { code?: string }) => {
          // Two accounts racing for one address: the unique index decides.
          if (err.code === '23505') throw Conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
          throw err;
        },
      );
      // Told where the owner reads, so a change made with a taken session does not go unnoticed.
      const notice = emailChangedEmail({
        username: user.username,
        newEmail: email,
        appUrl: ctx.config.appUrl,
      });
      const notified = await sendNotice(
        ctx as AppContext,
        mailer,
        { to: user.email, ...notice },
        'email changed',
      );
      const { password: _hash, ...sessionUser } = updated;
      ctx.body = { user: presentUser(sessionUser), notified } satisfies ChangeEmailResponse;
    },
  );

  return router;
}

function sessionOf(ctx: { state: AppState }): string {
  if (!ctx.state.sessionId) throw Unauthorized();
  return ctx.state.sessionId;
}

/** The notice to the old address: plain text, and the same as simple HTML. */
export function emailChangedEmail(opts: { username: string; newEmail: string; appUrl: string }) {
  const product = limits.PRODUCT_NAME;
  return noticeMail(`Your ${product} email address was changed`, [
    `The email address of your ${product} account (username ${opts.username}) was changed to ${opts.newEmail}.`,
    'Mail about the account, such as password reset links, now goes there.',
    '',
    'If this was you, there is nothing to do.',
    `If it was not, sign in at ${opts.appUrl}/account, change your password (it signs out every other device) and change the email back, or ask whoever runs this ${product} server for help.`,
  ]);
}
