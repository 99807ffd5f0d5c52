import { hash, verify } from '@node-rs/argon2';

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
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash) return verify(storedHash, password).catch(() => false);
  dummyHash ??= hashPassword('pitchpad-timing-equaliser');
  await verify(await dummyHash, password).catch(() => false);
  return false;
}
