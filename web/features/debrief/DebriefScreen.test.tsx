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
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSessionUser } from '../../../tests/factories/sessionUser';
import { clearUserData, openUserDb } from '../../data/db';
import { createToaster } from '../../ui/toaster';
import { ToastProvider } from '../../ui/ToastProvider';
import { authKeys } from '../auth/auth.queries';
import { debriefKeys, DEFAULT_RECORDING_LIMITS } from './debrief.queries';
import { DebriefScreen } from './DebriefScreen';
import { ABANDONED_AFTER_MS, appendChunk, startRecording } from './recordingStore';

// jsdom makes no object URLs: the kept recording's player needs one.
beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:recording';
  URL.revokeObjectURL ??= () => {};
});
afterEach(async () => {
  cleanup();
  await clearUserData();
});

let userId = 8800;

function renderDebrief(id: number) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  queryClient.setQueryData(authKeys.user, buildSessionUser({ id }));
  queryClient.setQueryData(debriefKeys.limits(id), DEFAULT_RECORDING_LIMITS);
  const router = createRouter({
    routeTree: createRootRoute({ component: DebriefScreen }),
    history: createMemoryHistory({ initialEntries: ['/debrief'] }),
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

    const offer = await view.findByText(/was cut off/, {}, { timeout: ABANDONED_AFTER_MS + 2000 });
    expect(offer.textContent).toContain('0:02 was saved');
    fireEvent.click(view.getByRole('button', { name: 'Keep it' }));
    await view.findByRole('heading', { name: 'Your recordings' });
    expect(view.queryByText(/was cut off/)).toBeNull();
    // Its audio, as stored before the crash, is ready to play.
    await waitFor(() => expect(view.container.querySelector('audio')).not.toBeNull());
  }, 15_000);
});
