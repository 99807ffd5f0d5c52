/**
 * The setup link's token, kept in this tab's sessionStorage between opening the link and claiming
 * (the visitor may sign in or register first): never in the address, gone with the tab, and removed
 * once used. Every access is guarded: a blocked storage only means the link must be opened again.
 */
const TOKEN_KEY = 'setupToken';
/** Set when the visitor leaves to sign in or register from the setup page: back here, it claims at once. */
const RETURNING_KEY = 'setupReturning';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // Storage full or blocked: see above.
  }
}

export function keepSetupToken(token: string): void {
  write(TOKEN_KEY, token.trim());
}

export function readSetupToken(): string | null {
  try {
    return storage()?.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function forgetSetupToken(): void {
  write(TOKEN_KEY, null);
  write(RETURNING_KEY, null);
}

export function markLeavingToSignIn(): void {
  write(RETURNING_KEY, '1');
}

/** True once after the visitor came back from signing in; reading it clears it. */
export function takeReturningFromSignIn(): boolean {
  try {
    const returning = storage()?.getItem(RETURNING_KEY) === '1';
    write(RETURNING_KEY, null);
    return returning;
  } catch {
    return false;
  }
}
