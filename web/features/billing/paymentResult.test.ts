import { describe, expect, it } from 'vitest';
import { paymentResult } from './paymentResult';

const found = (status: string, paymentStatus: string) => ({
  state: 'found' as const,
  checkout: { status, paymentStatus, subscriptionActive: status === 'complete' },
});

describe('the payment result page', () => {
  it('is never a success without a session to check', () => {
    expect(paymentResult(undefined, { state: 'pending' })).toBe('issue');
    expect(paymentResult('', { state: 'failed' })).toBe('issue');
  });

  it('waits for the session lookup', () => {
    expect(paymentResult('cs_test_1', { state: 'pending' })).toBe('loading');
  });

  it('is a success only for a finished, paid checkout', () => {
    expect(paymentResult('cs_test_1', found('complete', 'paid'))).toBe('success');
    expect(paymentResult('cs_test_1', found('complete', 'no_payment_required'))).toBe('success');
    expect(paymentResult('cs_test_1', found('open', 'unpaid'))).toBe('issue');
    expect(paymentResult('cs_test_1', found('expired', 'unpaid'))).toBe('issue');
  });

  it('is an issue when reading the session failed in any way', () => {
    expect(paymentResult('cs_test_1', { state: 'failed' })).toBe('issue');
  });
});
