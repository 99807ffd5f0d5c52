import { z } from 'zod';

export { TOKEN_BUDGET_CODE } from './errors';

/** Today's AI allowance: tokens the model read and wrote for the user since 00:00 UTC. */
export const AiAllowance = z.object({
  used: z.number().int(),
  /** The day's allowance in tokens; null when this server sets none. */
  limit: z.number().int().nullable(),
  /** When the count starts again (the next 00:00 UTC), ISO 8601. */
  resetsAt: z.string(),
});
export type AiAllowance = z.infer<typeof AiAllowance>;

/** GET /api/user/usage: real counts for the dashboard cards. */
export const UsageResponse = z.object({
  totalChats: z.number().int(),
  ideasAnalyzed: z.number().int(),
  timeSavedMinutes: z.number().int(),
  /** Older servers omit it. */
  aiAllowance: AiAllowance.optional(),
});
export type UsageResponse = z.infer<typeof UsageResponse>;
