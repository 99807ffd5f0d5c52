// Runs the Stripe API fake (tests/fakes/stripe.ts) as its own process on a fixed port, for e2e:
//   npx tsx tests/fakes/stripe-server.ts <port> <app url> <webhook secret>
// The app's SDK talks to it through STRIPE_API_URL=http://127.0.0.1:<port>. Tests cannot reach the
// fake's state from the browser, so it also answers two test-only calls:
//   GET  /__test/health                       ready check for Playwright's webServer
//   POST /__test/checkout/<session id>/pay    pays the session as a buyer would, then delivers the
//                                             signed webhook events Stripe sends to <app url>
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { startFakeStripe } from './stripe';

const port = Number(process.argv[2] ?? process.env.FAKE_STRIPE_PORT ?? 8093);
const appUrl = (process.argv[3] ?? process.env.APP_URL ?? 'http://127.0.0.1:8091').replace(
  /\/$/,
  '',
);
const webhookSecret = process.argv[4] ?? process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_e2e';

const fake = await startFakeStripe();
const upstream = new URL(fake.url);

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** POSTs a signed event to the app's webhook, as Stripe would. */
async function deliver(event: Record<string, unknown>): Promise<number> {
  const { payload, signature } = fake.sign(event, webhookSecret);
  const res = await fetch(`${appUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  return res.status;
}

async function payCheckout(sessionId: string, res: ServerResponse) {
  if (!fake.sessions.has(sessionId))
    return json(res, 404, { error: `no checkout session ${sessionId}` });
  const { completed, created } = fake.completeCheckout(sessionId);
  const statuses = [await deliver(completed), await deliver(created)];
  const subscriptionId = String((created.data as { object: { id: string } }).object.id);
  json(res, statuses.every((s) => s === 200) ? 200 : 502, {
    sessionId,
    subscriptionId,
    webhookStatuses: statuses,
  });
}

/** Everything else is the Stripe API: passed through to the fake as it came. */
function proxy(req: IncomingMessage, res: ServerResponse) {
  const forward = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forward.on('error', (error) => json(res, 502, { error: { message: error.message } }));
  req.pipe(forward);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  if (req.method === 'GET' && url.pathname === '/__test/health')
    return json(res, 200, { ok: true });
  const pay =
    req.method === 'POST' ? url.pathname.match(/^\/__test\/checkout\/([\w-]+)\/pay$/) : null;
  if (pay)
    return void payCheckout(pay[1]!, res).catch((error: Error) =>
      json(res, 500, { error: error.message }),
    );
  proxy(req, res);
});
server.listen(port, '127.0.0.1', () =>
  console.log(`fake Stripe listening at http://127.0.0.1:${port} (webhooks to ${appUrl})`),
);

const stop = () => {
  server.close();
  void fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
