import { cleanup, fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../domain/contract/auth';
import { buildSessionUser } from '../../../tests/factories/sessionUser';
import { authKeys } from '../auth/auth.queries';
import { settingsKeys } from './settings.queries';
import { SetupScreen } from './SetupScreen';
import { keepSetupToken, readSetupToken } from './setupToken';
import { renderPage } from '../../../tests/support/renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const person = buildSessionUser();

/** The server as the browser sees it: a CSRF token, and the claim answered by `claim` (a network failure when it throws). */
function serve(claim: () => Response) {
  vi.stubGlobal('fetch', (url: string) => {
    if (url === '/api/csrf-token') return Promise.resolve(Response.json({ csrfToken: 'csrf-1' }));
    if (url === '/api/setup/claim') return Promise.resolve().then(claim);
    return Promise.reject(new TypeError('Failed to fetch'));
  });
}

const networkDown = (): Response => {
  throw new TypeError('Failed to fetch');
};

function renderSetup(user: User, operatorExists = false) {
  return renderPage(SetupScreen, {
    path: '/setup',
    data: [
      [authKeys.user, user],
      [settingsKeys.setupStatus, { operatorExists }],
    ],
  });
}

describe('claiming the server', () => {
  it("a claim that failed offline or on a busy server keeps the link, says why, and offers 'Try again'", async () => {
    keepSetupToken('tok-1');
    let answer = networkDown;
    serve(() => answer());
    const view = renderSetup(person);
    fireEvent.click(await view.findByRole('button', { name: 'Become the operator' }));
    expect(await view.findByRole('heading', { name: 'Could not reach the server' })).toBeTruthy();
    expect(readSetupToken()).toBe('tok-1');

    answer = () =>
      Response.json(
        { code: 'rate_limited', message: 'Too many tries: wait a minute.' },
        { status: 429 },
      );
    fireEvent.click(view.getByRole('button', { name: 'Try again' }));
    expect(await view.findByText(/Too many tries: wait a minute\./)).toBeTruthy();
    expect(readSetupToken()).toBe('tok-1');
    expect(view.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a refused token is forgotten, with no Try again', async () => {
    keepSetupToken('tok-1');
    serve(() =>
      Response.json(
        {
          code: 'setup_token_invalid',
          message: 'This setup link is not valid: it was used already.',
        },
        { status: 403 },
      ),
    );
    const view = renderSetup(person);
    fireEvent.click(await view.findByRole('button', { name: 'Become the operator' }));
    expect(await view.findByRole('heading', { name: 'This setup link is not valid' })).toBeTruthy();
    expect(readSetupToken()).toBeNull();
    expect(view.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('the link is forgotten when the server already has its operator, this user or another', async () => {
    keepSetupToken('tok-1');
    const view = renderSetup(person, true);
    expect(
      await view.findByRole('heading', { name: 'This Pitchpad already has an operator' }),
    ).toBeTruthy();
    expect(readSetupToken()).toBeNull();
    view.unmount();

    keepSetupToken('tok-2');
    const again = renderSetup({ ...person, isOperator: true }, true);
    expect(
      await again.findByRole('heading', { name: "You are this server's operator" }),
    ).toBeTruthy();
    expect(readSetupToken()).toBeNull();
  });
});
