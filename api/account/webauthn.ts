// The WebAuthn ceremonies, on @simplewebauthn/server: which site a passkey belongs to, the
// challenges (made here, kept in Postgres for any instance to check, each taken once) and the
// checks of a passkey's signature. The routes (passkeys.routes.ts) and confirmIdentity use these.
import {
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import {
  PASSKEY_CHALLENGE_DEAD,
  PASSKEY_INVALID,
  PASSKEY_UNKNOWN,
  PasskeyError,
  type AuthenticationResponse,
} from '../../domain/contract/passkeys';
import type { AppContext } from '../context';
import type { Pool } from '../db';
import { AppError } from '../errors';
import {
  findPasskey,
  markPasskeyUsed,
  takeChallenge,
  type ChallengePurpose,
  type PasskeyRow,
  type RelyingParty,
} from './passkeys.sql';

/**
 * The relying party of this request. In production APP_URL's: its host name is the passkey's rpID
 * and its origin the only one accepted. Elsewhere the address the browser used, as the CSRF check
 * trusts it there: a developer on http://localhost:8080 (browsers refuse an IP address as rpID, so
 * 127.0.0.1 cannot make passkeys) and the e2e tests, without an APP_URL of their own.
 */
export function relyingParty(ctx: AppContext): RelyingParty {
  const url = new URL(
    ctx.config.isProduction ? ctx.config.appUrl : `${ctx.protocol}://${ctx.host}`,
  );
  return { rpID: url.hostname, origin: url.origin };
}

/** A user's handle in their passkeys: the account id, so a sign-in's passkey names its account. */
export const userHandleOf = (userId: number) => new TextEncoder().encode(String(userId));

/** The challenge a browser's answer says it signed (clientDataJSON's), or undefined if unreadable. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 256 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

export const challengeDead = () =>
  new AppError(400, PasskeyError.challenge, PASSKEY_CHALLENGE_DEAD);
export const passkeyUnknown = (status = 401) =>
  new AppError(status, PasskeyError.unknown, PASSKEY_UNKNOWN);
export const passkeyInvalid = (status = 401) =>
  new AppError(status, PasskeyError.invalid, PASSKEY_INVALID);

/**
 * Take the challenge a browser's answer signed: it must be one this server made for `purpose` (and
 * `userId`'s), unused and alive. It is used up here, whatever the checks after it find.
 */
export async function takeAnsweredChallenge(
  pool: Pool,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  userId: number | null,
): Promise<{ challenge: string; rp: RelyingParty }> {
  const challenge = challengeOf(clientDataJSON);
  const rp = challenge && (await takeChallenge(pool, challenge, purpose, userId));
  if (!challenge || !rp) throw challengeDead();
  return { challenge, rp };
}

/**
 * Check a passkey's signature over a challenge made for `purpose`: the challenge taken, the passkey
 * found (and `userId`'s, when given), its user handle naming the same account, then the signature,
 * origin, relying party and user verification (@simplewebauthn/server). The passkey's counter and
 * last use are written. `refuse` is the status a wrong passkey answers with (401 at sign-in).
 * `beforeSignature` runs once the passkey's account is known (the sign-in counts the attempt there).
 */
export async function verifyPasskeyAssertion(
  pool: Pool,
  response: z.output<typeof AuthenticationResponse>,
  purpose: Exclude<ChallengePurpose, 'register'>,
  userId: number | null,
  opts: { refuse?: number; beforeSignature?: (passkey: PasskeyRow) => Promise<void> } = {},
): Promise<PasskeyRow> {
  const { challenge, rp } = await takeAnsweredChallenge(
    pool,
    response.response.clientDataJSON,
    purpose,
    userId,
  );
  const passkey = await findPasskey(pool, response.id);
  if (!passkey || (userId !== null && passkey.user_id !== userId))
    throw passkeyUnknown(opts.refuse);
  // The authenticator names the account the passkey was made for: it must be the row's.
  const handle = response.response.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== String(passkey.user_id))
    throw passkeyUnknown(opts.refuse);
  await opts.beforeSignature?.(passkey);
  const result = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(passkey.public_key),
      counter: Number(passkey.counter),
      transports: passkey.transports as AuthenticatorTransport[],
    },
  }).catch(() => undefined);
  if (!result?.verified) throw passkeyInvalid(opts.refuse);
  await markPasskeyUsed(pool, passkey.id, result.authenticationInfo.newCounter);
  return passkey;
}
