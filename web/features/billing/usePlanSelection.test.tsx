import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../ui/ToastProvider';
import { createToaster, type ToastOptions } from '../../ui/toaster';
import { usePlanSelection } from './usePlanSelection';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The pricing page's plan choices for a guest, whose session lookup answers when `answer()` is called. */
async function pricingForGuest() {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  vi.stubGlobal('fetch', async () => {
    await answered;
    return new Response(null, { status: 401 });
  });
  const toasts: ToastOptions[] = [];
  const toaster = { ...createToaster(), show: (toast: ToastOptions) => void toasts.push(toast) };
  let choices!: ReturnType<typeof usePlanSelection>;
  function Pricing() {
    choices = usePlanSelection();
    return null;
  }
  const router = createRouter({ routeTree: createRootRoute({ component: Pricing }), history: createMemoryHistory({ initialEntries: ['/pricing'] }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <ToastProvider toaster={toaster}>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    await router.load();
  });
  return { choices: () => choices, answer, toasts };
}

describe('the plan buttons while the session is still looked up', () => {
  it("trust: 1. a double tap on the Team plan shows 'Login Required' once", async () => {
    const page = await pricingForGuest();
    page.choices().selectTeam();
    page.choices().selectTeam();
    await act(async () => {
      page.answer();
      await vi.waitFor(() => expect(page.toasts).toHaveLength(1));
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.toasts.map((t) => t.header)).toEqual(['Login Required']);
  });
});
