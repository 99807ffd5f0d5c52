import { describe, expect, it } from 'vitest';
import { hasProAccess, proAccessOf } from './subscription';

describe('who has the Pro tools', () => {
  it.each([
    // paid, granted, payments, rule → access
    [true, false, true, null, 'subscription'],
    [false, true, true, null, 'granted'],
    [false, false, true, true, 'none'],
    [false, false, false, null, 'everyone'],
    [false, false, false, true, 'everyone'],
    [false, false, false, false, 'none'],
    [false, true, false, false, 'granted'],
    [true, true, false, false, 'subscription'],
  ] as const)(
    'paid %s, granted %s, payments %s, every account %s: %s',
    (paid, granted, paymentsEnabled, everyAccountPro, access) => {
      expect(proAccessOf({ paid, granted, paymentsEnabled, everyAccountPro })).toBe(access);
    },
  );

  it('reads an answer without access, kept from an older server, as its paid subscription alone', () => {
    const older = { stripeCustomerId: null, stripeSubscriptionId: null };
    expect(hasProAccess({ ...older, subscriptionTier: 'pro', isActive: true })).toBe(true);
    expect(hasProAccess({ ...older, subscriptionTier: 'pro', isActive: false })).toBe(false);
    expect(
      hasProAccess({ ...older, subscriptionTier: 'none', isActive: false, access: 'everyone' }),
    ).toBe(true);
    expect(hasProAccess(null)).toBe(false);
  });
});
