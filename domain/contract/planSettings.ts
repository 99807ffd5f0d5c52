// Settings → Plans: on a server without payments the operator chooses who gets the Pro tools, and
// grants or revokes Pro for an account. Shared by the API (which validates with these schemas) and
// the web app (which reads these types).
import { z } from 'zod';
import { ProAccess } from './auth';

/** An account as Settings → Plans lists it: who it is, and why it has Pro (or not). */
export const PlanAccount = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  access: ProAccess,
  /** When the operator granted Pro; null when not granted. */
  grantedAt: z.string().nullable(),
});
export type PlanAccount = z.infer<typeof PlanAccount>;

/** GET and PUT /api/settings/plans */
export const PlanSettingsResponse = z.object({
  /** A payment provider is configured: Pro is sold, and the rule below does not apply. */
  paymentsEnabled: z.boolean(),
  /** Without payments: every account gets every tool (true), or only the accounts granted. */
  everyAccountPro: z.boolean(),
  /** When the operator last chose; null while the default holds. */
  updatedAt: z.string().nullable(),
  /** The accounts the operator granted Pro, newest grant first. */
  granted: z.array(PlanAccount),
});
export type PlanSettingsResponse = z.infer<typeof PlanSettingsResponse>;

/** PUT /api/settings/plans */
export const PlanSettingsInput = z.object({
  everyAccountPro: z.boolean({
    error:
      'Choose whether every account gets every tool (true) or only the accounts you grant (false).',
  }),
});
export type PlanSettingsInput = z.input<typeof PlanSettingsInput>;

/** The most accounts one search lists: enough to pick from, not a dump of the users table. */
export const PLAN_ACCOUNTS_MAX = 20;

/** GET /api/settings/plans/accounts?q= : accounts whose name, username or email contain the words. */
export const PlanAccountSearch = z.object({
  q: z
    .string({ error: 'Type a name or an email to find an account.' })
    .trim()
    .min(1, 'Type a name or an email to find an account.')
    .max(100, 'Search with at most 100 characters.'),
});

export const PlanAccountsResponse = z.object({ accounts: z.array(PlanAccount) });
export type PlanAccountsResponse = z.infer<typeof PlanAccountsResponse>;

/** PUT and DELETE /api/settings/plans/grants/:userId answer with the account as it is now. */
export const PlanGrantResponse = z.object({ account: PlanAccount });
export type PlanGrantResponse = z.infer<typeof PlanGrantResponse>;

/** Error codes of these endpoints. */
export const PlanSettingsErrorCode = {
  /** PUT /api/settings/plans on a server with payments: Pro is sold there, the rule does not apply. */
  paymentsEnabled: 'payments_enabled',
} as const;
