import { act, cleanup, render } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { syncStatus } from '../../data/syncStatus';
import { SyncStatusBadge } from './SyncStatusBadge';

afterEach(() => {
  cleanup();
  window.dispatchEvent(new Event('online'));
  syncStatus.setWaiting(null, 0);
});

describe("the header's connection mark", () => {
  it('shows nothing while all is well, sends on their way included', () => {
    const view = render(<SyncStatusBadge />);
    expect(view.container.innerHTML).toBe('');
    act(() => syncStatus.setWaiting(2, 0));
    expect(view.container.innerHTML).toBe('');
  });

  it("says 'Offline' with what waits, and 'N waiting' when sends are held up, as a status read out", () => {
    const view = render(<SyncStatusBadge />);
    act(() => {
      syncStatus.setWaiting(3, 0);
      window.dispatchEvent(new Event('offline'));
    });
    expect(view.getByRole('status').textContent).toBe('Offline· 3 waiting');
    act(() => {
      window.dispatchEvent(new Event('online'));
      syncStatus.setWaiting(3, 1);
    });
    expect(view.getByRole('status').textContent).toBe('1 waiting');
    act(() => syncStatus.setWaiting(0, 0));
    expect(view.queryByRole('status')).toBeNull();
  });

  it('takes over a prerendered page with no signal without a mismatch, then says Offline', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SyncStatusBadge />);
    document.body.append(container);
    window.dispatchEvent(new Event('offline'));
    const mismatches: unknown[] = [];
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <SyncStatusBadge />, {
        onRecoverableError: (error) => mismatches.push(error),
      });
    });
    expect(mismatches).toEqual([]);
    expect(container.textContent).toBe('Offline');
    act(() => root!.unmount());
    container.remove();
  });
});
