import { Router } from '@koa/router';
import {
  CHECKOUT_LOGIN_REQUIRED,
  CheckoutSessionInput,
  PAYMENTS_NOT_CONFIGURED,
  type CheckoutSessionResponse,
  type CheckoutStatus,
} from '../../domain/contract/billing';
import { isPaidSubscriber } from '../../domain/subscription';
import { presentSubscription } from '../auth/auth.present';
import type { AppContext, AppDeps, AppState } from '../context';
import { AppError, Conflict, NotFound, Unauthorized } from '../errors';
import { userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import { applySubscription } from './applySubscription';
import { setCustomerOnce } from './billing.sql';
import type { Stripe } from './stripe';
import { handleWebhook } from './webhook';

export const WEBHOOK_PATH = '/api/stripe/webhook';

/** Checkout routes answer a guest with the 'log in' text the checkout screens show. */
async function requireBuyer(ctx: AppContext, next: () => Promise<unknown>) {
  if (!ctx.state.user) throw Unauthorized(CHECKOUT_LOGIN_REQUIRED);
  await next();
}

/** Stripe failed or is unreachable: the checkout error the buyer sees; details go to the log. */
function stripeFailed(ctx: AppContext, what: string, err: unknown): AppError {
  ctx.log.error(`stripe: ${what} failed: ${(err as Error).message}`);
  return new AppError(502, 'checkout_failed', 'Failed to initialize checkout. Please try again.');
}

/** Checkout, the result page, the billing portal and the webhook. */
export function billingRoutes(stripe: Stripe | null) {
  const router = new Router<AppState, AppDeps>({ prefix: '/api' });

  const requireStripe = (): Stripe => {
    if (!stripe) throw new AppError(503, 'payments_not_configured', PAYMENTS_NOT_CONFIGURED);
    return stripe;
  };

  router.post(
    '/create-checkout-session',
    requireBuyer,
    validate(CheckoutSessionInput),
    async (ctx) => {
      const s = requireStripe();
      const { config } = ctx;
      if (!config.stripe.priceId)
        throw new AppError(503, 'payments_not_configured', PAYMENTS_NOT_CONFIGURED);
      const user = userOf(ctx);
      if (isPaidSubscriber(presentSubscription(user)))
        throw new AppError(
          409,
          'already_subscribed',
          'You already have an active Pro subscription.',
        );
      const { uiMode } = inputOf(ctx, CheckoutSessionInput);
      try {
        let customerId = user.stripe_customer_id;
        if (!customerId) {
          const customer = await s.customers.create({
            email: user.email,
            name: user.name ?? user.username,
            metadata: { userId: String(user.id) },
          });
          customerId = await setCustomerOnce(ctx.pool, user.id, customer.id);
        }
        const resultUrl = `${config.appUrl}/checkout/completed?session_id={CHECKOUT_SESSION_ID}`;
        const session = await s.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: String(user.id),
          metadata: { userId: String(user.id) },
          line_items: [{ price: config.stripe.priceId, quantity: 1 }],
          ...(uiMode === 'embedded'
            ? { ui_mode: 'embedded_page' as const, return_url: resultUrl }
            : {
                ui_mode: 'hosted_page' as const,
                success_url: resultUrl,
                cancel_url: `${config.appUrl}/pricing`,
              }),
        });
        const body: CheckoutSessionResponse =
          uiMode === 'embedded' ? { clientSecret: session.client_secret! } : { url: session.url! };
        ctx.body = body;
      } catch (err) {
        throw stripeFailed(ctx as AppContext, 'creating a checkout session', err);
      }
    },
  );

  router.get('/checkout-session/:id', requireBuyer, async (ctx) => {
    const s = requireStripe();
    const user = userOf(ctx);
    let session: Stripe.Checkout.Session;
    try {
      session = await s.checkout.sessions.retrieve(ctx.params.id!);
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) throw NotFound('Checkout session');
      throw stripeFailed(ctx as AppContext, 'reading a checkout session', err);
    }
    // Someone else's checkout is as good as missing.
    if (session.client_reference_id !== String(user.id)) throw NotFound('Checkout session');
    let active = presentSubscription(user).isActive;
    if (
      session.status === 'complete' &&
      session.payment_status === 'paid' &&
      session.subscription
    ) {
      // The return page may arrive before the webhook: apply what Stripe says now, by the
      // webhook's own rule (an old checkout's page never switches back to its subscription).
      const subId =
        typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
      try {
        const sub = await s.subscriptions.retrieve(subId);
        active = (await applySubscription(ctx.pool, s, { userId: user.id }, sub)) ?? false;
      } catch (err) {
        if (err instanceof s.errors.StripeError)
          throw stripeFailed(ctx as AppContext, 'reading a subscription', err);
        throw err;
      }
    }
    const body: CheckoutStatus = {
      status: session.status ?? 'open',
      paymentStatus: session.payment_status,
      subscriptionActive: active,
    };
    ctx.body = body;
  });

  router.post('/billing-portal', requireBuyer, async (ctx) => {
    const s = requireStripe();
    const user = userOf(ctx);
    if (!user.stripe_customer_id) throw Conflict('There is no payment method on file yet.');
    try {
      const portal = await s.billingPortal.sessions.create({
        customer: user.stripe_customer_id,
        return_url: `${ctx.config.appUrl}/dashboard`,
      });
      ctx.body = { url: portal.url };
    } catch (err) {
      ctx.log.error(`stripe: opening the billing portal failed: ${(err as Error).message}`);
      throw new AppError(
        502,
        'portal_failed',
        'Could not open the billing portal. Please try again.',
      );
    }
  });

  router.post('/stripe/webhook', async (ctx) => handleWebhook(ctx as AppContext, requireStripe()));

  return router;
}
