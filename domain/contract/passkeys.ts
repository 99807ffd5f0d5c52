import { z } from 'zod';

/** Base64url text (the encoding WebAuthn's JSON uses), at most `max` characters. */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/** A credential id: the authenticator's, at most 1,023 bytes (WebAuthn's limit) as base64url. */
export const CredentialId = b64url(1364);

const Transport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/** What @simplewebauthn/browser's startRegistration() answers: a new passkey, to verify and keep. */
export const RegistrationResponse = z.object({
  id: CredentialId,
  rawId: CredentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16_384),
    // A transport this list does not know (a newer browser's) is left out, not refused.
    transports: z
      .array(z.string().max(32))
      .max(8)
      .optional()
      .transform((list) => list?.filter((t) => Transport.safeParse(t).success)),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type RegistrationResponse = z.input<typeof RegistrationResponse>;

/** What startAuthentication() answers: a passkey's signature over the server's challenge. */
export const AuthenticationResponse = z.object({
  id: CredentialId,
  rawId: CredentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(4096),
    signature: b64url(2048),
    userHandle: b64url(128)
      .nullish()
      .transform((v) => v ?? undefined),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type AuthenticationResponse = z.input<typeof AuthenticationResponse>;

/** POST /api/account/passkeys: the new passkey, after POST /api/account/passkeys/options. */
/**
 * POST /api/account/passkeys/options: a session that began more than PASSKEY_ADD_FRESH_MS ago must
 * prove it is the owner first (the current password or another passkey), so a borrowed or stolen
 * session cannot plant a way back in. The offer right after a sign-in needs neither.
 */
export const PasskeyOptionsInput = z.object({
  currentPassword: z
    .string({ error: 'must be text' })
    .max(1_000, 'must be at most 1,000 characters')
    .optional(),
  passkey: AuthenticationResponse.optional(),
});
export type PasskeyOptionsInput = z.input<typeof PasskeyOptionsInput>;

export const AddPasskeyInput = z.object({ response: RegistrationResponse });
export type AddPasskeyInput = z.input<typeof AddPasskeyInput>;

/** POST /api/auth/passkey: sign in with the passkey's answer to POST /api/auth/passkey/options. */
export const PasskeyLoginInput = z.object({ response: AuthenticationResponse });
export type PasskeyLoginInput = z.input<typeof PasskeyLoginInput>;

/** DELETE /api/account/passkeys/:id */
export const PasskeyParams = z.object({ id: CredentialId });

/** One passkey as the account screen lists it (named by its device and the day it was added). */
export interface Passkey {
  id: string;
  deviceName: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** GET /api/account/passkeys */
export interface PasskeyList {
  passkeys: Passkey[];
}

/** Error codes of the passkey routes (beside the usual ones), for the screens to tell apart. */
export const PasskeyError = {
  /** The challenge was never made, made for something else, used already or expired. */
  challenge: 'passkey_challenge',
  /** No such passkey, or not this account's. */
  unknown: 'passkey_unknown',
  /** The signature, origin or relying party did not check out. */
  invalid: 'passkey_invalid',
} as const;

export const PASSKEY_CHALLENGE_DEAD =
  'This passkey request has expired or was already used. Please try again.';
export const PASSKEY_UNKNOWN =
  'This passkey is not set up for this account. Sign in with your password, then add it.';
export const PASSKEY_INVALID = 'This passkey could not be checked. Please try again.';
export const PASSKEY_TAKEN = 'This passkey is already added.';
export const PASSKEYS_FULL = 'This account has as many passkeys as it can keep. Remove one first.';
export const NO_PASSKEYS = 'This account has no passkey yet.';
