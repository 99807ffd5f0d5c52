import { describe, expect, it } from 'vitest';
import { formatPrice } from './formatPrice';

describe('formatPrice', () => {
  it.each([
    [10, 'usd', '$10'],
    [29.5, 'usd', '$29.50'],
    [9.99, 'USD', '$9.99'],
    [1234.5, 'usd', '$1,234.50'],
    [1000000, 'usd', '$1,000,000'],
    [0, 'usd', '$0'],
    [12, 'eur', '€12'],
    [12.3, 'gbp', '£12.30'],
    [15, 'cad', 'CA$15'],
    [20, 'jpy', '¥20'],
    [20.5, 'chf', 'CHF\u00a020.50'],
  ])('%s %s reads %s', (amount, currency, shown) => {
    expect(formatPrice(amount, currency)).toBe(shown);
  });

  it('writes the usual currencies as Intl.NumberFormat does in en-US', () => {
    for (const currency of ['usd', 'eur', 'gbp', 'cad', 'aud']) {
      for (const amount of [0, 7, 19.9, 1234, 98765.43]) {
        const digits = Number.isInteger(amount) ? 0 : 2;
        const intl = new Intl.NumberFormat('en-US', {
          style: 'currency',
          currency: currency.toUpperCase(),
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        expect(formatPrice(amount, currency)).toBe(intl.format(amount));
      }
    }
  });
});
