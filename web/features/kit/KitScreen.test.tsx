// The kit screen (KitScreen.tsx) over the app's real outbox on fake-indexeddb, with the server's
// answers played by a stubbed fetch, so a test decides when each one arrives.
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KitErrorCode, type KitFile } from '../../../domain/contract/kit';
import { buildSessionUser } from '../../../tests/factories/sessionUser';
import { api } from '../../data/api';
import { clearUserData, openUserDb } from '../../data/db';
import { authKeys } from '../auth/auth.queries';
import { localKitUploads, queueKitFile } from './kitUploads';
import { KitScreen } from './KitScreen';

let userId = 9400;
beforeEach(() => {
  userId += 1;
  api.resetCsrfToken();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await clearUserData();
});

/** An answer the test sends when it chooses. */
function later() {
  let send!: (res: Response) => void;
  const answer = new Promise<Response>((resolve) => (send = resolve));
  return { answer, send };
}

type Reply = () => Response | Promise<Response>;

/** The server: `list` answers each GET of the files, `put` each upload; every call is noted. */
function serve(handlers: { list: Reply; put: Reply }) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (url === '/api/csrf-token') return Promise.resolve(Response.json({ csrfToken: 'csrf-1' }));
    if (url === '/api/kit/limits')
      return Promise.resolve(Response.json({ maxFiles: 20, maxFileBytes: 10_000_000 }));
    if (url === '/api/kit/files' && method === 'GET') return Promise.resolve(handlers.list());
    if (url.startsWith('/api/kit/files/') && method === 'PUT')
      return Promise.resolve(handlers.put());
    return Promise.resolve(
      Response.json({ code: 'not_found', message: 'Not found' }, { status: 404 }),
    );
  });
  return calls;
}

function renderScreen() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  queryClient.setQueryData(authKeys.user, buildSessionUser({ id: userId }));
  const view = render(
    <QueryClientProvider client={queryClient}>
      <KitScreen />
    </QueryClientProvider>,
  );
  return { view, queryClient };
}

function pick(view: ReturnType<typeof render>, name: string, text: string) {
  const file = new File([text], name, { type: 'text/markdown' });
  fireEvent.change(view.getByLabelText('Add a file'), { target: { files: [file] } });
}

const storedFile = (id: string, name: string): KitFile => ({
  id,
  name,
  kind: 'text',
  bytes: 40,
  pages: null,
  passages: 1,
  createdAt: new Date().toISOString(),
});

const refusal = (status: number, code: string, message: string) => () =>
  Response.json({ code, message }, { status });

describe('the sales kit screen', () => {
  it('a file refused for good shows its name, size and the server’s reason, offers only Remove, and its bytes leave the phone', async () => {
    serve({
      list: () => Response.json([]),
      put: refusal(422, KitErrorCode.unreadable, '“notes.md” is empty.'),
    });
    const { view } = renderScreen();
    await view.findByText('No files yet. Add your pitch deck to start.');
    pick(view, 'notes.md', 'x'.repeat(2400));

    const item = (await view.findByText('Not uploaded: “notes.md” is empty.')).closest('li')!;
    expect(within(item).getByText('notes.md')).toBeTruthy();
    expect(within(item).getByText('Text · 2 KB')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: /Try again/ })).toBeNull();
    expect(within(item).getByRole('button', { name: 'Remove notes.md' })).toBeTruthy();
    const [entry] = await localKitUploads(openUserDb(userId));
    expect(entry?.payload).toEqual({ name: 'notes.md', type: 'text/markdown', size: 2400 });
  });

  it("a file refused because the kit is full offers 'Try again', which uploads it once the rep has made room", async () => {
    let full = true;
    const pricing = later();
    const calls = serve({
      list: () => Response.json(full ? [] : [storedFile('x', 'x')]),
      put: () =>
        full
          ? refusal(
              409,
              KitErrorCode.tooMany,
              'Your sales kit holds 20 files, the most it may: delete one to add “pricing.md”.',
            )()
          : pricing.answer,
    });
    const { view } = renderScreen();
    await view.findByText('No files yet. Add your pitch deck to start.');
    pick(view, 'pricing.md', '# Pricing\n\n$49 a seat a month.');

    const status = await view.findByText(/^Not uploaded: Your sales kit holds 20 files/);
    const item = status.closest('li')!;
    // The rep deletes a file elsewhere, then taps Try again: the same file goes again.
    full = false;
    fireEvent.click(within(item).getByRole('button', { name: 'Try again: pricing.md' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.startsWith('PUT /api/kit/files/'))).toHaveLength(2),
    );
    const [entry] = await localKitUploads(openUserDb(userId));
    await act(async () =>
      pricing.send(Response.json(storedFile(entry!.clientId, 'pricing.md'), { status: 201 })),
    );
    const stored = await view.findByRole('button', { name: 'Delete pricing.md' });
    expect(stored.closest('li')!.textContent).not.toContain('Not uploaded');
  });

  it('just picked: uploaded, listed at once, and kept on this device until a list asked for since confirms it', async () => {
    const lists: ReturnType<typeof later>[] = [];
    const upload = later();
    const calls = serve({
      list: () => {
        const list = later();
        lists.push(list);
        return list.answer;
      },
      put: () => upload.answer,
    });
    const { view } = renderScreen();
    await waitFor(() => expect(lists).toHaveLength(1));
    await act(async () => lists[0]!.send(Response.json([])));
    await view.findByText('No files yet. Add your pitch deck to start.');

    pick(view, 'pricing.md', '# Pricing\n\n$49 a seat a month.');
    await waitFor(() => expect(calls.some((call) => call.startsWith('PUT '))).toBe(true));
    const [entry] = await localKitUploads(openUserDb(userId));
    const id = entry!.clientId;
    await act(async () =>
      upload.send(Response.json(storedFile(id, 'pricing.md'), { status: 201 })),
    );
    await view.findByRole('button', { name: 'Delete pricing.md' });
    await waitFor(() => expect(lists).toHaveLength(2));
    expect(await localKitUploads(openUserDb(userId))).toMatchObject([{ state: 'sent' }]);
    await act(async () => lists[1]!.send(Response.json([storedFile(id, 'pricing.md')])));
    await waitFor(async () => expect(await localKitUploads(openUserDb(userId))).toEqual([]));
    expect(view.getAllByText('pricing.md')).toHaveLength(1);
  });

  it('a file another tab stored while this one’s list request was on its way stays listed when that list answers without it, and is asked for again', async () => {
    const lists: ReturnType<typeof later>[] = [];
    serve({
      list: () => {
        const list = later();
        lists.push(list);
        return list.answer;
      },
      put: () => new Promise<Response>(() => {}),
    });
    const db = openUserDb(userId);
    // The service worker is uploading a file picked offline.
    const id = await queueKitFile(db, {
      name: 'pricing.md',
      type: 'text/markdown',
      blob: new Blob(['# Pricing']),
    });
    const [entry] = await localKitUploads(db);
    await db.outbox.update(entry!.seq!, { state: 'sending' });
    const { view, queryClient } = renderScreen();
    await waitFor(() => expect(lists).toHaveLength(1));
    await act(async () => lists[0]!.send(Response.json([])));
    await view.findByText('Uploading…');

    // The list is asked for again (the app brought back); the server reads it, then the worker's
    // upload is stored and marked sent, then the list's answer arrives, before this tab hears of the
    // upload.
    void queryClient.invalidateQueries({ queryKey: ['kit'] });
    await waitFor(() => expect(lists).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const storedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await act(async () => lists[1]!.send(Response.json([])));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await act(async () => {
      await db.outbox.update(entry!.seq!, {
        state: 'sent',
        updatedAt: storedAt,
        payload: { name: 'pricing.md', type: 'text/markdown', size: 9 },
      });
    });

    // Still listed (uploaded), and the list is asked for once more: that one tells of it.
    await view.findByText('Uploaded');
    await waitFor(() => expect(lists).toHaveLength(3));
    expect(await localKitUploads(db)).toHaveLength(1);
    await act(async () => lists[2]!.send(Response.json([storedFile(id, 'pricing.md')])));
    await view.findByRole('button', { name: 'Delete pricing.md' });
    await waitFor(async () => expect(await localKitUploads(db)).toEqual([]));
  });
});
