import { createHash, randomBytes } from 'node:crypto';
import { Router } from '@koa/router';
import { ForgotPasswordInput, ResetPasswordInput } from '../../domain/contract/passwordReset';
import * as limits from '../../domain/limits';
import {
  RESET_LINK_DEAD,
  RESET_LINK_SENT,
  RESET_OFF,
  RESET_PAGE,
  RESET_TOO_MANY,
} from '../../domain/passwordReset';
import type { AppContext, AppDeps, AppState } from '../context';
import { AppError, InvalidRequest, Unavailable } from '../errors';
import type { Mailer } from '../mail';
import { clientAddress, consume, limitRule } from '../middleware/rateLimit';
import { inputOf, validate } from '../middleware/validate';
import { presentUser } from './auth.present';
import { setDeviceCookie } from './deviceCookie';
import type { AppLucia } from './lucia';
import {
  findResetUser,
  findUserByEmail,
  replaceResetToken,
  useResetToken,
} from './passwordReset.sql';
import { hashPassword, newPasswordProblem } from './passwords';
import { startSession } from './sessions';

const resetPerIp = limitRule(
  'reset:ip',
  limits.PASSWORD_RESETS_PER_IP,
  limits.PASSWORD_RESET_WINDOW_MS,
);
const resetPerEmail = limitRule(
  'reset:email',
  limits.PASSWORD_RESETS_PER_EMAIL,
  limits.PASSWORD_RESET_WINDOW_MS,
);

/** A link's token as we make it: 32 random bytes, base64url. Anything else is no link of ours. */
const TOKEN_SHAPE = /^[\w-]{43}$/;

/** What the database keeps of a link's token: its SHA-256, hex (a copy of the table opens nothing). */
export const resetTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * POST /api/auth/forgot (a reset link by email) and POST /api/auth/reset (a new password with it).
 * `mailer` null: this server cannot send mail (production without SMTP_URL) and reset is off.
 */
export function passwordResetRoutes(lucia: AppLucia, mailer: Mailer | null) {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/auth' });

  router.post(
    '/forgot',
    async (ctx, next) => {
      if (!mailer) throw Unavailable(RESET_OFF);
      await consume(ctx.pool, resetPerIp, clientAddress(ctx.ip), RESET_TOO_MANY);
      await next();
    },
    validate(ForgotPasswordInput),
    async (ctx) => {
      const { email } = inputOf(ctx, ForgotPasswordInput);
      // An address asked for too often gets the same answer, without another email: the answer must
      // not tell whether an account uses it, nor may one person fill someone's inbox.
      const allowed = await consume(ctx.pool, resetPerEmail, email).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError && error.status === 429) return false;
          throw error;
        },
      );
      const user = await findUserByEmail(ctx.pool, email);
      // The answer goes before the link is made and sent, so it takes as long with an account as
      // without one (the mail server's pace would tell them apart).
      if (user && allowed)
        void sendResetLink(ctx as AppContext, mailer!, user.id, user.email).catch((err: unknown) =>
          ctx.log.error({ err }, 'password reset: the email could not be sent'),
        );
      ctx.body = { message: RESET_LINK_SENT };
    },
  );

  router.post('/reset', validate(ResetPasswordInput, 'body', { fields: true }), async (ctx) => {
    const { token, password } = inputOf(ctx, ResetPasswordInput);
    const tokenHash = resetTokenHash(token);
    const user = TOKEN_SHAPE.test(token) ? await findResetUser(ctx.pool, tokenHash) : undefined;
    if (!user) throw InvalidRequest(RESET_LINK_DEAD);
    // Registration's rules for the new password; a refused one leaves the link working.
    const why = newPasswordProblem(password, user);
    if (why) throw InvalidRequest(`password: ${why}`, { password: why });
    if (!(await useResetToken(ctx.pool, tokenHash, await hashPassword(password))))
      throw InvalidRequest(RESET_LINK_DEAD);
    // Whoever knew the old password (or holds a stolen cookie) is signed out everywhere; this
    // device is signed in afresh, as after a login.
    await lucia.invalidateUserSessions(user.id);
    ctx.state.sessionId = null;
    await startSession(ctx, lucia, user.id);
    setDeviceCookie(ctx as AppContext, user.username);
    const { password: _hash, ...sessionUser } = user;
    ctx.body = { user: presentUser(sessionUser) };
  });

  return router;
}

/** Make the user's new link (any older one dies) and email it. */
async function sendResetLink(
  ctx: AppContext,
  mailer: Mailer,
  userId: number,
  email: string,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await replaceResetToken(ctx.pool, userId, resetTokenHash(token), limits.PASSWORD_RESET_TTL_MS);
  const link = `${ctx.config.appUrl}${RESET_PAGE}?token=${token}`;
  await mailer.send({ to: email, ...resetEmail(link) });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The email: plain text, and the same as simple HTML. */
export function resetEmail(link: string): { subject: string; text: string; html: string } {
  const minutes = limits.PASSWORD_RESET_TTL_MS / 60_000;
  const subject = `Reset your ${limits.PRODUCT_NAME} password`;
  const text = [
    `Someone (we hope you) asked to reset the password of your ${limits.PRODUCT_NAME} account.`,
    '',
    `Open this link to choose a new one. It works for ${minutes} minutes, once:`,
    link,
    '',
    'Setting a new password signs your account out on every device.',
    "If you didn't ask for this, ignore this email: your password stays as it is.",
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>Someone (we hope you) asked to reset the password of your ${limits.PRODUCT_NAME} account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works for ${minutes} minutes, once).</p>
<p>Setting a new password signs your account out on every device.</p>
<p>If you didn't ask for this, ignore this email: your password stays as it is.</p>
</body></html>`;
  return { subject, text, html };
}
