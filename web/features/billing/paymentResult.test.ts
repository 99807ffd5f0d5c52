import { describe, expect, it } from 'vitest';
import { paymentResult } from './paymentResult';

describe('the payment result page', () => {
  it('is a success when there is no session to check', () => {
    expect(paymentResult(undefined, 'pending')).toBe('success');
    expect(paymentResult('', 'failed')).toBe('success');
  });

  it('waits for the session lookup', () => {
    expect(paymentResult('cs_test_1', 'pending')).toBe('loading');
  });

  it('is a success when the session was read, and an issue when reading it failed in any way', () => {
    expect(paymentResult('cs_test_1', 'succeeded')).toBe('success');
    expect(paymentResult('cs_test_1', 'failed')).toBe('issue');
  });
});
