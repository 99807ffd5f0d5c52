// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDelayedFlag } from './useDelayedFlag';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(initial: { active: boolean; restartKey?: unknown }) {
  return renderHook(({ active, restartKey }) => useDelayedFlag(active, 10_000, restartKey), {
    initialProps: initial,
  });
}

describe('the guest save prompt delay', () => {
  it('turns on 10 s after it became active, not before', () => {
    const { result } = setup({ active: true, restartKey: 1 });
    act(() => vi.advanceTimersByTime(9_999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('turns off at once when no longer active (a guest who logs in), and waits again after', () => {
    const { result, rerender } = setup({ active: true, restartKey: 1 });
    act(() => vi.advanceTimersByTime(10_000));
    rerender({ active: false, restartKey: 1 });
    expect(result.current).toBe(false);
    rerender({ active: true, restartKey: 2 });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(true);
  });

  it('never turns on while inactive', () => {
    const { result } = setup({ active: false });
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(false);
  });

  it('starts over for another analysis', () => {
    const { result, rerender } = setup({ active: true, restartKey: 'a' });
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(true);
    rerender({ active: true, restartKey: 'b' });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(true);
  });
});
