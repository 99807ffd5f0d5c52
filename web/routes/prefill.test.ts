import { describe, expect, it } from 'vitest';
import { flowPrefill } from './prefill';

describe("a flow's prefilled first answer", () => {
  it("only a short plain text is taken from a reply's link", () => {
    expect(flowPrefill('Dana Ortiz at Freightly')).toBe('Dana Ortiz at Freightly');
    expect(flowPrefill('x'.repeat(201))).toBeUndefined();
    expect(flowPrefill('Dana\u0000')).toBeUndefined();
    expect(flowPrefill({ name: 'Dana' })).toBeUndefined();
    expect(flowPrefill(42)).toBe('42');
    expect(flowPrefill('   ')).toBeUndefined();
  });
});
