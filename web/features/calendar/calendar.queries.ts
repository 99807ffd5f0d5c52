/**
 * The rep's calendar: its connection (GET, PUT, DELETE /api/calendar), the next meetings with the
 * next day's prep briefs whole (GET /api/meetings), and one meeting's brief (GET, and POST to make
 * it now). All under the persisted 'calendar' root, so what was read opens with no signal.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CalendarInput,
  CalendarStatus,
  MeetingBrief,
  MeetingsResponse,
} from '../../../domain/contract/calendar';
import { api, ApiError } from '../../data/api';
import { onlineOnce } from '../account/account.queries';

export const calendarKeys = {
  status: (userId: number) => ['calendar', 'status', userId] as const,
  meetings: (userId: number) => ['calendar', 'meetings', userId] as const,
  brief: (userId: number, meetingId: string) => ['calendar', 'brief', userId, meetingId] as const,
};

/** The phone's time zone: the server makes briefs the evening before, and says reminders' times, in it. */
export function phoneTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export const calendarStatusQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: calendarKeys.status(userId),
    queryFn: ({ signal }) => api.get<CalendarStatus>('/api/calendar', signal),
  });

/** How often an open meetings list or chat card reads the meetings and briefs again. */
const MEETINGS_REFRESH_MS = 15 * 60 * 1000;

/**
 * The next days' meetings and the next day's briefs: kept on the phone, so both open offline. Read
 * again every 15 minutes while shown, so a brief remade the evening before or 2 hours before
 * reaches the phone of a rep who keeps the app open.
 */
export const meetingsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: calendarKeys.meetings(userId),
    refetchInterval: MEETINGS_REFRESH_MS,
    queryFn: ({ signal }) => {
      const zone = phoneTimeZone();
      return api.get<MeetingsResponse>(
        `/api/meetings${zone ? `?timeZone=${encodeURIComponent(zone)}` : ''}`,
        signal,
      );
    },
  });

/** A brief the meetings list brought, for a brief's screen to open at once (offline too). */
function briefFromMeetings(
  queryClient: QueryClient,
  userId: number,
  meetingId: string,
): MeetingBrief | undefined {
  return queryClient
    .getQueryData<MeetingsResponse>(calendarKeys.meetings(userId))
    ?.briefs?.find((brief) => brief.meetingId === meetingId);
}

/**
 * One meeting's brief, starting from the copy the meetings list brought; a brief not made yet is
 * null, not an error. Not kept across restarts itself (web/queryClient.ts): the list keeps the next
 * day's, the rep's pins the others.
 */
export const briefQueryOptions = (queryClient: QueryClient, userId: number, meetingId: string) =>
  queryOptions({
    queryKey: calendarKeys.brief(userId, meetingId),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<MeetingBrief>(
          `/api/meetings/${encodeURIComponent(meetingId)}/brief`,
          signal,
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    initialData: () => briefFromMeetings(queryClient, userId, meetingId),
    initialDataUpdatedAt: () =>
      queryClient.getQueryState(calendarKeys.meetings(userId))?.dataUpdatedAt,
  });

function useRefresh(userId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['calendar'] }).then(() => userId);
}

/** PUT /api/calendar: read once by the server before it is kept; a refusal says why. */
export function useConnectCalendar(userId: number) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (input: CalendarInput) =>
      api.put<CalendarStatus>('/api/calendar', { ...input, timeZone: phoneTimeZone() }, userId),
    ...onlineOnce,
    onSuccess: refresh,
  });
}

/** DELETE /api/calendar */
export function useDisconnectCalendar(userId: number) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: () => api.delete('/api/calendar', userId),
    ...onlineOnce,
    onSettled: refresh,
  });
}

/** POST /api/meetings/:id/brief: the brief made now (an internal meeting's, or again). */
export function useMakeBrief(userId: number, meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<MeetingBrief>(`/api/meetings/${encodeURIComponent(meetingId)}/brief`, {}, userId),
    ...onlineOnce,
    onSuccess: (brief) => {
      queryClient.setQueryData(calendarKeys.brief(userId, meetingId), brief);
      void queryClient.invalidateQueries({ queryKey: calendarKeys.meetings(userId) });
    },
  });
}
