// Secrets the server keeps in Postgres (the model server's API key, the setup token) are sealed with
// AES-256-GCM under a key derived from SESSION_SECRET (or, without it in development, the secret the
// server made in DATA_DIR: api/sessionSecret.ts), so a copy of the database alone opens nothing.
// Rotating SESSION_SECRET makes what was sealed unreadable: the operator enters the key again.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The format's version, first in every sealed string, so a later scheme can read the old one. */
const VERSION = 'v1';
const IV_BYTES = 12;
/** GCM's full tag. A decipher takes a shorter one unless told the length, and a short tag is easier to forge. */
const TAG_BYTES = 16;

/** A key per purpose: the same SESSION_SECRET signs cookies, and must not be the cipher key itself. */
function keyFor(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', `pitchpad ${purpose}`, 32));
}

/** `plain` sealed as `v1:<iv>:<tag>:<ciphertext>`, each part base64url; a fresh random IV each time. */
export function seal(plain: string, secret: string, purpose: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join(':');
}

/**
 * What `seal` sealed, or null when it cannot be opened: another SESSION_SECRET sealed it, or it was
 * altered (GCM's tag fails), or it is not in the format. Never throws: the caller decides what to say.
 */
export function unseal(sealed: string, secret: string, purpose: string): string | null {
  const [version, iv, tag, body, ...rest] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined || rest.length) return null;
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), ivBytes, {
      authTagLength: TAG_BYTES,
    });
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * A secret sealed under this SESSION_SECRET or the one before it (PREVIOUS_SESSION_SECRET, while a
 * rotation settles): opened, or null when neither opens it.
 */
export function unsealWithEither(
  sealed: string,
  secret: string,
  previous: string | undefined,
  purpose: string,
): string | null {
  return (
    unseal(sealed, secret, purpose) ??
    (previous === undefined ? null : unseal(sealed, previous, purpose))
  );
}

/** What each sealed secret is for: part of its key's derivation, so one cannot be opened as the other. */
export const PURPOSE = {
  modelApiKey: 'model api key',
  speechApiKey: 'speech api key',
  setupToken: 'setup token',
  crmClientSecret: 'crm client secret',
  crmAccessToken: 'crm access token',
  crmRefreshToken: 'crm refresh token',
  crmCodeVerifier: 'crm code verifier',
  calendarUrl: 'calendar url',
  vapidPrivateKey: 'vapid private key',
  webSearchApiKey: 'web search api key',
} as const;
