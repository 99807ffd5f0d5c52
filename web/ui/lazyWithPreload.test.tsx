import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from './lazyWithPreload';

afterEach(cleanup);

const Badge = ({ label }: { label: string }) => <span>{label}</span>;

/** Draws the lazy piece on a page of its own, as the header's mark is, and lets its load settle. */
async function drawOnAPage(Lazy: ComponentType<{ label: string }>) {
  render(
    <div>
      <p>The landing page</p>
      <Suspense fallback={null}>
        <Lazy label="Offline" />
      </Suspense>
    </div>,
  );
  await act(async () => {});
}

describe('lazyWithPreload', () => {
  it('draws a preloaded component in the first commit, with no fallback', async () => {
    const Lazy = lazyWithPreload(() => Promise.resolve(Badge));
    await Lazy.preload();
    render(
      <Suspense fallback={<span>loading</span>}>
        <Lazy label="Saved history" />
      </Suspense>,
    );
    // Synchronously, in the render's own commit.
    expect(screen.getByText('Saved history')).toBeDefined();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('loads on first render when not preloaded, showing the fallback meanwhile, and loads once', async () => {
    let loads = 0;
    const Lazy = lazyWithPreload(() => {
      loads++;
      return Promise.resolve(Badge);
    });
    render(
      <Suspense fallback={<span>loading</span>}>
        <Lazy label="Online" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeDefined();
    await act(() => Lazy.preload());
    expect(await screen.findByText('Online')).toBeDefined();
    expect(loads).toBe(1);
  });

  it('with no signal, draws nothing in its place and loads it once the signal returns', async () => {
    let loads = 0;
    const Lazy = lazyWithPreload(() => {
      loads++;
      return loads === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(Badge);
    });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await drawOnAPage(Lazy);
    expect(loads).toBe(1);
    expect(screen.getByText('The landing page')).toBeDefined();
    expect(screen.queryByText('Offline')).toBeNull();

    online.mockReturnValue(true);
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Offline')).toBeDefined();
    expect(loads).toBe(2);
    online.mockRestore();
  });

  it('leaves the piece out, and the screen as it was, when its code cannot be fetched at all', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const Lazy = lazyWithPreload<{ label: string }>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await drawOnAPage(Lazy);
    expect(screen.getByText('The landing page')).toBeDefined();
    expect(screen.queryByText('Offline')).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    // A failed preload is not kept: the next one tries again.
    await expect(Lazy.preload()).rejects.toThrow('Failed to fetch');
  });
});
