import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyWithPreload } from './lazyWithPreload';

afterEach(cleanup);

const Badge = ({ label }: { label: string }) => <span>{label}</span>;

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
});
