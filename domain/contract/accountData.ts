// The rep's data, theirs to take and to delete. GET /api/account/export (a ZIP) and
// POST /api/account/delete. Shared by the API (which validates with these schemas) and the web app.
import { z } from 'zod';
import { AuthenticationResponse } from './passkeys';

export { ACCOUNT_DELETE_PATH, ACCOUNT_EXPORT_PATH } from './accountBasics';

/** The download's name: the day it was made (UTC), so two exports of one day share it. */
export function exportFileName(now: Date): string {
  return `pitchpad-export-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * POST /api/account/delete. The current password, or a passkey's answer to a 'confirm' challenge,
 * proves it is the owner (api/account/confirmIdentity.ts); both optional here so a missing proof is
 * answered as a wrong password, naming the field, with the same words.
 */
export const DeleteAccountInput = z.object({
  currentPassword: z
    .string({ error: 'must be text' })
    .max(1_000, 'must be at most 1,000 characters')
    .optional(),
  passkey: AuthenticationResponse.optional(),
});
export type DeleteAccountInput = z.input<typeof DeleteAccountInput>;

/** What the deletion answers: the account is gone; the Pro subscription, if there was one, ended when. */
export interface DeleteAccountResponse {
  deleted: true;
  /** The Stripe subscription ended now (no further charge), or null: there was none to end. */
  subscription: { endedAt: string } | null;
}

/** Said when the export was refused because another site asked for it. */
export const EXPORT_CROSS_SITE = 'Your data can only be downloaded from Pitchpad itself.';
/** Said when a subscription could not be ended: nothing was deleted. */
export const DELETE_BILLING_FAILED =
  'Your subscription could not be ended just now, so nothing was deleted. Please try again in a few minutes.';
/** Said when the server has a subscription to end but no Stripe connection to end it with. */
export const DELETE_BILLING_OFF =
  'Your subscription cannot be ended from this server (payments are not set up), so nothing was deleted. Please ask the operator.';

/** Said when the subscription was ended but the account could not then be deleted: nothing else changed. */
export function deleteFailedAfterBilling(endedAt: string): string {
  const day = new Date(endedAt).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `Your Pro subscription ended on ${day}, but your account could not be deleted just now. Nothing else was changed: please try again in a few minutes.`;
}
