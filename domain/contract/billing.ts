import { z } from 'zod';

/** GET /api/billing/plans: the one server-configured price shown everywhere (design §11). */
export const PlansResponse = z.object({
  pro: z.object({
    amount: z.number(),
    currency: z.string(),
    interval: z.literal('month'),
  }),
  /** False when no Stripe key is configured: pricing and checkout say payments are not set up. */
  paymentsEnabled: z.boolean(),
  contactEmail: z.string(),
});
export type PlansResponse = z.infer<typeof PlansResponse>;
