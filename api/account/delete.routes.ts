import { Router } from '@koa/router';
import {
  ACCOUNT_DELETE_PATH,
  DELETE_BILLING_FAILED,
  DELETE_BILLING_OFF,
  deleteFailedAfterBilling,
  DeleteAccountInput,
  type DeleteAccountResponse,
} from '../../domain/contract/accountData';
import { CRM_PROVIDERS } from '../../domain/contract/crm';
import type { AppContext, AppDeps, AppState } from '../context';
import { revokeConnection } from '../crm/session';
import { AppError, Unavailable } from '../errors';
import type { AppLucia } from '../auth/lucia';
import { endSession } from '../auth/sessions';
import type { Stripe } from '../billing/stripe';
import { requireUser, userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import { confirmIdentity } from './confirmIdentity';
import { deleteUserEverywhere, findBilling, type BillingOf } from './delete.sql';

/** Subscriptions Stripe still bills or may bill. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * End every subscription the customer still has at Stripe, now (no further charge, no proration),
 * and answer when the last one ended; null when there was none. Throws when Stripe cannot be
 * reached: the caller then deletes nothing, so no account is gone while its card is still charged.
 */
async function endSubscriptions(
  stripe: Stripe | null,
  billing: BillingOf,
): Promise<{ endedAt: string } | null> {
  const customer = billing.stripe_customer_id;
  if (!billing.stripe_subscription_id && !customer) return null;
  if (!stripe) {
    if (billing.stripe_subscription_id) throw Unavailable(DELETE_BILLING_OFF);
    return null;
  }
  try {
    const live = new Map<string, Stripe.Subscription>();
    if (customer)
      for (const sub of (await stripe.subscriptions.list({ customer, status: 'all', limit: 100 }))
        .data)
        if (!ENDED.has(sub.status)) live.set(sub.id, sub);
    if (billing.stripe_subscription_id && !live.has(billing.stripe_subscription_id)) {
      const sub = await stripe.subscriptions
        .retrieve(billing.stripe_subscription_id)
        .catch((error: { code?: string }) => {
          if (error.code === 'resource_missing') return null;
          throw error;
        });
      if (sub && !ENDED.has(sub.status)) live.set(sub.id, sub);
    }
    if (!live.size) return null;
    let ended = 0;
    for (const id of live.keys()) {
      const sub = await stripe.subscriptions.cancel(id);
      ended = Math.max(ended, (sub.ended_at ?? sub.canceled_at ?? Date.now() / 1000) * 1000);
    }
    return { endedAt: new Date(ended).toISOString() };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw Object.assign(Unavailable(DELETE_BILLING_FAILED), { cause: error });
  }
}

/**
 * POST /api/account/delete {currentPassword | passkey}: the account and everything in it, gone. The
 * proof first (a wrong password or passkey changes nothing), then the Pro subscription ended at Stripe (if that fails,
 * nothing is deleted), then every row of the user's in one transaction, and every session with it:
 * every device is signed out, this one at once (its cookie cleared).
 */
export function accountDeleteRoutes(lucia: AppLucia, stripe: Stripe | null) {
  const router = new Router<AppState, AppDeps>();

  router.post(
    ACCOUNT_DELETE_PATH,
    requireUser(),
    validate(DeleteAccountInput, 'body', { fields: true }),
    async (ctx) => {
      const userId = userOf(ctx).id;
      const { currentPassword, passkey } = inputOf(ctx, DeleteAccountInput);
      await confirmIdentity(ctx.pool, userId, { password: currentPassword, passkey });
      const billing = await findBilling(ctx.pool, userId);
      const subscription = billing ? await endSubscriptions(stripe, billing) : null;
      if (subscription)
        ctx.log.info(
          { userId, endedAt: subscription.endedAt },
          'account deletion: subscription ended',
        );
      // The CRM connections are ended at the CRMs too, so no token of theirs outlives the account
      // (best effort: a CRM that cannot be reached does not keep the account).
      for (const provider of CRM_PROVIDERS)
        await revokeConnection(
          { config: ctx.config, pool: ctx.pool, log: ctx.log, userId },
          provider,
        );
      await deleteUserEverywhere(ctx.pool, userId).catch((error: unknown) => {
        if (!subscription) throw error;
        // The subscription is gone and the account is not: say both, so the rep is not left
        // believing they are still Pro (a retry finds no subscription and deletes the rest).
        ctx.log.error(
          { err: error, userId },
          'account deletion failed after the subscription ended',
        );
        throw Object.assign(
          new AppError(500, 'delete_failed', deleteFailedAfterBilling(subscription.endedAt)),
          { cause: error },
        );
      });
      ctx.log.info({ userId }, 'account deleted');
      await endSession(ctx as AppContext, lucia);
      const body: DeleteAccountResponse = { deleted: true, subscription };
      ctx.body = body;
    },
  );

  return router;
}
