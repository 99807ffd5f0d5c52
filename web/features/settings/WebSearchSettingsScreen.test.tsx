import { cleanup, fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  WebSearchSettingsInput,
  WebSearchSettingsResponse,
  WebSearchTestResponse,
} from '../../../domain/contract/webSearch';
import { buildSessionUser } from '../../../tests/factories/sessionUser';
import { renderPage } from '../../../tests/support/renderPage';
import { createToaster } from '../../ui/toaster';
import { authKeys } from '../auth/auth.queries';
import { WebSearchSettingsScreen } from './WebSearchSettingsScreen';
import { webSearchSettingsKey } from './webSearch.queries';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const operator = buildSessionUser({ isOperator: true });

const NOTHING_SAVED: WebSearchSettingsResponse = {
  kind: null,
  baseUrl: null,
  hasApiKey: false,
  locked: false,
  updatedAt: null,
};

const BRAVE_SAVED: WebSearchSettingsResponse = {
  kind: 'brave',
  baseUrl: null,
  hasApiKey: true,
  locked: false,
  updatedAt: '2026-11-29T12:00:00.000Z',
};

/**
 * The server as the browser sees it: the stored settings (which a PUT replaces and a DELETE
 * clears, as the real routes do), Test answered with `testAnswer()`, and every request noted.
 */
function serve(
  initial: WebSearchSettingsResponse,
  testAnswer: () => WebSearchTestResponse = () => ({ ok: true, results: 3 }),
) {
  let stored = initial;
  const sent: Array<{ method: string; url: string; body?: unknown }> = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/csrf-token') return Promise.resolve(Response.json({ csrfToken: 'csrf-1' }));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method, url, body });
    if (url === '/api/settings/web-search' && method === 'PUT') {
      const input = body as WebSearchSettingsInput;
      stored = {
        kind: input.kind,
        baseUrl: input.baseUrl,
        hasApiKey: typeof input.apiKey === 'string',
        locked: false,
        updatedAt: new Date().toISOString(),
      };
    }
    if (url === '/api/settings/web-search' && method === 'DELETE') stored = NOTHING_SAVED;
    if (url.startsWith('/api/settings/web-search/test'))
      return Promise.resolve(Response.json(testAnswer()));
    if (url.startsWith('/api/settings/web-search')) return Promise.resolve(Response.json(stored));
    if (url === '/api/capabilities')
      return Promise.resolve(Response.json({ modelConnected: true, webSearch: !!stored.kind }));
    return Promise.reject(new TypeError('Failed to fetch'));
  });
  return sent;
}

/** The screen as the operator opens it, the settings already loaded. */
function renderScreen(settings: WebSearchSettingsResponse) {
  return renderPage(WebSearchSettingsScreen, {
    path: '/settings/web-search',
    data: [
      [authKeys.user, operator],
      [webSearchSettingsKey, settings],
    ],
    toaster: createToaster(),
  });
}

describe('Settings → Web search', () => {
  it('choosing Brave and saving a key sends the key; the screen then says a key is saved, never showing it', async () => {
    const sent = serve(NOTHING_SAVED);
    const view = renderScreen(NOTHING_SAVED);
    fireEvent.click(await view.findByRole('radio', { name: /Brave Search/ }));
    const key = view.getByLabelText('API key');
    expect(key.getAttribute('type')).toBe('password');
    fireEvent.change(key, { target: { value: 'BSA-secret-123' } });
    fireEvent.click(view.getByRole('button', { name: 'Save' }));

    expect(await view.findByText('Saved; leave empty to keep it.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/settings/web-search',
        body: { kind: 'brave', baseUrl: null, apiKey: 'BSA-secret-123' },
      },
    ]);
    expect((view.getByLabelText('API key') as HTMLInputElement).value).toBe('');
    expect(view.container.innerHTML).not.toContain('BSA-secret-123');
    expect(view.getByText(/Research searches the web with Brave Search/)).toBeTruthy();
  });

  it('Test shows how many results the engine found, or what the server says went wrong', async () => {
    let answer: WebSearchTestResponse = { ok: true, results: 3 };
    serve(BRAVE_SAVED, () => answer);
    const view = renderScreen(BRAVE_SAVED);
    fireEvent.click(await view.findByRole('button', { name: 'Test' }));
    expect(await view.findByText('Found 3 results: it works.')).toBeTruthy();

    answer = { ok: false, message: 'Brave Search refused the API key (401).' };
    fireEvent.click(view.getByRole('button', { name: 'Test' }));
    expect(await view.findByText('Brave Search refused the API key (401).')).toBeTruthy();
    expect(view.queryByText('Found 3 results: it works.')).toBeNull();
  });

  it("SearXNG without its address shows the field's error, and nothing is sent", async () => {
    const sent = serve(NOTHING_SAVED);
    const view = renderScreen(NOTHING_SAVED);
    fireEvent.click(await view.findByRole('radio', { name: /SearXNG/ }));
    fireEvent.click(view.getByRole('button', { name: 'Save' }));

    const address = view.getByRole('textbox', { name: 'Your SearXNG instance’s address' });
    const error = await view.findByText('Enter your SearXNG instance’s address.');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(address.getAttribute('aria-describedby')).toContain(error.id);
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('Disconnect asks first, then removes the engine', async () => {
    const sent = serve(BRAVE_SAVED);
    const view = renderScreen(BRAVE_SAVED);
    fireEvent.click(await view.findByRole('button', { name: 'Disconnect' }));
    expect(view.getByRole('heading', { name: 'Disconnect web search?' })).toBeTruthy();
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([]);
    const dialog = view.getByRole('dialog');
    fireEvent.click(
      [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Disconnect')!,
    );
    expect(await view.findByText('No search engine yet.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it("an engine the environment sets shows read-only, marked 'Set by the environment'", async () => {
    const fromEnvironment: WebSearchSettingsResponse = {
      kind: 'searxng',
      baseUrl: 'http://10.0.0.5:8888',
      hasApiKey: false,
      locked: true,
      updatedAt: null,
    };
    serve(fromEnvironment);
    const view = renderScreen(fromEnvironment);
    await view.findByRole('form', { name: 'Web search settings' });
    expect(view.getByText('Set by the environment')).toBeTruthy();
    expect(view.getByText(/WEB_SEARCH_ENGINE/)).toBeTruthy();
    expect((view.getByRole('radio', { name: /SearXNG/ }) as HTMLInputElement).checked).toBe(true);
    for (const fieldset of view.container.querySelectorAll('fieldset'))
      expect(fieldset.disabled).toBe(true);
    const address = view.getByRole('textbox', {
      name: 'Your SearXNG instance’s address',
    }) as HTMLInputElement;
    expect(address.value).toBe('http://10.0.0.5:8888');
    expect(address.readOnly).toBe(true);
    expect(view.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(view.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    expect(view.getByRole('button', { name: 'Test' })).toBeTruthy();
  });
});
