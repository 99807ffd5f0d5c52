import { Router } from '@koa/router';
import { LoginInput, RegisterInput } from '../../domain/contract/auth';
import * as limits from '../../domain/limits';
import type { AppDeps, AppState } from '../context';
import { Conflict, InvalidRequest, Unauthorized } from '../errors';
import { clientAddress, consume, rateLimit, resetLimit, type LimitRule } from '../middleware/rateLimit';
import { hasDeviceCookie, setDeviceCookie } from './deviceCookie';
import { inputOf, validate } from '../middleware/validate';
import { findTaken, findUserByUsername, insertUser } from './auth.sql';
import { presentUser } from './auth.present';
import type { AppLucia } from './lucia';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { endSession, startSession } from './sessions';
import { carryGuestState } from '../analysis/guest';
import type { AppContext } from '../context';

const loginPerIp: LimitRule = { name: 'login:ip', limit: limits.LOGIN_ATTEMPTS_PER_IP, windowMs: limits.LOGIN_WINDOW_MS };
const loginPerUserAndIp: LimitRule = { name: 'login:user-ip', limit: limits.LOGIN_FAILURES_PER_USERNAME_AND_IP, windowMs: limits.LOGIN_WINDOW_MS };
const loginPerUser: LimitRule = { name: 'login:user', limit: limits.LOGIN_ATTEMPTS_PER_USERNAME, windowMs: limits.LOGIN_WINDOW_MS };
const registerPerIp: LimitRule = { name: 'register:ip', limit: limits.REGISTRATIONS_PER_IP, windowMs: limits.REGISTER_WINDOW_MS };
const registerPerUser: LimitRule = { name: 'register:user', limit: limits.REGISTRATIONS_PER_USERNAME, windowMs: limits.REGISTER_WINDOW_MS };

const INVALID_LOGIN = 'Invalid username or password';
const COMMON_PASSWORD = 'This password is one of the most common ones and easy to guess. Choose another.';
const USERNAME_TAKEN = 'That username is already taken';
const EMAIL_TAKEN = 'An account with that email already exists';

/** One counter per (username, client address) pair; JSON keeps an IPv6 address and a username apart. */
const userAndIp = (username: string, ip: string) => JSON.stringify([username.toLowerCase(), clientAddress(ip)]);

/**
 * Count a login attempt, narrowest limit first. A client already refused per IP or per (username,
 * IP) stops there and adds nothing to the username's count, so one guesser cannot push the
 * owner's account to its ceiling. A browser the owner signed in on before (its device cookie) is
 * not held to that username-wide ceiling at all, so guessers on many networks cannot lock them out.
 */
async function countLoginAttempt(ctx: AppContext, username: string): Promise<void> {
  await consume(ctx.pool, loginPerUserAndIp, userAndIp(username, ctx.ip));
  if (!hasDeviceCookie(ctx, username)) await consume(ctx.pool, loginPerUser, username.toLowerCase());
}

/** POST /api/auth/register, /login, /logout and GET /api/auth/user (spec §7). */
export function authRoutes(lucia: AppLucia) {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/auth' });

  router.post('/register', rateLimit(registerPerIp), validate(RegisterInput, 'body', { fields: true }), async (ctx) => {
    const input = inputOf(ctx, RegisterInput);
    if (isCommonPassword(input.password)) throw InvalidRequest(`password: ${COMMON_PASSWORD}`, { password: COMMON_PASSWORD });
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
      if (err.code === '23505') throw err.constraint === 'users_email_key' ? Conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN }) : Conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
      throw err;
    });
    await carryGuestState(ctx as AppContext, user.id, { newAccount: true });
    ctx.status = 201;
    ctx.body = { user: presentUser(user) };
  });

  router.post('/login', rateLimit(loginPerIp), validate(LoginInput, 'body', { fields: true }), async (ctx) => {
    const input = inputOf(ctx, LoginInput);
    await countLoginAttempt(ctx as AppContext, input.username);
    const user = await findUserByUsername(ctx.pool, input.username);
    if (!(await verifyPassword(user?.password, input.password)) || !user) throw Unauthorized(INVALID_LOGIN);
    // Only this address's failures are forgiven; the username-wide count runs out with its window.
    await resetLimit(ctx.pool, loginPerUserAndIp, userAndIp(input.username, ctx.ip));
    await carryGuestState(ctx as AppContext, user.id, { newAccount: false });
    await startSession(ctx, lucia, user.id);
    setDeviceCookie(ctx as AppContext, user.username);
    ctx.body = { user: presentUser(user) };
  });

  router.post('/logout', async (ctx) => {
    await endSession(ctx, lucia);
    ctx.body = { ok: true };
  });

  router.get('/user', (ctx) => {
    // Koa turns a null body into 204; the spec's client reads JSON null.
    ctx.type = 'json';
    ctx.body = JSON.stringify(ctx.state.user ? presentUser(ctx.state.user) : null);
  });

  return router;
}
