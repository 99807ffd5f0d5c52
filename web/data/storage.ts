/**
 * Small values kept in localStorage. Every access is guarded: Safari private mode and a full quota
 * throw, and losing one of these values must never break a screen.
 */

/** Every key this app writes, in one place so features agree on the names. */
export const StorageKey = {
  /** The idea typed on the landing page, read by onboarding. */
  startupIdea: 'startupIdea',
  /** Where to go after login, e.g. the checkout a guest chose on pricing. */
  postLoginTarget: 'postLoginTarget',
  /** A landing tool a guest picked: {title, interviewType}. */
  pendingChatDestination: 'pendingChatDestination',
  /** A message to send when the chat opens. */
  pendingMessage: 'pendingMessage',
  /** Saved history's 'new' badge: set when the first workflow is saved, and when it is clicked. */
  firstHistorySaved: 'firstHistorySaved',
  historyBadgeClicked: 'historyBadgeClicked',
  /** The three auth values cleared at logout. */
  authAttemptAt: 'authAttemptAt',
  authSuccessAt: 'authSuccessAt',
  authUserId: 'authUserId',
  /**
   * A logout made offline whose server session is still to be ended: {userId, at}. Not cleared at
   * logout (it is the logout); cleared once the session is gone (features/auth/pendingLogout.ts).
   */
  pendingLogout: 'pendingLogout',
  /** When the install banner was last dismissed (it stays away a while). */
  installBannerDismissedAt: 'installBannerDismissedAt',
  /** Set once the iOS 'Add to Home Screen' hint has been shown: it is shown once. */
  iosInstallHintShown: 'iosInstallHintShown',
  /**
   * What the founder typed on the no-model idea worksheet ({idea, entries}): the same idea's
   * worksheet opens with it again. Only the last idea's is kept.
   */
  ideaWorksheetEntries: 'ideaWorksheetEntries',
  /** The rep answered 'Tell me when it's ready?' ('Notify me' or 'Not now'): it is asked once per device. */
  draftReadyAsked: 'draftReadyAsked',
  /**
   * The accounts (ids) this device has offered 'Sign in faster next time' after a password sign-in:
   * each is offered once per device. Not cleared at logout.
   */
  passkeyOffered: 'passkeyOffered',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

export function readString(key: StorageKey): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value is a convenience, carry on without it.
  }
}

export function removeKey(key: StorageKey): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Same as above.
  }
}

/** Parsed JSON, or null when missing or unreadable. */
export function readJson<T>(key: StorageKey, isValid: (value: unknown) => value is T): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

/**
 * Small values kept for this tab only (sessionStorage): gone when the tab closes, never shared with
 * another tab. Guarded like the ones above: blocked storage only means the value is not kept.
 */
export const SessionKey = {
  /** The setup link's token, between opening the link and claiming the server (features/settings/setupToken.ts). */
  setupToken: 'setupToken',
  /** Set when the visitor leaves the setup page to sign in or register: back there, it claims at once. */
  setupReturning: 'setupReturning',
  /** The no-model idea worksheet this tab showed last, for a reload. */
  ideaWorksheetShown: 'ideaWorksheetShown',
} as const;
export type SessionKey = (typeof SessionKey)[keyof typeof SessionKey];

export function readSessionString(key: SessionKey): string | null {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value`, or removes the key when it is null. */
export function writeSessionString(key: SessionKey, value: string | null): void {
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value is not kept, as documented above.
  }
}
