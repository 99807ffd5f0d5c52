import type { Pool } from 'pg';
import * as limits from '../../domain/limits';
import { AppError } from '../errors';
import { consume, type LimitRule } from '../middleware/rateLimit';
import { verifyPassword } from '../auth/passwords';

/**
 * What a sensitive change (the password, the email, deleting the account) needs beside the session:
 * proof that the rep at this screen is the account's owner. Today the current password; a passkey
 * assertion joins it with issue 22's passkeys (one function, so every sensitive route takes both).
 */
export interface IdentityProof {
  password?: string | undefined;
}

/** Wrong proofs per user inside the login window: the login limits apply to this guess as well. */
const confirmPerUser: LimitRule = {
  name: 'confirm:user',
  limit: limits.LOGIN_FAILURES_PER_USERNAME_AND_IP,
  windowMs: limits.LOGIN_WINDOW_MS,
};

export const WRONG_PASSWORD = 'Your current password is not right.';
export const NO_PROOF = 'Enter your current password to confirm it is you.';

/**
 * Throws 403 `wrong_password` (naming the field `currentPassword`) unless `proof` proves `userId`'s
 * identity. Each failure counts against the user's login limit; a 429 once it is spent.
 */
export async function confirmIdentity(
  pool: Pool,
  userId: number,
  proof: IdentityProof,
): Promise<void> {
  if (!proof.password)
    throw new AppError(403, 'wrong_password', NO_PROOF, {}, { currentPassword: NO_PROOF });
  const { rows } = await pool.query<{ password: string }>(
    'SELECT password FROM users WHERE id = $1',
    [userId],
  );
  if (await verifyPassword(rows[0]?.password, proof.password)) return;
  await consume(pool, confirmPerUser, String(userId));
  throw new AppError(
    403,
    'wrong_password',
    WRONG_PASSWORD,
    {},
    { currentPassword: WRONG_PASSWORD },
  );
}
