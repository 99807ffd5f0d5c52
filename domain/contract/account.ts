/**
 * /account: changing the password and the email, and the devices signed in. Every
 * change is confirmed by the rep's current password as `currentPassword`, or by `passkey`: one of
 * the account's passkeys answering a 'confirm' challenge (what confirmIdentity checks).
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../accountFields';
import { PASSWORD_MAX } from '../limits';
import { Email, Password, User } from './auth';
import { AuthenticationResponse } from './passkeys';

export { EMAIL_SAME, NEW_PASSWORD_SAME, NO_PROOF } from './accountBasics';

/** The current password as typed: only its presence and a sane length are the schema's business. */
const CurrentPassword = z.string().max(PASSWORD_MAX, FIELD_MESSAGES.passwordLong).optional();
/** Instead of the password: a passkey's answer to POST /api/account/passkeys/confirm/options. */
const PasskeyProof = AuthenticationResponse.optional();

export const PASSWORD_CHANGED =
  'Password changed. Every other device was signed out; this one stays signed in.';

/** POST /api/account/password */
export const ChangePasswordInput = z.object({
  currentPassword: CurrentPassword,
  passkey: PasskeyProof,
  newPassword: Password,
});
export type ChangePasswordInput = z.input<typeof ChangePasswordInput>;

/** POST /api/account/password's answer: how many other devices were signed out. */
export const ChangePasswordResponse = z.object({
  message: z.string(),
  signedOut: z.number().int(),
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

/** POST /api/account/email */
export const ChangeEmailInput = z.object({
  currentPassword: CurrentPassword,
  passkey: PasskeyProof,
  email: Email,
});
export type ChangeEmailInput = z.input<typeof ChangeEmailInput>;

/** POST /api/account/email's answer: the user with the new address. */
/** `notified`: the old address was told (false where this server sends no mail, or the mail failed). */
export const ChangeEmailResponse = z.object({ user: User, notified: z.boolean() });
export type ChangeEmailResponse = z.infer<typeof ChangeEmailResponse>;

/**
 * A device's public id: never the session's stored id (the hash of its cookie), but a hash of that
 * with another prefix, which opens nothing. 64 hex characters.
 */
export const DeviceId = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'Not a device id (64 hexadecimal characters)');

/** A browser signed in to the account. */
export const Device = z.object({
  id: z.string(),
  /** 'iPhone', 'Android phone', 'Mac', 'Windows PC'... or 'Unknown device' (domain/deviceName.ts). */
  device: z.string(),
  /** 'Safari', 'Chrome', 'Firefox'... or 'Unknown browser'. */
  browser: z.string(),
  /** When it was last used (to the minute), ISO 8601; null if unknown. */
  lastSeenAt: z.string().nullable(),
  /** When it signed in, ISO 8601; null for a session from before that was recorded. */
  signedInAt: z.string().nullable(),
  /** The device asking. */
  current: z.boolean(),
});
export type Device = z.infer<typeof Device>;

/** GET /api/account/devices: this device first, then the most recently seen. */
export const DevicesResponse = z.object({ devices: z.array(Device) });
export type DevicesResponse = z.infer<typeof DevicesResponse>;

/** POST /api/account/devices/:id/sign-out and /api/account/devices/sign-out-others */
export const SignOutResponse = z.object({ signedOut: z.number().int() });
export type SignOutResponse = z.infer<typeof SignOutResponse>;

export const CANNOT_SIGN_OUT_THIS =
  'This is the device you are using: use Log out in the menu to sign it out';
