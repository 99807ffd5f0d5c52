import { z } from 'zod';

/** GET /api/user/usage: real counts for the dashboard cards (design §11). */
export const UsageResponse = z.object({
  totalChats: z.number().int(),
  ideasAnalyzed: z.number().int(),
  timeSavedMinutes: z.number().int(),
});
export type UsageResponse = z.infer<typeof UsageResponse>;
