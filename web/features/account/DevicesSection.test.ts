import { describe, expect, it } from 'vitest';
import { lastSeenText } from './DevicesSection';

describe('lastSeenText', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('says how long ago a device was last used, in words', () => {
    expect(lastSeenText(ago(30_000), now)).toBe('Active now');
    expect(lastSeenText(ago(5 * 60_000), now)).toBe('Last seen 5 minutes ago');
    expect(lastSeenText(ago(3 * 3_600_000), now)).toBe('Last seen 3 hours ago');
    expect(lastSeenText(ago(26 * 3_600_000), now)).toBe('Last seen yesterday');
    expect(lastSeenText(ago(9 * 86_400_000), now)).toBe('Last seen 9 days ago');
  });

  it('says so when it is not known', () => {
    expect(lastSeenText(null, now)).toBe('Last seen: unknown');
  });
});
