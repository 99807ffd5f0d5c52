import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash, verify } from '@node-rs/argon2';
import { FIELD_MESSAGES, sameText } from '../../domain/accountFields';
import { COMMON_PASSWORD } from '../../domain/contract/authForm';

// argon2id (the library's default algorithm) with OWASP's minimum parameters.
const PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Check a password against a stored hash. With no hash (unknown username) it still runs a full
 * verify against a throwaway hash, so both failures take about the same time.
 */
export async function verifyPassword(
  storedHash: string | undefined,
  password: string,
): Promise<boolean> {
  if (storedHash) return verify(storedHash, password).catch(() => false);
  dummyHash ??= hashPassword('pitchpad-timing-equaliser');
  await verify(await dummyHash, password).catch(() => false);
  return false;
}

/**
 * The 10,000 most common passwords, one a line, most common first: the top of the ranked list
 * that zxcvbn-ts ships (@zxcvbn-ts/language-common 4.1.3, MIT; drawn from leaked-password
 * corpora). Read once, on first use.
 */
const COMMON_PASSWORDS_FILE = join(dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt');
let commonPasswords: Set<string> | undefined;

/** True for a password on the common list, in any case (Password1 is as guessable as password1). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n').filter(Boolean),
  );
  return commonPasswords.has(password.normalize('NFKC').toLowerCase());
}

/**
 * Why the server refuses `password` as `user`'s new one by registration's rules (a common password,
 * or the username or email again), or undefined: for a reset and a change of password.
 */
export function newPasswordProblem(
  password: string,
  user: { username: string; email: string },
): string | undefined {
  if (isCommonPassword(password)) return COMMON_PASSWORD;
  if (sameText(password, user.username)) return FIELD_MESSAGES.passwordIsUsername;
  if (sameText(password, user.email)) return FIELD_MESSAGES.passwordIsEmail;
  return undefined;
}
