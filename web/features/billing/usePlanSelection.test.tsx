import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../ui/ToastProvider';
import { createToaster, type ToastOptions } from '../../ui/toaster';
import { usePlanSelection } from './usePlanSelection';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The Team plan's button, as the pricing page wires it. */
function Pricing() {
  const { selectTeam } = usePlanSelection();
  return (
    <button type="button" onClick={selectTeam}>
      Contact us
    </button>
  );
}

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
  const router = createRouter({
    routeTree: createRootRoute({ component: Pricing }),
    history: createMemoryHistory({ initialEntries: ['/pricing'] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(
      <QueryClientProvider client={queryClient}>
        <ToastProvider toaster={toaster}>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    await router.load();
  });
  return { teamButton: view.getByRole('button', { name: 'Contact us' }), answer, toasts };
}

describe('the plan buttons while the session is still looked up', () => {
  it("a double tap on the Team plan shows 'Login Required' once", async () => {
    const page = await pricingForGuest();
    fireEvent.click(page.teamButton);
    fireEvent.click(page.teamButton);
    await act(async () => {
      page.answer();
      await vi.waitFor(() => expect(page.toasts).toHaveLength(1));
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.toasts.map((t) => t.header)).toEqual(['Login Required']);
  });
});
