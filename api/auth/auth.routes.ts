import { Router } from '@koa/router';
import type { z } from 'zod';
import { LoginInput, RegisterInput } from '../../domain/contract/auth';
import {
  AUTH_FORM_PAGES,
  COMMON_PASSWORD,
  EMAIL_TAKEN,
  INVALID_LOGIN,
  USERNAME_TAKEN,
} from '../../domain/contract/authForm';
import type { CurrentSession } from '../../domain/contract/session';
import * as limits from '../../domain/limits';
import type { AppDeps, AppState } from '../context';
import { Conflict, InvalidRequest, Unauthorized } from '../errors';
import {
  clientAddress,
  consume,
  rateLimit,
  resetLimit,
  limitRule,
  loginWindowRule,
} from '../middleware/rateLimit';
import { hasDeviceCookie, setDeviceCookie } from './deviceCookie';
import { inputOf, validate } from '../middleware/validate';
import { answerForm, formInput, markNewAccount } from './authForm';
import { findTaken, findUserByUsername, insertUser, sessionAgeMs } from './auth.sql';
import { presentUser } from './auth.present';
import type { AppLucia } from './lucia';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { endSession, startSession } from './sessions';
import { carryGuestState } from '../analysis/guest';
import type { AppContext } from '../context';

export const loginPerIp = loginWindowRule('login:ip');
const loginPerUserAndIp = loginWindowRule(
  'login:user-ip',
  limits.LOGIN_FAILURES_PER_USERNAME_AND_IP,
);
const loginPerUser = loginWindowRule('login:user', limits.LOGIN_ATTEMPTS_PER_USERNAME);
const registerPerIp = limitRule(
  'register:ip',
  limits.REGISTRATIONS_PER_IP,
  limits.REGISTER_WINDOW_MS,
);
const registerPerUser = limitRule(
  'register:user',
  limits.REGISTRATIONS_PER_USERNAME,
  limits.REGISTER_WINDOW_MS,
);

/** One counter per (username, client address) pair; JSON keeps an IPv6 address and a username apart. */
const userAndIp = (username: string, ip: string) =>
  JSON.stringify([username.toLowerCase(), clientAddress(ip)]);

/**
 * Count a login attempt, narrowest limit first. A client already refused per IP or per (username,
 * IP) stops there and adds nothing to the username's count, so one guesser cannot push the
 * owner's account to its ceiling. A browser the owner signed in on before (its device cookie) is
 * not held to that username-wide ceiling at all, so guessers on many networks cannot lock them out.
 */
export async function countLoginAttempt(ctx: AppContext, username: string): Promise<void> {
  await consume(ctx.pool, loginPerUserAndIp, userAndIp(username, ctx.ip));
  if (!hasDeviceCookie(ctx, username))
    await consume(ctx.pool, loginPerUser, username.toLowerCase());
}

/** POST /api/auth/register, /login (and their /form twins), /logout; GET /api/auth/user and /session. */
export function authRoutes(lucia: AppLucia) {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/auth' });

  router.post(
    '/register',
    rateLimit(registerPerIp),
    validate(RegisterInput, 'body', { fields: true }),
    async (ctx) => {
      const user = await register(ctx as AppContext, inputOf(ctx, RegisterInput));
      // The new account is signed in at once: asking for the password just typed again is a step
      // that only loses people (the spec sends them to the login tab; docs/first-minutes.md).
      await startSession(ctx as AppContext, lucia, user.id);
      setDeviceCookie(ctx as AppContext, user.username);
      ctx.status = 201;
      ctx.body = { user: presentUser(user) };
    },
  );

  router.post(
    '/login',
    rateLimit(loginPerIp),
    validate(LoginInput, 'body', { fields: true }),
    async (ctx) => {
      const user = await logIn(ctx as AppContext, lucia, inputOf(ctx, LoginInput));
      ctx.body = { user: presentUser(user) };
    },
  );

  // The same two forms posted by the browser itself, before the app has taken the page over (the
  // prerendered page's `<form method="post">`): same checks and limits, answered with a redirect
  // to where the sign-in page's address says the rep was going (./authForm.ts).
  router.post('/login/form', (ctx) =>
    answerForm(ctx as AppContext, AUTH_FORM_PAGES.login, async () => {
      await consume(ctx.pool, loginPerIp, clientAddress(ctx.ip));
      await logIn(ctx as AppContext, lucia, formInput(ctx, LoginInput));
    }),
  );

  router.post('/register/form', (ctx) =>
    answerForm(ctx as AppContext, AUTH_FORM_PAGES.register, async () => {
      await consume(ctx.pool, registerPerIp, clientAddress(ctx.ip));
      const user = await register(ctx as AppContext, formInput(ctx, RegisterInput));
      await startSession(ctx, lucia, user.id);
      setDeviceCookie(ctx as AppContext, user.username);
      // The app greets the new account when it starts on the page this form leads to.
      markNewAccount(ctx as AppContext, user.id);
    }),
  );

  router.post('/logout', async (ctx) => {
    await endSession(ctx, lucia);
    ctx.body = { ok: true };
  });

  router.get('/user', (ctx) => {
    // Koa turns a null body into 204; the spec's client reads JSON null.
    ctx.type = 'json';
    ctx.body = JSON.stringify(ctx.state.user ? presentUser(ctx.state.user) : null);
  });

  // Whose session the cookie holds and how long ago it began: a logout queued offline asks this
  // before it ends anything, so it never ends a session begun after it (web/features/auth/pendingLogout.ts).
  router.get('/session', async (ctx) => {
    const { user, sessionId } = ctx.state;
    const session: CurrentSession | null =
      user && sessionId
        ? { userId: user.id, startedMsAgo: await sessionAgeMs(ctx.pool, sessionId) }
        : null;
    ctx.type = 'json';
    ctx.body = JSON.stringify(session);
  });

  return router;
}

/** Create the account (the guest's analysis and choices carried over); the caller signs it in. */
async function register(ctx: AppContext, input: z.output<typeof RegisterInput>) {
  if (isCommonPassword(input.password))
    throw InvalidRequest(`password: ${COMMON_PASSWORD}`, { password: COMMON_PASSWORD });
  await consume(ctx.pool, registerPerUser, input.username.toLowerCase());
  const taken = await findTaken(ctx.pool, input.username, input.email);
  if (taken.username) throw Conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
  if (taken.email) throw Conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  const user = await insertUser(ctx.pool, {
    username: input.username,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    name: input.name,
  }).catch((err: { code?: string; constraint?: string }) => {
    // Two sign-ups racing for one name: the unique index decides.
    if (err.code === '23505')
      throw err.constraint === 'users_email_key'
        ? Conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN })
        : Conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
    throw err;
  });
  await carryGuestState(ctx, user.id, { newAccount: true });
  return user;
}

/** Check the password (the per-user limits counted first) and start the session. */
async function logIn(ctx: AppContext, lucia: AppLucia, input: z.output<typeof LoginInput>) {
  await countLoginAttempt(ctx, input.username);
  const user = await findUserByUsername(ctx.pool, input.username);
  if (!(await verifyPassword(user?.password, input.password)) || !user)
    throw Unauthorized(INVALID_LOGIN);
  await signIn(ctx, lucia, user, input.username);
  return user;
}

/**
 * What every way of signing in does once the rep has proved who they are (a password, a passkey):
 * this address's failures forgiven (the username-wide count runs out with its window), the guest's
 * state carried into the account, a new session, and this browser marked as one the owner uses.
 * `countedAs`: the username the attempt was counted under (countLoginAttempt), as typed.
 */
export async function signIn(
  ctx: AppContext,
  lucia: AppLucia,
  user: { id: number; username: string },
  countedAs = user.username,
): Promise<void> {
  await resetLimit(ctx.pool, loginPerUserAndIp, userAndIp(countedAs, ctx.ip));
  await carryGuestState(ctx, user.id, { newAccount: false });
  await startSession(ctx, lucia, user.id);
  setDeviceCookie(ctx, user.username);
}
