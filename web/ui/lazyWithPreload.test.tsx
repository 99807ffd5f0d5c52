import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
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
    let loads = 0;
    const Lazy = lazyWithPreload<{ label: string }>(() => {
      loads++;
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    });
    await drawOnAPage(Lazy);
    expect(screen.getByText('The landing page')).toBeDefined();
    expect(screen.queryByText('Offline')).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    // A failed load is not kept: the next preload fetches again.
    await expect(Lazy.preload()).rejects.toThrow('Failed to fetch');
    expect(loads).toBe(2);
  });

  it('lets an error of the code itself reach the screen', async () => {
    const Lazy = lazyWithPreload<{ label: string }>(() =>
      Promise.reject(new SyntaxError('Unexpected token')),
    );
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Caught>
        <Suspense fallback={null}>
          <Lazy label="Offline" />
        </Suspense>
      </Caught>,
    );
    expect(await screen.findByText('Caught: Unexpected token')).toBeDefined();
    reported.mockRestore();
  });
});

/** An error boundary that says what it caught, as the router's error screen does. */
class Caught extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Caught: {this.state.error.message}</p> : this.props.children;
  }
}
