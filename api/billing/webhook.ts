// POST /api/stripe/webhook: the only way (besides the return page's own check) a subscription
// changes. The raw body's signature and its timestamp (5 minutes either way) are verified; each
// event is applied once (stripe_events); what it means is decided by applySubscription from the
// subscription as Stripe reports it now, so late and out-of-order events leave the plan right.
import type { AppContext } from '../context';
import { AppError, InvalidRequest } from '../errors';
import { applySubscription, type Subscriber } from './applySubscription';
import { isEventRecorded, recordEvent } from './billing.sql';
import type { Stripe } from './stripe';

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

/** How far a signature's timestamp may be from now, either way (Stripe's default, 5 minutes). */
const TOLERANCE_SECONDS = 300;

/** Stripe's SDK refuses only timestamps too far in the past; a replay dated ahead is refused here. */
function signedInTheFuture(signature: string): boolean {
  const now = Date.now() / 1000;
  return [...signature.matchAll(/(?:^|,)\s*t=(\d+)/g)].some(
    (m) => Number(m[1]) - now > TOLERANCE_SECONDS,
  );
}

/** Which subscription an event is about, and whose: the user a checkout names, or its customer's owner. */
function subscriptionOf(event: Stripe.Event): { id: string; who?: Subscriber } | undefined {
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    const id = idOf(session.subscription);
    const userId = Number(session.client_reference_id);
    if (session.mode === 'subscription' && id && Number.isSafeInteger(userId))
      return { id, who: { userId } };
  } else if (
    event.type === 'customer.subscription.created' ||
    event.type === 'customer.subscription.updated' ||
    event.type === 'customer.subscription.deleted'
  ) {
    return { id: event.data.object.id };
  }
  return undefined;
}

export async function handleWebhook(ctx: AppContext, stripe: Stripe): Promise<void> {
  const secret = ctx.config.stripe.webhookSecret;
  if (!secret) throw new AppError(503, 'payments_not_configured', 'Webhooks are not configured');
  const payload = await rawBody(ctx);
  const signature = ctx.get('stripe-signature');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature, secret, TOLERANCE_SECONDS);
  } catch (err) {
    ctx.log.warn(`stripe webhook refused: ${(err as Error).message}`);
    throw InvalidRequest('Invalid Stripe signature');
  }
  if (signedInTheFuture(signature)) {
    ctx.log.warn(
      `stripe webhook ${event.id} refused: signed more than ${TOLERANCE_SECONDS} s in the future`,
    );
    throw InvalidRequest('Stripe signature timestamp is in the future');
  }

  if (await isEventRecorded(ctx.pool, event.id)) {
    ctx.body = { received: true, duplicate: true };
    return;
  }
  const about = subscriptionOf(event);
  if (about) {
    // The event's own copy of the subscription may be days old: read what Stripe says now.
    const subscription = await stripe.subscriptions.retrieve(about.id);
    const who = about.who ?? { customerId: idOf(subscription.customer)! };
    const pro = await applySubscription(ctx.pool, stripe, who, subscription);
    if (pro === null)
      ctx.log.warn(
        `stripe webhook ${event.id} (${event.type}): no user for subscription ${about.id}`,
      );
  }
  // Recorded after its effect: applying an event twice gives the same plan (it is decided from
  // Stripe's state now), so a crash in between or two deliveries at once are harmless, while a
  // failure before this line leaves the event for Stripe to retry.
  const fresh = await recordEvent(ctx.pool, event.id, event.type);
  ctx.body = { received: true, duplicate: !fresh };
}
