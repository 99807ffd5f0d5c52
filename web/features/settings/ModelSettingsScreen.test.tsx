import { readFileSync } from 'node:fs';
import { cleanup, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../domain/contract/auth';
import { buildSessionUser } from '../../../tests/factories/sessionUser';
import { createToaster } from '../../ui/toaster';
import { authKeys } from '../auth/auth.queries';
import { ModelSettingsScreen } from './ModelSettingsScreen';
import { settingsKeys, type ModelSettings } from './settings.queries';
import { renderPage } from '../../../tests/support/renderPage';
import { NO_MODEL_SETTINGS, savedModelSettings } from '../../../tests/factories/modelSettings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const person = buildSessionUser();

/** The screen as the server's answers leave it: who is signed in, and the stored settings. */
function renderScreen(user: User, settings?: ModelSettings) {
  return renderPage(ModelSettingsScreen, {
    path: '/settings/model',
    data: [[authKeys.user, user], ...(settings ? [[settingsKeys.model, settings] as const] : [])],
    toaster: createToaster(),
  });
}

/** The server's answers: a CSRF token, the settings when given, and 401 (the session ended) for everything else. */
function serveSessionEnded(settings?: ModelSettings) {
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    if (url === '/api/csrf-token') return Promise.resolve(Response.json({ csrfToken: 'csrf-1' }));
    if (settings && url === '/api/settings/model' && (init?.method ?? 'GET') === 'GET')
      return Promise.resolve(Response.json(settings));
    return Promise.resolve(
      Response.json({ code: 'unauthorized', message: 'Not signed in' }, { status: 401 }),
    );
  });
}

describe('Settings → Model', () => {
  it('tells anyone but the operator who can change it, with the way back', async () => {
    const view = renderScreen(person);
    expect(
      await view.findByRole('heading', { name: 'Only the operator can change this' }),
    ).toBeTruthy();
    expect(view.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(view.queryByRole('form')).toBeNull();
  });

  it("shows a saved key only as 'A key is saved' with Replace and Remove, never the key", async () => {
    const saved = savedModelSettings();
    const view = renderScreen({ ...person, isOperator: true }, saved);
    expect(await view.findByText('A key is saved')).toBeTruthy();
    expect(view.getByRole('button', { name: 'Replace' })).toBeTruthy();
    expect(view.getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(view.container.querySelector('input[type="password"]')).toBeNull();
    expect((view.getByRole('textbox', { name: 'Base URL' }) as HTMLInputElement).value).toBe(
      'http://localhost:11434/v1',
    );
    expect((view.getByRole('checkbox', { name: 'llama3.2' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it("shows what the environment sets read-only, marked 'Set by the environment'", async () => {
    const saved = savedModelSettings({
      baseUrl: 'http://10.0.0.5:8000/v1',
      defaultModel: 'gpt-4o',
      models: ['gpt-4o', 'gpt-4o-mini'],
      locked: { baseUrl: true, apiKey: true, models: true },
      updatedAt: null,
    });
    const view = renderScreen({ ...person, isOperator: true }, saved);
    await view.findByRole('form', { name: 'Model settings' });
    expect(view.getAllByText('Set by the environment')).toHaveLength(3);
    for (const fieldset of view.container.querySelectorAll('fieldset'))
      expect(fieldset.disabled).toBe(true);
    expect(view.queryByRole('button', { name: 'Replace' })).toBeNull();
    expect((view.getByRole('textbox', { name: 'Base URL' }) as HTMLInputElement).readOnly).toBe(
      true,
    );
  });

  it('a new address or provider asks for the key again: the saved one is not sent there', async () => {
    const saved = savedModelSettings();
    const view = renderScreen({ ...person, isOperator: true }, saved);
    const url = await view.findByRole('textbox', { name: 'Base URL' });
    fireEvent.change(url, { target: { value: 'http://10.0.0.9:8000/v1' } });
    expect(view.queryByText('A key is saved')).toBeNull();
    const key = view.getByLabelText('Paste the key');
    expect(key.getAttribute('type')).toBe('password');
    expect(
      view.getByText(
        'The saved key is not sent to a new address: enter the key for this server (or leave it empty if it needs none).',
      ).id,
    ).toBe(key.getAttribute('aria-describedby'));
    // Back to the saved address: the saved key again.
    fireEvent.change(url, { target: { value: 'http://localhost:11434/v1' } });
    expect(view.getByText('A key is saved')).toBeTruthy();
    fireEvent.click(view.getByRole('radio', { name: /OpenAI\s*With your OpenAI API key/ }));
    expect(view.queryByText('A key is saved')).toBeNull();
    expect(view.getByLabelText('Paste the key')).toBeTruthy();
  });

  it("keeps Test's live region in the page while it is empty, so its result is announced", async () => {
    const saved = NO_MODEL_SETTINGS;
    const view = renderScreen({ ...person, isOperator: true }, saved);
    await view.findByRole('form', { name: 'Model settings' });
    const region = view.container.querySelector('.settings-test__result[aria-live="polite"]');
    expect(region?.childElementCount).toBe(0);
    // jsdom applies no stylesheet: read the rules that would hide the empty region.
    const hidingRules =
      /\.settings-test__result(:empty)?\s*\{[^}]*(display:\s*none|visibility:\s*hidden)/;
    const settingsCss = readFileSync('web/features/settings/settings.css', 'utf8');
    expect(settingsCss).toContain('.settings-test__result');
    expect(settingsCss).not.toMatch(hidingRules);
  });

  it('a session that ended leads to sign-in and back here, not to "Only the operator"', async () => {
    serveSessionEnded();
    const view = renderScreen({ ...person, isOperator: true });
    await waitFor(() =>
      expect(view.router.state.location.href).toBe('/auth/login?redirect=settings%2Fmodel'),
    );
    expect(view.queryByRole('heading', { name: 'Only the operator can change this' })).toBeNull();
  });

  it('a Save refused because the session ended says so, with the way to sign in again', async () => {
    const saved = savedModelSettings({ hasApiKey: false });
    serveSessionEnded(saved);
    const view = renderScreen({ ...person, isOperator: true }, saved);
    fireEvent.click(await view.findByRole('button', { name: 'Save' }));
    const signIn = await view.findByRole('link', { name: 'Sign in again' });
    expect(signIn.getAttribute('href')).toBe('/auth/login?redirect=settings%2Fmodel');
    const model = view.getByRole('form', { name: 'Model settings' });
    expect(model.querySelector('[role="alert"]')?.textContent).toMatch(/Your session has ended/);
  });
});
