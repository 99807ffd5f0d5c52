/** The server's recording limits (GET /api/recordings/limits), kept across restarts for offline use. */
import { queryOptions } from '@tanstack/react-query';
import type { RecordingLimitsResponse } from '../../../domain/contract/recordings';
import { api } from '../../data/api';

/** What the recorder assumes before the server has said (the defaults of DEBRIEF_MAX_MINUTES and the 25 MB). */
export const DEFAULT_RECORDING_LIMITS: RecordingLimitsResponse = {
  maxSeconds: 10 * 60,
  maxBytes: 25_000_000,
  speechConfigured: true,
};

export const debriefKeys = {
  /** Under the 'debrief' root, which queryClient.ts keeps across restarts. */
  limits: (userId: number) => ['debrief', 'limits', userId] as const,
};

/** Asked every time the screen opens (an operator may have just set up a speech model). */
export const recordingLimitsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: debriefKeys.limits(userId),
    queryFn: ({ signal }) => api.get<RecordingLimitsResponse>('/api/recordings/limits', signal),
  });
