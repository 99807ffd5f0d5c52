import { cleanup, fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CapabilitiesResponse } from '../../../domain/contract/settings';
import { RESET_LINK_SENT, RESET_OFF, RESET_TOO_MANY } from '../../../domain/passwordReset';
import { capabilitiesKey } from '../settings/modelStatus';
import { ForgotPasswordScreen } from './ForgotPasswordScreen';
import { renderPage } from '../../../tests/support/renderPage';

// jsdom draws nothing and has no scrolling; the screen keeps a focused field in view (useKeyboardInView).
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server as the browser sees it: a CSRF token, and POST /api/auth/forgot answered by `forgot`. */
function serve(forgot: () => Response) {
  vi.stubGlobal('fetch', (url: string) => {
    if (url === '/api/csrf-token') return Promise.resolve(Response.json({ csrfToken: 'csrf-1' }));
    if (url === '/api/auth/forgot') return Promise.resolve().then(forgot);
    return Promise.reject(new TypeError('Failed to fetch'));
  });
}

function renderForgot(capabilities: CapabilitiesResponse) {
  return renderPage(ForgotPasswordScreen, {
    path: '/auth/forgot',
    data: [[capabilitiesKey, capabilities]],
  });
}

describe('Forgot password', () => {
  it('on a server that cannot send mail, says whom to ask and offers no form', async () => {
    serve(() => Response.json({ message: RESET_LINK_SENT }));
    const view = renderForgot({ modelConnected: true, passwordReset: false });
    expect(await view.findByText(RESET_OFF)).toBeTruthy();
    expect(view.queryByLabelText('Email')).toBeNull();
    expect(view.getByRole('link', { name: 'Back to sign in' })).toBeTruthy();
  });

  it("answers with the server's one message once the link is asked for", async () => {
    serve(() => Response.json({ message: RESET_LINK_SENT }));
    const view = renderForgot({ modelConnected: true, passwordReset: true });
    fireEvent.change(await view.findByLabelText('Email'), {
      target: { value: 'rep@example.com' },
    });
    fireEvent.click(view.getByRole('button', { name: 'Send the link' }));
    expect((await view.findByRole('status')).textContent).toBe(RESET_LINK_SENT);
  });

  it('says so when this network asked too often', async () => {
    serve(() => Response.json({ code: 'rate_limited', message: RESET_TOO_MANY }, { status: 429 }));
    const view = renderForgot({ modelConnected: true, passwordReset: true });
    fireEvent.change(await view.findByLabelText('Email'), {
      target: { value: 'rep@example.com' },
    });
    fireEvent.click(view.getByRole('button', { name: 'Send the link' }));
    expect((await view.findByRole('alert')).textContent).toBe(RESET_TOO_MANY);
    expect(view.getByLabelText('Email')).toBeTruthy();
  });

  it('names a missing or malformed email under the field without asking the server', async () => {
    serve(() => {
      throw new Error('the server was asked');
    });
    const view = renderForgot({ modelConnected: true, passwordReset: true });
    fireEvent.click(await view.findByRole('button', { name: 'Send the link' }));
    expect(await view.findByText('Email is required')).toBeTruthy();
    fireEvent.change(view.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(view.getByRole('button', { name: 'Send the link' }));
    expect(await view.findByText('Enter a valid email address')).toBeTruthy();
  });
});
