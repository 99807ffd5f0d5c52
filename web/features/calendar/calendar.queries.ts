/** The rep's calendar: its connection (GET, PUT, DELETE /api/calendar) and the next meetings. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CalendarInput,
  CalendarStatus,
  MeetingsResponse,
} from '../../../domain/contract/calendar';
import { api } from '../../data/api';
import { onlineOnce } from '../account/account.queries';

export const calendarKeys = {
  status: (userId: number) => ['calendar', 'status', userId] as const,
  meetings: (userId: number) => ['calendar', 'meetings', userId] as const,
};

export const calendarStatusQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: calendarKeys.status(userId),
    queryFn: ({ signal }) => api.get<CalendarStatus>('/api/calendar', signal),
  });

/** The next days' meetings: kept on the phone, so the list opens with no signal. */
export const meetingsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: calendarKeys.meetings(userId),
    queryFn: ({ signal }) => api.get<MeetingsResponse>('/api/meetings', signal),
  });

function useRefresh(userId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['calendar'] }).then(() => userId);
}

/** PUT /api/calendar: read once by the server before it is kept; a refusal says why. */
export function useConnectCalendar(userId: number) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (input: CalendarInput) => api.put<CalendarStatus>('/api/calendar', input, userId),
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
