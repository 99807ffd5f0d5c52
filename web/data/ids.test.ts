import { describe, expect, it } from 'vitest';
import { uuidv7 } from './ids';

describe('uuidv7', () => {
  it('is a version 7, variant 10xx UUID', () => {
    expect(uuidv7()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('starts with the creation time in milliseconds, so ids sort by age', () => {
    const at = Date.UTC(2026, 2, 5, 15, 7);
    expect(parseInt(uuidv7(at).replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    expect(uuidv7(at) < uuidv7(at + 1)).toBe(true);
  });

  it('differs every time', () => {
    const ids = new Set(Array.from({ length: 200 }, () => uuidv7(0)));
    expect(ids.size).toBe(200);
  });
});
