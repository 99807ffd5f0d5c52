import { describe, expect, it } from 'vitest';
import { groupThousands } from './numbers';

describe('groupThousands', () => {
  it.each([0, 7, 999, 1000, 4000, 12_000, 20_000, 123_456, 1_234_567, -1, -1000, -98_765_432])(
    'writes %d as en-US does',
    (n) => {
      expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
    },
  );

  it('leaves a fraction to Intl', () => {
    expect(groupThousands(1234.5)).toBe('1,234.5');
  });
});
