// POST /api/stripe/webhook: the only way (besides the return page's own check) a subscription
// changes. The raw body's signature is verified; each event is applied once (stripe_events), in
// the same transaction as its effect; subscription state is read back from Stripe, so events that
// arrive out of order still leave the final state right.
import type { AppContext } from '../context';
import { AppError, InvalidRequest } from '../errors';
import { recordEvent, setSubscription } from './billing.sql';
import { isActiveStatus, type Stripe } from './stripe';

const MAX_BODY = 1024 * 1024;

async function rawBody(ctx: AppContext): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new AppError(413, 'invalid_request', 'Payload too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : v?.id);

export async function handleWebhook(ctx: AppContext, stripe: Stripe): Promise<void> {
  const secret = ctx.config.stripe.webhookSecret;
  if (!secret) throw new AppError(503, 'payments_not_configured', 'Webhooks are not configured');
  const payload = await rawBody(ctx);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, ctx.get('stripe-signature'), secret);
  } catch (err) {
    ctx.log.warn(`stripe webhook refused: ${(err as Error).message}`);
    throw InvalidRequest('Invalid Stripe signature');
  }

  // What the event means for a subscription, read back from Stripe (its latest state).
  let change: { who: { userId: number } | { customerId: string }; customerId: string; subscriptionId: string } | undefined;
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    const subscriptionId = idOf(session.subscription);
    const customerId = idOf(session.customer);
    const userId = Number(session.client_reference_id);
    if (session.mode === 'subscription' && subscriptionId && customerId && Number.isSafeInteger(userId)) change = { who: { userId }, customerId, subscriptionId };
  } else if (event.type === 'customer.subscription.created' || event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
    const sub = event.data.object;
    const customerId = idOf(sub.customer)!;
    change = { who: { customerId }, customerId, subscriptionId: sub.id };
  }
  const subscription = change ? await stripe.subscriptions.retrieve(change.subscriptionId) : undefined;

  const client = await ctx.pool.connect();
  try {
    await client.query('BEGIN');
    const fresh = await recordEvent(client, event.id, event.type);
    if (fresh && change && subscription) {
      const applied = await setSubscription(client, change.who, { customerId: change.customerId, subscriptionId: change.subscriptionId, active: isActiveStatus(subscription.status) });
      if (!applied) ctx.log.warn(`stripe webhook ${event.id} (${event.type}): no user for customer ${change.customerId}`);
    }
    await client.query('COMMIT');
    ctx.body = { received: true, duplicate: !fresh };
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}
