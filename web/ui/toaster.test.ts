import { describe, expect, it, vi } from 'vitest';
import { createToaster } from './toaster';

describe('the toaster', () => {
  it('shows one toast at a time, 5000 ms unless told', () => {
    const toaster = createToaster();
    const listener = vi.fn();
    toaster.subscribe(listener);
    toaster.show({ header: 'First' });
    toaster.show({ header: 'Second', message: 'Replaces the first', duration: 3000 });
    expect(toaster.current()).toMatchObject({
      header: 'Second',
      message: 'Replaces the first',
      duration: 3000,
    });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('ignores the dismissal of a toast that was already replaced', () => {
    const toaster = createToaster();
    toaster.show({ header: 'First' });
    const first = toaster.current()?.id ?? -1;
    toaster.show({ header: 'Second' });
    toaster.dismiss(first);
    expect(toaster.current()?.header).toBe('Second');
    expect(createToaster().current()).toBeNull();
  });

  it('defaults to five seconds on screen', () => {
    const toaster = createToaster();
    toaster.show({ header: 'Hello' });
    expect(toaster.current()?.duration).toBe(5000);
  });

  it('carries an action button (a save toast offers Rename)', () => {
    const toaster = createToaster();
    const handler = vi.fn();
    toaster.show({ header: 'Saved', action: { label: 'Rename', handler } });
    expect(toaster.current()?.action).toEqual({ label: 'Rename', handler });
    toaster.show({ header: 'Plain' });
    expect(toaster.current()?.action).toBeUndefined();
  });
});
