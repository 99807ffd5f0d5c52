// /account → Passkeys: what the rep sees when the server asks a session that began a while ago to
// prove it is the owner before adding a passkey. The server's answers are played by a stubbed fetch
// (the API tests, api/account/passkeys.test.ts, hold the server to them); the browser's passkey
// sheet by a stand-in for @simplewebauthn/browser.
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_PROOF } from '../../../domain/contract/account';
import type { Passkey } from '../../../domain/contract/passkeys';
import { api } from '../../data/api';
import { createToaster } from '../../ui/toaster';
import { ToastProvider } from '../../ui/ToastProvider';
import { PasskeysSection } from './PasskeysSection';

vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: () => Promise.resolve({ id: 'cred-1', response: {}, type: 'public-key' }),
}));

const WRONG = 'Your current password is not right.';
const PASSKEY: Passkey = {
  id: 'cred-1',
  deviceName: 'iPhone',
  createdAt: '2026-11-26T12:00:00.000Z',
  lastUsedAt: null,
};

/** The server: a session an hour old; what each options request carried is noted. */
function serve(sessionIsFresh: boolean) {
  const asked: unknown[] = [];
  let stored = false;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (url === '/api/csrf-token') return Response.json({ csrfToken: 'csrf-1' });
    if (url === '/api/account/passkeys' && method === 'GET')
      return Response.json({ passkeys: stored ? [PASSKEY] : [] });
    if (url === '/api/account/passkeys/options') {
      const body = init.body ? JSON.parse(String(init.body)) : {};
      asked.push(body);
      if (!sessionIsFresh && body.currentPassword !== 'right') {
        const why = body.currentPassword ? WRONG : NO_PROOF;
        return Response.json(
          { code: 'wrong_password', message: why, fields: { currentPassword: why } },
          { status: 403 },
        );
      }
      return Response.json({ challenge: 'c', rp: { name: 'Pitchpad' } });
    }
    if (url === '/api/account/passkeys' && method === 'POST') {
      stored = true;
      return Response.json({ passkey: PASSKEY }, { status: 201 });
    }
    return Response.json({ code: 'not_found', message: 'Not found' }, { status: 404 });
  });
  return { asked, isStored: () => stored };
}

beforeEach(() => {
  api.resetCsrfToken();
  // A browser that has passkeys, at a host name (browsers refuse them at an IP address).
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider toaster={createToaster()}>
        <PasskeysSection userId={7} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const PROOF_FORM = { name: 'Confirm it is you to add a passkey' };

describe('adding a passkey on /account', () => {
  it('a session that began a while ago is asked for the current password first, then the passkey is added', async () => {
    const server = serve(false);
    const view = renderSection();
    await view.findByText('No passkeys yet.');

    fireEvent.click(view.getByRole('button', { name: 'Add a passkey' }));
    const form = await view.findByRole('form', PROOF_FORM);
    // Asked, not scolded: no error shows before the rep has typed anything.
    expect(view.queryByRole('alert')).toBeNull();
    expect(view.queryByRole('button', { name: 'Add a passkey' })).toBeNull();

    fireEvent.input(view.getByLabelText('Current password'), { target: { value: 'not-it' } });
    fireEvent.submit(form);
    await view.findByText(WRONG);
    expect(server.isStored()).toBe(false);

    fireEvent.input(view.getByLabelText('Current password'), { target: { value: 'right' } });
    fireEvent.submit(form);
    await waitFor(() => expect(server.isStored()).toBe(true));
    await waitFor(() => expect(view.queryByRole('form', PROOF_FORM)).toBeNull());
    expect(view.getByRole('list', { name: 'Your passkeys' }).textContent).toContain('iPhone');
    expect(server.asked).toEqual([{}, { currentPassword: 'not-it' }, { currentPassword: 'right' }]);
  });

  it('a session that has just begun adds it at once, asking nothing', async () => {
    const server = serve(true);
    const view = renderSection();
    await view.findByText('No passkeys yet.');
    fireEvent.click(view.getByRole('button', { name: 'Add a passkey' }));
    await waitFor(() => expect(server.isStored()).toBe(true));
    expect(view.queryByRole('form', PROOF_FORM)).toBeNull();
    expect(server.asked).toEqual([{}]);
  });

  it('Cancel leaves the proof and shows Add a passkey again', async () => {
    serve(false);
    const view = renderSection();
    await view.findByText('No passkeys yet.');
    fireEvent.click(view.getByRole('button', { name: 'Add a passkey' }));
    await view.findByRole('form', PROOF_FORM);
    // The proof's form took the button's place, and the focus with it; Cancel gives it to the title.
    await waitFor(() =>
      expect(document.activeElement).toBe(view.getByLabelText('Current password')),
    );
    fireEvent.click(view.getByRole('button', { name: 'Cancel' }));
    await view.findByRole('button', { name: 'Add a passkey' });
    expect(view.queryByRole('form', PROOF_FORM)).toBeNull();
    expect(document.activeElement).toBe(view.getByRole('heading', { name: 'Passkeys' }));
  });

  it('with no signal the list says when it will show, instead of loading for ever', async () => {
    serve(true);
    onlineManager.setOnline(false);
    try {
      const view = renderSection();
      await view.findByText('Your passkeys show here once you are back online.');
      onlineManager.setOnline(true);
      await view.findByText('No passkeys yet.');
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
