import { cleanup, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanSettingsResponse } from '../../../domain/contract/planSettings';
import { buildSessionUser } from '../../../tests/factories/sessionUser';
import { renderPage } from '../../../tests/support/renderPage';
import { createToaster } from '../../ui/toaster';
import { authKeys } from '../auth/auth.queries';
import { PlanSettingsScreen } from './PlanSettingsScreen';
import { planSettingsKeys } from './plans.queries';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const operator = buildSessionUser({ isOperator: true });

const GRANTED_ONLY: PlanSettingsResponse = {
  paymentsEnabled: false,
  everyAccountPro: false,
  updatedAt: '2026-11-29T12:00:00.000Z',
  granted: [],
};

/** The server as the browser sees it: the rule, which a PUT replaces, and a refusal when asked. */
function serve(initial: PlanSettingsResponse, refuse = false) {
  let stored = initial;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/csrf-token') return Promise.resolve(Response.json({ csrfToken: 'csrf-1' }));
    if (url === '/api/settings/plans' && method === 'PUT') {
      if (refuse)
        return Promise.resolve(
          Response.json({ code: 'forbidden', message: 'Only the operator can.' }, { status: 403 }),
        );
      const { everyAccountPro } = JSON.parse(init!.body as string) as { everyAccountPro: boolean };
      stored = { ...stored, everyAccountPro, updatedAt: new Date().toISOString() };
    }
    if (url === '/api/settings/plans') return Promise.resolve(Response.json(stored));
    // A change asks again who has Pro, the operator's own account too.
    if (url === '/api/auth/user') return Promise.resolve(Response.json(operator));
    return Promise.reject(new TypeError('Failed to fetch'));
  });
}

/** Every value the app gives `radio`'s checked state from now on, in order. */
function checkedWrites(radio: HTMLInputElement): boolean[] {
  const writes: boolean[] = [];
  const own = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')!;
  Object.defineProperty(radio, 'checked', {
    configurable: true,
    get() {
      return own.get!.call(this) as boolean;
    },
    set(value: boolean) {
      writes.push(value);
      own.set!.call(this, value);
    },
  });
  return writes;
}

function renderScreen(settings: PlanSettingsResponse) {
  const toaster = createToaster();
  const view = renderPage(PlanSettingsScreen, {
    path: '/settings/plans',
    data: [
      [authKeys.user, operator],
      [planSettingsKeys.all, settings],
    ],
    toaster,
  });
  return { view, toaster };
}

describe('Settings → Plans', () => {
  it('a choice shows from the tap on and stays through its save: it never springs back to the old one', async () => {
    serve(GRANTED_ONLY);
    const { view, toaster } = renderScreen(GRANTED_ONLY);
    const every = (await view.findByRole('radio', {
      name: /Every account gets every tool/,
    })) as HTMLInputElement;
    const shown = checkedWrites(every);
    fireEvent.click(every);

    await waitFor(() => expect(toaster.current()?.header).toBe('Plans saved'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(every.isConnected && every.checked).toBe(true);
    // From the first moment it shows as chosen, it stays chosen.
    expect(shown.slice(shown.indexOf(true))).not.toContain(false);
  });

  it('a refused save puts the saved choice back and says why', async () => {
    serve(GRANTED_ONLY, true);
    const { view } = renderScreen(GRANTED_ONLY);
    const every = (await view.findByRole('radio', {
      name: /Every account gets every tool/,
    })) as HTMLInputElement;
    fireEvent.click(every);

    expect((await view.findByRole('alert')).textContent).toBe('Only the operator can.');
    expect(every.checked).toBe(false);
    expect(
      (view.getByRole('radio', { name: /Only the accounts I grant/ }) as HTMLInputElement).checked,
    ).toBe(true);
  });
});
