import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../domain/contract/auth';
import { buildSessionUser } from '../../../tests/factories/sessionUser';
import type { CapabilitiesResponse } from '../../../domain/contract/settings';
import { screenDrawn, startHydrating } from '../../prerender/takeover';
import { authKeys } from '../auth/auth.queries';
import { capabilitiesKey } from '../settings/modelStatus';
import { IdeaBox } from './IdeaBox';

afterEach(cleanup);

function typeIdea(input: HTMLInputElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

/** The server's answers, as the cache holds them once they arrive: who is signed in, and whether a model is connected. */
function withServerAnswers(
  element: React.ReactElement,
  { user = null, capabilities }: { user?: User | null; capabilities?: CapabilitiesResponse } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  queryClient.setQueryData(authKeys.user, user);
  if (capabilities) queryClient.setQueryData(capabilitiesKey, capabilities);
  return <QueryClientProvider client={queryClient}>{element}</QueryClientProvider>;
}

function renderWith(...args: Parameters<typeof withServerAnswers>) {
  return render(withServerAnswers(...args));
}

function setup() {
  const onAnalyze = vi.fn();
  const view = renderWith(<IdeaBox onAnalyze={onAnalyze} />, {
    capabilities: { modelConnected: true },
  });
  const input = view.getByRole('textbox', { name: 'Your startup idea' }) as HTMLInputElement;
  const button = view.getByRole('button', {
    name: 'Analyze (without signing up)',
  }) as HTMLButtonElement;
  return {
    onAnalyze,
    input,
    button,
    form: view.container.querySelector('form') as HTMLFormElement,
  };
}

describe('the landing idea box', () => {
  it("disables 'Analyze (without signing up)' while the idea is blank", () => {
    const { input, button } = setup();
    expect(button.disabled).toBe(true);
    typeIdea(input, '   ');
    expect(button.disabled).toBe(true);
  });

  it('enables it once there is an idea, and hands over the trimmed idea', () => {
    const { input, button, form, onAnalyze } = setup();
    typeIdea(input, '  A marketplace for used lab equipment  ');
    expect(button.disabled).toBe(false);
    fireEvent.submit(form);
    expect(onAnalyze).toHaveBeenCalledWith('A marketplace for used lab equipment');
  });

  it('does nothing on submit while blank', () => {
    const { form, onAnalyze } = setup();
    fireEvent.submit(form);
    expect(onAnalyze).not.toHaveBeenCalled();
  });

  it('says under the disabled button what to type, and puts the line away (keeping its space) once there is an idea', () => {
    const { input, button } = setup();
    const hint = document.getElementById(button.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe('Type your idea above, in a sentence, to analyze it.');
    expect(hint.className).not.toContain('hidden');
    typeIdea(input, 'Inventory app for coffee shops');
    expect(button.hasAttribute('aria-describedby')).toBe(false);
    expect(hint.className).toContain('idea-box__needs--hidden');
  });
});

describe("the landing button's words", () => {
  afterEach(screenDrawn);

  it("says 'Analyze' to a signed-in rep", () => {
    const view = renderWith(<IdeaBox onAnalyze={vi.fn()} />, {
      user: buildSessionUser({ id: 7 }),
    });
    expect(view.getByRole('button', { name: 'Analyze' })).toBeTruthy();
    expect(view.container.textContent).not.toContain('No account needed');
  });

  it("hydrates the prerendered guest words without a mismatch, then says 'Analyze' once it knows the rep is signed in", async () => {
    const answers = { user: buildSessionUser({ id: 8 }), capabilities: { modelConnected: true } };
    // The build's HTML: drawn as for a guest, whoever will open it.
    startHydrating();
    const root = document.createElement('div');
    root.id = 'root';
    root.dataset.prerendered = '';
    root.innerHTML = renderToString(withServerAnswers(<IdeaBox onAnalyze={vi.fn()} />, answers));
    document.body.append(root);
    expect(root.querySelector('button')!.textContent).toBe('Analyze (without signing up)');

    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, withServerAnswers(<IdeaBox onAnalyze={vi.fn()} />, answers), {
        onRecoverableError: (error) => mismatches.push(error),
      });
    });
    expect(mismatches).toEqual([]);
    expect(root.querySelector('button')!.textContent).toBe('Analyze');
    root.remove();
  });
});

/** The hint line under the button that starts with `text`. */
const hiddenHint = (view: ReturnType<typeof render>, text: string) =>
  [...view.container.querySelectorAll('.idea-box__hint')].find((el) =>
    el.textContent?.startsWith(text),
  );

describe('the landing idea box without a model', () => {
  const noticeText = 'No AI model is connected: you get a worksheet built from your answers.';

  it("says what the visitor gets before 'Analyze', in the usual hint's place, once the server says no model is connected", () => {
    const view = renderWith(<IdeaBox onAnalyze={vi.fn()} />, {
      capabilities: { modelConnected: false },
    });
    const note = view.getByRole('note');
    expect(note.textContent).toBe(noticeText);
    // The usual promise (market size, pricing...) is hidden in its place, not shown beside it.
    expect(hiddenHint(view, 'Free')?.className).toContain('idea-box__hint--hidden');
    expect(view.queryByRole('link', { name: 'Connect a model' })).toBeNull();
  });

  it('draws the no-model line hidden from the start (so its space is kept) and shows nothing while the answer is unknown or a model is connected', () => {
    for (const capabilities of [undefined, { modelConnected: true }]) {
      const view = renderWith(<IdeaBox onAnalyze={vi.fn()} />, { capabilities });
      expect(view.queryByRole('note')).toBeNull();
      expect(hiddenHint(view, 'No AI model')?.className).toContain('idea-box__hint--hidden');
      view.unmount();
    }
  });

  it("offers the operator 'Connect a model'", async () => {
    const operator = buildSessionUser({ isOperator: true });
    // The link needs a router around it.
    const router = createRouter({
      routeTree: createRootRoute({ component: () => <IdeaBox onAnalyze={vi.fn()} /> }),
      history: createMemoryHistory(),
    });
    const view = renderWith(<RouterProvider router={router} />, {
      user: operator,
      capabilities: { modelConnected: false },
    });
    expect((await view.findByRole('link', { name: 'Connect a model' })).getAttribute('href')).toBe(
      '/settings/model',
    );
  });
});
