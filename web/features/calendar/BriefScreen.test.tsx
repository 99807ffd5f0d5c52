// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in jsdom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeetingBrief, MeetingsResponse } from '../../../domain/contract/calendar';
import { buildSessionUser } from '../../../tests/factories/sessionUser';
import { clearUserData, openUserDb } from '../../data/db';
import { authKeys } from '../auth/auth.queries';
import { BriefScreen } from './BriefScreen';
import { calendarKeys } from './calendar.queries';
import { pinBrief } from './pinnedBriefs';
import { NOT_SAVED_HERE } from '../../ui/saveOrSay';
import { ToastProvider } from '../../ui/ToastProvider';
import { createToaster } from '../../ui/toaster';

let userId = 7300;
beforeEach(() => {
  // jsdom scrolls nothing (the router restores the scroll as it opens a page).
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  // No signal in the lobby: every request fails as a phone's does.
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await clearUserData();
});

const MEETING = 'evt-past@calendar.example';
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const pastBrief = {
  meetingId: MEETING,
  title: 'Freightly pricing call',
  start: daysFromNow(-2),
  madeAt: daysFromNow(-3),
  byModel: false,
  who: [{ email: 'dana.ortiz@freightly.example', name: 'Dana Ortiz', company: 'Freightly' }],
  known: [{ text: 'Freightly runs 40 depots.', source: 1 }],
  openPoints: [],
  questions: ['Who signs off?', 'Which depots first?', 'By when?'],
  objections: [],
  outcome: 'A pilot at two depots agreed.',
  sources: [{ kind: 'chat', label: 'Chat: Freightly pricing', text: 'Freightly runs 40 depots.' }],
} satisfies MeetingBrief;

/** The brief's screen at /meetings/:meetingId, with the meetings list the phone kept. */
function renderBrief(
  id: number,
  meetingId: string,
  kept: MeetingsResponse,
  toaster = createToaster(),
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  queryClient.setQueryData(authKeys.user, buildSessionUser({ id }));
  queryClient.setQueryData(calendarKeys.meetings(id), kept);
  const root = createRootRoute({ component: Outlet });
  const brief = createRoute({
    getParentRoute: () => root,
    path: '/meetings/$meetingId',
    component: BriefScreen,
  });
  const router = createRouter({
    routeTree: root.addChildren([brief]),
    history: createMemoryHistory({
      initialEntries: [`/meetings/${encodeURIComponent(meetingId)}`],
    }),
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider toaster={toaster}>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('a pinned brief', () => {
  it('opens offline after its meeting has left the meetings list, with its title and when it was made', async () => {
    const id = ++userId;
    await pinBrief(openUserDb(id), pastBrief);
    renderBrief(id, MEETING, {
      calendar: {
        connected: true,
        host: 'calendar.google.com',
        goodAt: daysFromNow(0),
        problem: null,
      },
      meetings: [],
      briefs: [],
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Freightly pricing call' }),
    ).toBeDefined();
    const brief = await screen.findByRole('article', { name: 'Prep brief' });
    expect(within(brief).getByText(/^Made /).textContent).toMatch(
      /^Made .+ at .+, without the model, from your notes and kit\.$/,
    );
    expect(within(brief).getByText('Freightly runs 40 depots.', { selector: 'li' })).toBeDefined();
    expect(within(brief).getByText('A pilot at two depots agreed.')).toBeDefined();
    expect(
      screen.getByRole('button', { name: 'Pinned to this phone' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.queryByText(/not in your calendar’s next days/)).toBeNull();
    expect(screen.queryByText(/not on this phone yet/)).toBeNull();
  });

  it("says 'Not saved' when this phone can no longer keep an unpin (a logout in another tab deleted its copy)", async () => {
    const id = ++userId;
    await pinBrief(openUserDb(id), pastBrief);
    const toaster = createToaster();
    const calendar = { connected: true, host: 'calendar.google.com', goodAt: null, problem: null };
    renderBrief(id, MEETING, { calendar, meetings: [], briefs: [] }, toaster);
    const pin = await screen.findByRole('button', { name: 'Pinned to this phone' });
    await clearUserData();
    fireEvent.click(pin);
    await waitFor(() => expect(toaster.current()?.header).toBe(NOT_SAVED_HERE.header));
  });
});
