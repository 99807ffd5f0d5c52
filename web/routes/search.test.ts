import { describe, expect, it } from 'vitest';
import { isAuthTab } from './auth';
import { analysisSearch } from './onboarding';
import { optionalText, optionalTextParams } from './search';

describe('optional text search params', () => {
  it('keeps text and turns the numbers the router JSON-parses back into text', () => {
    expect(optionalText('pricing')).toBe('pricing');
    expect(optionalText('')).toBe('');
    expect(optionalText(123)).toBe('123');
    expect(optionalText(1.5)).toBe('1.5');
  });

  it('drops anything else rather than failing the route', () => {
    for (const value of [undefined, null, true, {}, [], Number.NaN, Number.POSITIVE_INFINITY])
      expect(optionalText(value)).toBeUndefined();
  });

  it('validates only the listed keys, leaving out the unusable ones', () => {
    const validate = optionalTextParams('redirect', 'email');
    expect(validate({ redirect: 'pricing', email: 42, other: 'x' })).toEqual({
      redirect: 'pricing',
      email: '42',
    });
    expect(validate({ redirect: { nested: true } })).toEqual({});
    expect(Object.keys(validate({ redirect: undefined }))).toEqual([]);
  });
});

describe('the /auth/$tab param', () => {
  it('accepts the two tabs only', () => {
    expect(isAuthTab('login')).toBe(true);
    expect(isAuthTab('register')).toBe(true);
    expect(isAuthTab('logout')).toBe(false);
    expect(isAuthTab(undefined)).toBe(false);
  });
});

describe('the /onboarding ?analysis param', () => {
  it('keeps a positive whole id as a number, whether the router parsed it or not', () => {
    expect(analysisSearch({ analysis: 12 })).toEqual({ analysis: 12 });
    expect(analysisSearch({ analysis: '12' })).toEqual({ analysis: 12 });
  });

  it('drops anything else', () => {
    for (const analysis of [undefined, '', 'abc', 0, -3, 1.5, null, {}])
      expect(analysisSearch({ analysis })).toEqual({});
  });

  it('keeps ?start=true, the landing page asking for the analysis at once', () => {
    expect(analysisSearch({ start: true })).toEqual({ start: true });
    expect(analysisSearch({ start: 'true' })).toEqual({ start: true });
    for (const start of [false, 'false', 1, '', undefined])
      expect(analysisSearch({ start })).toEqual({});
  });
});

describe("a flow's prefilled first answer", () => {
  it('is never a /chat search param', async () => {
    const { chatSearch } = await import('./chat');
    expect(chatSearch({ flow: 'email', prefill: 'Dana Ortiz at Freightly' })).toEqual({
      flow: 'email',
    });
    expect(chatSearch({ prefill: 'Dana Ortiz at Freightly' })).toEqual({});
  });
});
