import type { Pool } from 'pg';
import { NO_PROOF } from '../../domain/contract/account';
import * as limits from '../../domain/limits';
import { AppError, InvalidRequest } from '../errors';
import { consume, resetLimit, loginWindowRule } from '../middleware/rateLimit';
import { verifyPassword } from '../auth/passwords';
import { AuthenticationResponse } from '../../domain/contract/passkeys';
import { verifyPasskeyAssertion } from './webauthn';

/**
 * What a sensitive change (the password, the email, deleting the account) needs beside the session:
 * proof that the rep at this screen is the account's owner: the current password, or one of the
 * account's passkeys signing a 'confirm' challenge (POST /api/account/passkeys/confirm/options;
 * the browser's side: web/features/account/passkeyProof.ts). One function, so every sensitive
 * route takes both. A contract schema takes the passkey as `AuthenticationResponse.optional()`
 * (domain/contract/passkeys.ts).
 */
export interface IdentityProof {
  password?: string | undefined;
  passkey?: AuthenticationResponse | undefined;
}

/** Wrong proofs per user inside the login window: the login limits apply to this guess as well. */
const confirmPerUser = loginWindowRule('confirm:user', limits.LOGIN_FAILURES_PER_USERNAME_AND_IP);

export const WRONG_PASSWORD = 'Your current password is not right.';
export { NO_PROOF };

/**
 * Throws 403 `wrong_password` (naming the field `currentPassword`) unless `proof` proves `userId`'s
 * identity. Every attempt is counted before it is checked, as a login's is, so once the user's limit
 * is spent even the right proof is a 429 until the window ends (a stolen session cannot guess on
 * until one lands); the right proof forgives the count.
 */
export async function confirmIdentity(
  pool: Pool,
  userId: number,
  proof: IdentityProof,
): Promise<void> {
  if (!proof.passkey && !proof.password)
    throw new AppError(403, 'wrong_password', NO_PROOF, {}, { currentPassword: NO_PROOF });
  await consume(pool, confirmPerUser, String(userId));
  if (proof.passkey) await confirmWithPasskey(pool, userId, proof.passkey);
  else if (!(await passwordIsRight(pool, userId, proof.password!))) throw WrongPassword();
  await resetLimit(pool, confirmPerUser, String(userId));
}

async function passwordIsRight(pool: Pool, userId: number, password: string): Promise<boolean> {
  const { rows } = await pool.query<{ password: string }>(
    'SELECT password FROM users WHERE id = $1',
    [userId],
  );
  return verifyPassword(rows[0]?.password, password);
}

const WrongPassword = () =>
  new AppError(403, 'wrong_password', WRONG_PASSWORD, {}, { currentPassword: WRONG_PASSWORD });

/**
 * A passkey's answer to a 'confirm' challenge made for this user (taken once, five minutes): 403
 * with the passkey's reason when it is not one of theirs, the challenge is dead or the signature
 * fails (counted by confirmIdentity, as a wrong password is).
 */
async function confirmWithPasskey(
  pool: Pool,
  userId: number,
  passkey: AuthenticationResponse,
): Promise<void> {
  const parsed = AuthenticationResponse.safeParse(passkey);
  if (!parsed.success) throw InvalidRequest('passkey: not a passkey answer');
  await verifyPasskeyAssertion(pool, parsed.data, 'confirm', userId, { refuse: 403 });
}
