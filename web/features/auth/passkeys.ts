/**
 * Passkeys in this browser: whether it can use them, and the ceremonies (@simplewebauthn/browser,
 * loaded only when one starts). The server makes every challenge (api/account/passkeys.routes.ts);
 * the browser asks the authenticator (Face ID, a fingerprint, the phone's PIN) to answer it.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { Passkey, PasskeyOptionsInput } from '../../../domain/contract/passkeys';
import { api, ApiError, NETWORK_ERROR_MESSAGE, OfflineError } from '../../data/api';
import { loginFailureMessage } from './authMessages';

const browserLib = () => import('@simplewebauthn/browser');

/** An IP address, which browsers refuse as a passkey's site: a page opened at http://127.0.0.1:8080. */
const IP_HOST = /^(\d+\.){3}\d+$|^\[/;

/**
 * The browser can make and use passkeys here: WebAuthn, in a secure context (https, or localhost),
 * on a site named by a domain, not an IP address.
 */
export function passkeysSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    typeof window.PublicKeyCredential === 'function' &&
    !IP_HOST.test(window.location.hostname)
  );
}

/**
 * Why a passkey ceremony failed, in the rep's words: the server's reason (a passkey it does not
 * know, a request expired), else the browser could not use one here.
 */
export function passkeyFailureMessage(error: unknown): string {
  // No signal is no fault of the rep's credentials: say what it is.
  if (error instanceof OfflineError) return NETWORK_ERROR_MESSAGE;
  if (error instanceof ApiError) return loginFailureMessage(error);
  if (alreadyOnThisDevice(error)) return PASSKEY_ALREADY_HERE;
  return PASSKEY_UNAVAILABLE;
}

export const PASSKEY_ALREADY_HERE =
  'This device already has a passkey for your account: you can sign in with it.';

/** The browser refused to make a second passkey for an account on an authenticator that has one. */
function alreadyOnThisDevice(error: unknown): boolean {
  const e = error as { name?: string; code?: string; cause?: { name?: string } } | null;
  return (
    e?.name === 'InvalidStateError' ||
    e?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' ||
    e?.cause?.name === 'InvalidStateError'
  );
}

export const PASSKEY_UNAVAILABLE =
  'This browser could not use a passkey just now. Try again, or sign in with your password.';

/** This device has its own authenticator (Face ID, a fingerprint, Windows Hello): worth offering one. */
export async function platformPasskeyAvailable(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  try {
    return await PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable();
  } catch {
    return false;
  }
}

/** The browser offers passkeys in the username field's autofill (conditional mediation). */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  try {
    return (await PublicKeyCredential.isConditionalMediationAvailable?.()) === true;
  } catch {
    return false;
  }
}

/**
 * The ceremony ended without an answer the rep meant to give: they closed the browser's sheet, or
 * another ceremony took its place (a tap on 'Sign in with a passkey' ends the autofill's).
 */
export function isPasskeyCancelled(error: unknown): boolean {
  const e = error as { name?: string; code?: string; cause?: { name?: string } } | null;
  return (
    e?.name === 'NotAllowedError' ||
    e?.name === 'AbortError' ||
    e?.code === 'ERROR_CEREMONY_ABORTED' ||
    e?.cause?.name === 'NotAllowedError' ||
    e?.cause?.name === 'AbortError'
  );
}

/** Ends a ceremony still waiting (the sign-in form's autofill when the form goes). */
export function cancelPasskeyCeremony(): void {
  void browserLib().then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
}

/**
 * A passkey's answer to a sign-in challenge (POST /api/auth/passkey/options). `autofill`: wait for
 * the rep to pick a passkey in the username field's suggestions instead of opening the sheet.
 */
export async function passkeySignInAnswer(autofill = false): Promise<AuthenticationResponseJSON> {
  const [{ startAuthentication }, optionsJSON] = await Promise.all([
    browserLib(),
    api.post<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkey/options'),
  ]);
  return startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
}

/** Makes a passkey on this device for the signed-in rep and keeps it on the server. */
export async function addPasskey(proof?: PasskeyOptionsInput): Promise<Passkey> {
  const [{ startRegistration }, optionsJSON] = await Promise.all([
    browserLib(),
    api.post<PublicKeyCredentialCreationOptionsJSON>('/api/account/passkeys/options', proof),
  ]);
  const response = await startRegistration({ optionsJSON });
  const { passkey } = await api.post<{ passkey: Passkey }>('/api/account/passkeys', { response });
  return passkey;
}
