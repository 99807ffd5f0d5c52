// Device cookies (OWASP, 'Slow down online guessing attacks with device cookies'): a browser that
// signed in to an account with the right password gets a cookie naming that account, signed by the
// server. Failed logins from elsewhere can push an account to its username-wide ceiling; a login
// that carries the account's device cookie is not held to that ceiling (it still meets the per-IP
// and per-(username, IP) limits), so guessers spread over many networks cannot lock the owner out
// of a browser they signed in on before.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context';
import { cookieNames } from './cookies';

const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 3600 * 1000;

function mac(secret: string, username: string, nonce: string): string {
  return createHmac('sha256', secret)
    .update(`device:${username.toLowerCase()}:${nonce}`)
    .digest('base64url');
}

/** After a successful login: mark this browser as one `username` signs in on. */
export function setDeviceCookie(ctx: AppContext, username: string): void {
  const nonce = randomBytes(12).toString('base64url');
  ctx.cookies.set(
    cookieNames(ctx.config.secureCookies).device,
    `${nonce}.${mac(ctx.config.sessionSecret, username, nonce)}`,
    {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.secureCookies,
      path: '/',
      maxAge: DEVICE_COOKIE_MAX_AGE_MS,
      overwrite: true,
      signed: false,
    },
  );
}

/** Whether the request carries a device cookie this server issued for `username`. */
export function hasDeviceCookie(ctx: AppContext, username: string): boolean {
  const [nonce, given] = (
    ctx.cookies.get(cookieNames(ctx.config.secureCookies).device) ?? ''
  ).split('.');
  if (!nonce || !given) return false;
  const expected = Buffer.from(mac(ctx.config.sessionSecret, username, nonce));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
