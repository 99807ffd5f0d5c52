// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PROFILE_FIELD_NAMES,
  type ProfilePatchResponse,
  type ProfileResponse,
} from '../../../domain/contract/profile';
import { buildSessionUser } from '../../../tests/factories/sessionUser';
import { api } from '../../data/api';
import { clearUserData, openUserDb } from '../../data/db';
import { uuidv7 } from '../../data/ids';
import { NOT_SAVED_HERE } from '../../ui/saveOrSay';
import { createToaster } from '../../ui/toaster';
import { authKeys } from '../auth/auth.queries';
import { PROFILE_SECTIONS } from './profileSections';
import { PROFILE_EDIT, PROFILE_LINE, pullProfile, readLocalProfile } from './profileStore';
import { ProfileScreen, SAVED } from './ProfileScreen';
import { renderPage } from '../../../tests/support/renderPage';

beforeAll(() => {
  // jsdom scrolls nothing.
  Element.prototype.scrollIntoView ??= () => {};
});

let userId = 9100;
beforeEach(() => {
  userId += 1;
  api.resetCsrfToken();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
  await clearUserData();
});

const T1 = '2026-11-26T15:04:00.000Z';
const T2 = '2026-11-26T15:10:00.000Z';

/** The server, as far as the screen asks it: its profile, and what each call sent. */
function serve(profile: ProfileResponse, extract?: () => Response, refusePatch?: () => Response) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body });
    if (url === '/api/csrf-token') return Promise.resolve(Response.json({ csrfToken: 'csrf-1' }));
    if (url === '/api/profile' && method === 'GET') return Promise.resolve(Response.json(profile));
    if (url === '/api/profile' && method === 'PATCH' && refusePatch)
      return Promise.resolve(refusePatch());
    if (url === '/api/profile' && method === 'PATCH') {
      const { edits } = body as { edits: { field: 'company'; value: string; editedAt: string }[] };
      for (const edit of edits)
        profile.fields[edit.field] = { value: edit.value, editedAt: edit.editedAt };
      const answer: ProfilePatchResponse = {
        ...profile,
        outcomes: edits.map((edit) => ({ field: edit.field, outcome: 'applied' })),
      };
      return Promise.resolve(Response.json(answer));
    }
    if (url === '/api/profile/extract' && extract) return Promise.resolve(extract());
    return Promise.resolve(
      Response.json({ code: 'not_found', message: 'Not found' }, { status: 404 }),
    );
  });
  return sent;
}

/** Paste the company's About page into 'Fill from text' and tap 'Read my fields': the box, and what the screen said. */
async function pasteAndRead(view: ReturnType<typeof renderScreen>) {
  const text = view.getByLabelText(/Paste your About page/) as HTMLTextAreaElement;
  fireEvent.change(text, { target: { value: 'Freightly books dock appointments.' } });
  fireEvent.click(view.getByRole('button', { name: 'Read my fields' }));
  return { text, alert: await view.findByRole('alert') };
}

function renderScreen(path = '/profile', toaster = createToaster()) {
  return renderPage(ProfileScreen, {
    path,
    data: [[authKeys.user, buildSessionUser({ id: userId })]],
    toaster,
  });
}

describe('the profile screen', () => {
  it('lists every field of the profile once, in its order', () => {
    expect(PROFILE_SECTIONS.flatMap((section) => section.fields.map((f) => f.name))).toEqual(
      PROFILE_FIELD_NAMES,
    );
  });

  it("a field two devices changed at once shows the other edit; 'Use this instead' saves it on top of the current one and the note goes", async () => {
    const sent = serve({
      fields: {
        company: {
          value: 'Freightly',
          editedAt: T2,
          replaced: { value: 'Freightly Inc.', editedAt: T1 },
        },
      },
    });
    const view = renderScreen();
    const note = await view.findByRole('note');
    expect(note.textContent).toContain('“Freightly Inc.”');
    const company = view.getByLabelText('Company') as HTMLInputElement;
    expect(company.value).toBe('Freightly');

    fireEvent.click(view.getByRole('button', { name: 'Use this instead' }));
    await waitFor(() => expect(company.value).toBe('Freightly Inc.'));
    await waitFor(() => expect(view.queryByRole('note')).toBeNull());
    // Sent as an edit of what the server holds now, which clears the note there too.
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'PATCH')?.body).toMatchObject({
        edits: [{ field: 'company', value: 'Freightly Inc.', base: T2 }],
      }),
    );
    const db = openUserDb(userId);
    await waitFor(async () => expect((await readLocalProfile(db)).pending).toEqual({}));
    expect(view.queryByRole('note')).toBeNull();
  });

  it('an edit the server refused for good is shown with its reason until dismissed', async () => {
    serve({ fields: {} });
    const db = openUserDb(userId);
    await db.outbox.add({
      clientId: uuidv7(),
      kind: PROFILE_EDIT,
      line: PROFILE_LINE,
      payload: { edits: [{ field: 'website', value: 'x', editedAt: T1, base: null }] },
      state: 'failed',
      lastError: 'edits.0.value: website must be a web link like https://acme.com, or blank',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: 1,
      updatedAt: 1,
    });
    const view = renderScreen();
    const alert = await view.findByRole('alert');
    expect(alert.textContent).toContain('Not saved: Website.');
    expect(alert.textContent).toContain('website must be a web link');
    fireEvent.click(view.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(view.queryByRole('alert')).toBeNull());
    expect(await db.outbox.count()).toBe(0);
  });

  it("a save the server refuses shows 'Not saved' with its reason and never 'Saved.', not even once dismissed", async () => {
    serve({ fields: {} }, undefined, () =>
      Response.json(
        { code: 'invalid_request', message: 'edits.0.value: company is not allowed here' },
        { status: 400 },
      ),
    );
    const view = renderScreen();
    const company = (await view.findByLabelText('Company')) as HTMLInputElement;
    fireEvent.change(company, { target: { value: 'Freightly' } });
    fireEvent.click(view.getByRole('button', { name: 'Save' }));

    const alert = await view.findByRole('alert');
    expect(alert.textContent).toContain('Not saved: Company.');
    expect(alert.textContent).toContain('company is not allowed here');
    const note = view.container.querySelector('.profile-save__note')!;
    // What the screen shows once the refusal is in: the server's value (none), and no claim of a save.
    await waitFor(() => expect(company.value).toBe(''));
    expect(note.textContent).toBe('');
    fireEvent.click(view.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(view.queryByRole('alert')).toBeNull());
    expect(note.textContent).not.toContain(SAVED);
  });

  it("a save this phone can no longer keep (a logout in another tab deleted its copy) says 'Not saved' and keeps the typing", async () => {
    serve({ fields: {} });
    const toaster = createToaster();
    const view = renderScreen('/profile', toaster);
    const company = (await view.findByLabelText('Company')) as HTMLInputElement;
    fireEvent.change(company, { target: { value: 'Freightly' } });
    await clearUserData();
    fireEvent.click(view.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toaster.current()?.header).toBe(NOT_SAVED_HERE.header));
    expect(toaster.current()?.message).toBe(NOT_SAVED_HERE.message);
    expect(company.value).toBe('Freightly');
    expect(view.container.querySelector('.profile-save__note')!.textContent).not.toContain(SAVED);
  });

  it("'Fill from text' on a server with no model says it needs one, and keeps the pasted text", async () => {
    serve({ fields: {} }, () =>
      Response.json(
        {
          code: 'no_model',
          message:
            'No AI model is connected to this Pitchpad yet, so it cannot fill your profile from text. An operator can connect one in Settings → Model.',
        },
        { status: 503 },
      ),
    );
    const view = renderScreen();
    fireEvent.click(await view.findByRole('button', { name: 'Fill from text' }));
    const { text, alert } = await pasteAndRead(view);
    expect(alert.textContent).toBe(
      'Fill from text needs a model. No AI model is connected to this Pitchpad yet, so it cannot fill your profile from text. An operator can connect one in Settings → Model.',
    );
    expect(text.value).toBe('Freightly books dock appointments.');
  });

  it("'Fill from text' offline says it needs a connection, asks nothing, and keeps the pasted text", async () => {
    const sent = serve({ fields: {} });
    const view = renderScreen();
    fireEvent.click(await view.findByRole('button', { name: 'Fill from text' }));
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    const { text, alert } = await pasteAndRead(view);
    expect(alert.textContent).toBe(
      "Fill from text needs a connection. Your text is kept here: try again when you're online.",
    );
    expect(text.value).toBe('Freightly books dock appointments.');
    expect(sent.some((call) => call.url === '/api/profile/extract')).toBe(false);
  });
});

describe('a field a search result opened', () => {
  it('is brought to the middle of the screen and has the focus', async () => {
    serve({ fields: { pricing: { value: '$40 a seat a month', editedAt: T1 } } });
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    const view = renderScreen('/profile?field=pricing');
    const pricing = await view.findByLabelText('Pricing');
    await waitFor(() => expect(document.activeElement).toBe(pricing));
    expect(scroll).toHaveBeenCalledWith({ block: 'center' });
  });

  it('the tone: its chosen choice has the focus, not the first', async () => {
    serve({ fields: { tone: { value: 'friendly', editedAt: T1 } } });
    await pullProfile(openUserDb(userId));
    const view = renderScreen('/profile?field=tone');
    const friendly = await view.findByRole('radio', { name: 'Friendly' });
    await waitFor(() => expect(document.activeElement).toBe(friendly));
  });

  it('a name that is no field is ignored: the profile shows, nothing has the focus', async () => {
    serve({ fields: {} });
    const view = renderScreen('/profile?field=toString');
    await view.findByLabelText('Company');
    expect(document.activeElement).toBe(document.body);
  });
});
