/**
 * The setup link's token, kept in this tab's sessionStorage between opening the link and claiming
 * (the visitor may sign in or register first): never in the address, gone with the tab, and removed
 * once used. A blocked storage (data/storage.ts guards every access) only means the link must be
 * opened again.
 */
import { SessionKey, readSessionString, writeSessionString } from '../../data/storage';

export function keepSetupToken(token: string): void {
  writeSessionString(SessionKey.setupToken, token.trim());
}

export function readSetupToken(): string | null {
  return readSessionString(SessionKey.setupToken) || null;
}

export function forgetSetupToken(): void {
  writeSessionString(SessionKey.setupToken, null);
  writeSessionString(SessionKey.setupReturning, null);
}

export function markLeavingToSignIn(): void {
  writeSessionString(SessionKey.setupReturning, '1');
}

/** True once after the visitor came back from signing in; reading it clears it. */
export function takeReturningFromSignIn(): boolean {
  const returning = readSessionString(SessionKey.setupReturning) === '1';
  writeSessionString(SessionKey.setupReturning, null);
  return returning;
}
