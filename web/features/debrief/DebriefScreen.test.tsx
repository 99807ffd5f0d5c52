// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSessionUser } from '../../../tests/factories/sessionUser';
import { clearUserData, openUserDb, type PitchpadDb } from '../../data/db';
import { createToaster } from '../../ui/toaster';
import { ToastProvider } from '../../ui/ToastProvider';
import { authKeys } from '../auth/auth.queries';
import { debriefKeys, DEFAULT_RECORDING_LIMITS } from './debrief.queries';
import { DebriefScreen } from './DebriefScreen';
import { ABANDONED_AFTER_MS, appendChunk, finishRecording, startRecording } from './recordingStore';

// jsdom makes no object URLs (the kept recording's player needs one) and scrolls nothing.
beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:recording';
  URL.revokeObjectURL ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearUserData();
});

let userId = 8800;

/** A two-second recording of the meeting with `title`, stopped and ready to play. */
async function recordMeeting(db: PitchpadDb, title: string): Promise<string> {
  const id = await startRecording(db, { mimeType: 'audio/webm', title });
  await appendChunk(db, id, new Blob(['audio']), 2000);
  await finishRecording(db, id);
  return id;
}

/** Waits for `count` recordings' players: their audio is read from the database the test then clears. */
async function playersShown(view: ReturnType<typeof renderDebrief>, count: number) {
  await waitFor(() => expect(view.container.querySelectorAll('audio')).toHaveLength(count));
}

function renderDebrief(id: number, path = '/debrief') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  queryClient.setQueryData(authKeys.user, buildSessionUser({ id }));
  queryClient.setQueryData(debriefKeys.limits(id), DEFAULT_RECORDING_LIMITS);
  const router = createRouter({
    routeTree: createRootRoute({ component: DebriefScreen }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider toaster={createToaster()}>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('a debrief cut off by a crash', () => {
  it('is offered back when the screen is reopened a second after the crash, once its chunks are old enough', async () => {
    userId += 1;
    const db = openUserDb(userId);
    // The phone crashed a second ago, two seconds into the recording: its chunks are stored.
    const crashedAt = Date.now() - 1000;
    const id = await startRecording(db, { mimeType: 'audio/webm' }, crashedAt - 2000);
    await appendChunk(db, id, new Blob(['one']), 1000, crashedAt - 1000);
    await appendChunk(db, id, new Blob(['two']), 2000, crashedAt);

    const view = renderDebrief(userId);

    // Offered once the chunks are ABANDONED_AFTER_MS old; a loaded machine may draw it seconds later.
    const offer = await view.findByText(/was cut off/, {}, { timeout: ABANDONED_AFTER_MS + 8000 });
    expect(offer.textContent).toContain('0:02 was saved');
    fireEvent.click(view.getByRole('button', { name: 'Keep it' }));
    await view.findByRole('heading', { name: 'Your recordings' });
    expect(view.queryByText(/was cut off/)).toBeNull();
    // Its audio, as stored before the crash, is ready to play.
    await waitFor(() => expect(view.container.querySelector('audio')).not.toBeNull());
  }, 25_000);
});

describe('a recording a search result opened', () => {
  it('is brought to the middle of the screen and marked as found, and no other is', async () => {
    userId += 1;
    const db = openUserDb(userId);
    await recordMeeting(db, 'Freightly');
    const found = await recordMeeting(db, 'Dockside');
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');

    const view = renderDebrief(userId, `/debrief?recording=${found}`);

    const card = await view.findByRole('listitem', { name: 'Meeting with Dockside' });
    expect(card.classList).toContain('pp-found');
    const other = view.getByRole('listitem', { name: 'Meeting with Freightly' });
    expect(other.classList).not.toContain('pp-found');
    await waitFor(() => expect(scroll).toHaveBeenCalledWith({ block: 'center' }));
    expect(scroll.mock.contexts).toEqual([card]);
    await playersShown(view, 2);
  });

  it('no longer on this phone: the recordings show as usual, none marked', async () => {
    userId += 1;
    const db = openUserDb(userId);
    await recordMeeting(db, 'Freightly');
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');

    const view = renderDebrief(userId, '/debrief?recording=deleted-on-this-phone');

    const card = await view.findByRole('listitem', { name: 'Meeting with Freightly' });
    expect(card.classList).not.toContain('pp-found');
    expect(scroll).not.toHaveBeenCalled();
    await playersShown(view, 1);
  });
});
