// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionKey, readSessionString, writeSessionString } from './storage';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const blocked = () => {
  throw new DOMException('blocked', 'SecurityError');
};

describe("this tab's small values", () => {
  it('are kept in sessionStorage only, and blocked storage loses the value without breaking anything', () => {
    writeSessionString(SessionKey.setupToken, 'tok-1');
    expect(readSessionString(SessionKey.setupToken)).toBe('tok-1');
    expect(localStorage.getItem(SessionKey.setupToken)).toBeNull();
    writeSessionString(SessionKey.setupToken, null);
    expect(readSessionString(SessionKey.setupToken)).toBeNull();

    // Safari private mode, a full quota, a blocked site: every call throws.
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(blocked);
    expect(() => writeSessionString(SessionKey.setupReturning, '1')).not.toThrow();
    expect(() => writeSessionString(SessionKey.setupReturning, null)).not.toThrow();
    expect(readSessionString(SessionKey.setupReturning)).toBeNull();
  });
});
