import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, persistQueryCache } from '../../queryClient';
import { useClaimSetup, useSaveModelSettings, useTestModelConnection } from './settings.queries';

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The app's own query client, persisted as at boot. */
async function persistedClient() {
  const queryClient = createQueryClient();
  await persistQueryCache(queryClient);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

describe('the setup and model mutations offline', () => {
  it("the persisted cache never holds a mutation's variables, even one paused for a network", async () => {
    const { queryClient } = await persistedClient();
    onlineManager.setOnline(false);
    // Any mutation that pauses offline (TanStack's default network mode), carrying a secret.
    void queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationKey: ['anything'],
        mutationFn: (variables: { apiKey: string }) => Promise.resolve(variables),
      })
      .execute({ apiKey: 'sk-secret-123' })
      .catch(() => undefined);
    queryClient.setQueryData(['auth', 'user'], { id: 1 });
    // The persister writes at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const saved = localStorage.getItem('pitchpad-query-cache') ?? '';
    expect(saved).toContain('"auth"');
    expect(saved).not.toContain('sk-secret-123');
  });

  it('claim, Test and Save fail at once offline with a reason, never paused behind a spinner', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    // No retries here: the point is that each one runs at all.
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    onlineManager.setOnline(false);
    const { result } = renderHook(
      () => ({
        claim: useClaimSetup(),
        save: useSaveModelSettings(),
        test: useTestModelConnection(),
      }),
      { wrapper },
    );
    act(() => {
      result.current.claim.mutate('tok-1');
      result.current.save.mutate({
        baseUrl: null,
        apiKey: 'sk-1',
        defaultModel: 'm',
        models: ['m'],
      });
      result.current.test.mutate({ apiKey: 'sk-1' });
    });
    await waitFor(() =>
      expect([
        result.current.claim.status,
        result.current.save.status,
        result.current.test.status,
      ]).toEqual(['error', 'error', 'error']),
    );
    expect(
      result.current.claim.isPaused || result.current.save.isPaused || result.current.test.isPaused,
    ).toBe(false);
  });
});
