// A fake of the parts of the Stripe API Pitchpad uses, on loopback: customers, checkout sessions,
// billing portal sessions and subscriptions (retrievable and listed with their status now, cancellable). The real `stripe` SDK talks to it through
// STRIPE_API_URL (its host/port/protocol options). Tests drive payments with `completeCheckout`
// and sign webhook events with the SDK's own `generateTestHeaderString`.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Stripe } from 'stripe';

type Obj = Record<string, unknown>;

/** Stripe's form encoding (`a[b][0][c]=x`) back into objects. */
export function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Obj = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}) as Obj;
    });
  }
  return out;
}

export interface FakeStripe {
  /** For STRIPE_API_URL. */
  url: string;
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** Requests received, as method and path. */
  calls: string[];
  /** The next request answers with this HTTP status (a Stripe outage). */
  failNext(status: number): void;
  /** Pay a checkout session: it completes and a subscription starts. Answers the webhook events Stripe would send. */
  completeCheckout(sessionId: string): { completed: Obj; created: Obj };
  /** Change a subscription (e.g. a payment fails); answers the event (a snapshot, as Stripe's are). */
  setSubscriptionStatus(subscriptionId: string, status: string): Obj;
  /**
   * End a subscription at Stripe now (the customer cancels in the portal). Answers both events that
   * may describe it, for tests to deliver late or not at: its `updated` (active → canceled) and `deleted`.
   */
  cancelSubscription(subscriptionId: string): { updated: Obj; deleted: Obj };
  /** A webhook body and its Stripe-Signature header for `event`, signed at `timestamp` (seconds; default now). */
  sign(event: Obj, secret: string, timestamp?: number): { payload: string; signature: string };
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(): Promise<FakeStripe> {
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const calls: string[] = [];
  const sockets = new Set<Socket>();
  let failures: number[] = [];
  let n = 0;
  // Ids unique across fakes too: test files that share one Postgres database each run their own fake.
  const instance = randomBytes(4).toString('hex');
  const id = (prefix: string) => `${prefix}_test_${instance}${(++n).toString(36).padStart(6, '0')}`;
  const event = (type: string, object: Obj, previous?: Obj): Obj => ({
    id: id('evt'),
    object: 'event',
    type,
    created: now(),
    data: previous ? { object, previous_attributes: previous } : { object },
    livemode: false,
    api_version: '2026-10-28.endive',
  });

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res
      .writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
      .end(JSON.stringify(body));
  };
  const missing = (res: ServerResponse, what: string) =>
    send(res, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}`,
      },
    });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url!, 'http://fake');
    calls.push(`${req.method} ${url.pathname}`);
    const failure = failures.shift();
    if (failure)
      return send(res, failure, {
        error: { type: 'api_error', message: 'Stripe is having a bad day' },
      });
    const body = parseForm(raw);
    const route = `${req.method} ${url.pathname}`;
    let m: RegExpMatchArray | null;

    if (route === 'POST /v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return send(res, 200, customer);
    }
    if (route === 'POST /v1/checkout/sessions') {
      if (!customers.has(String(body.customer)))
        return missing(res, `customer: '${body.customer}'`);
      const sid = id('cs');
      const hosted = body.ui_mode !== 'embedded_page';
      const session = {
        id: sid,
        object: 'checkout.session',
        mode: body.mode,
        ui_mode: body.ui_mode ?? 'hosted_page',
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        line_items_in: body.line_items,
        return_url: body.return_url ?? null,
        success_url: body.success_url ?? null,
        client_secret: hosted ? null : `${sid}_secret_fake`,
        url: hosted ? `https://checkout.stripe.test/c/pay/${sid}` : null,
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
      };
      sessions.set(sid, session);
      return send(res, 200, session);
    }
    if ((m = route.match(/^GET \/v1\/checkout\/sessions\/([\w-]+)$/))) {
      const session = sessions.get(m[1]!);
      return session ? send(res, 200, session) : missing(res, `checkout.session: '${m[1]}'`);
    }
    if (route === 'POST /v1/billing_portal/sessions') {
      if (!customers.has(String(body.customer)))
        return missing(res, `customer: '${body.customer}'`);
      return send(res, 200, {
        id: id('bps'),
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `https://billing.stripe.test/p/session/${id('ps')}`,
      });
    }
    if ((m = route.match(/^GET \/v1\/subscriptions\/([\w-]+)$/))) {
      const sub = subscriptions.get(m[1]!);
      return sub ? send(res, 200, sub) : missing(res, `subscription: '${m[1]}'`);
    }
    if (route === 'GET /v1/subscriptions') {
      // As Stripe: a customer's subscriptions, newest first; without a status, all but cancelled ones.
      const customer = url.searchParams.get('customer');
      const status = url.searchParams.get('status');
      const data = [...subscriptions.values()]
        .filter(
          (sub) =>
            (!customer || sub.customer === customer) &&
            (status === 'all' || (status ? sub.status === status : sub.status !== 'canceled')),
        )
        .toReversed();
      return send(res, 200, { object: 'list', url: '/v1/subscriptions', has_more: false, data });
    }
    if ((m = route.match(/^DELETE \/v1\/subscriptions\/([\w-]+)$/))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return missing(res, `subscription: '${m[1]}'`);
      sub.status = 'canceled';
      // Cancelled now: Stripe stamps when, and bills no more.
      sub.canceled_at = now();
      sub.ended_at = sub.canceled_at;
      return send(res, 200, sub);
    }
    return send(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${route})` },
    });
  }

  const server = createServer(
    (req, res) =>
      void handle(req, res).catch((err: Error) =>
        send(res, 500, { error: { message: err.message } }),
      ),
  );
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sdk = new Stripe('sk_test_fake');

  return {
    url: `http://127.0.0.1:${port}`,
    customers,
    sessions,
    subscriptions,
    calls,
    failNext: (status) => void (failures = [...failures, status]),
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId)!;
      const sub = {
        id: id('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        created: now(),
        metadata: session.metadata,
      };
      subscriptions.set(sub.id, sub);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
      return {
        completed: event('checkout.session.completed', { ...session }),
        created: event('customer.subscription.created', { ...sub }),
      };
    },
    setSubscriptionStatus(subscriptionId, status) {
      const sub = subscriptions.get(subscriptionId)!;
      const previous = sub.status;
      sub.status = status;
      return event(
        status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
        { ...sub },
        { status: previous },
      );
    },
    cancelSubscription(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      const previous = sub.status;
      sub.status = 'canceled';
      return {
        updated: event('customer.subscription.updated', { ...sub }, { status: previous }),
        deleted: event('customer.subscription.deleted', { ...sub }),
      };
    },
    sign(evt, secret, timestamp) {
      const payload = JSON.stringify(evt);
      return {
        payload,
        signature: sdk.webhooks.generateTestHeaderString({
          payload,
          secret,
          ...(timestamp === undefined ? {} : { timestamp }),
        }),
      };
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
