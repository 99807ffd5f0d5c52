// Runs the fake push service (tests/fakes/pushService.ts) as its own process on a fixed port, for e2e:
//   npx tsx tests/fakes/push-server.ts <port>        (or FAKE_PUSH_PORT; default 8102 = E2E_PORT + 11)
// Chromium under test has no push service, so a story makes a browser's subscription here and hands
// it to the app (PUT /api/push/subscription), then reads what the app sent. Its endpoints are
// http://127.0.0.1:<port>/push/<id>: the app must run with FETCH_ALLOW_LOOPBACK. Test-only routes:
//   GET  /__test/health                               ready check for Playwright's webServer
//   GET  /__test/state                                { received, refused, connections }
//   POST /__test/newSubscription [applicationServerKey?]   answers { result: { endpoint, keys } }
//   POST /__test/gone ["<endpoint>"]                  that subscription answers 410 from now on
import { serveForE2e } from './oauthConsent';
import { startFakePushService } from './pushService';

const port = Number(process.argv[2] ?? process.env.FAKE_PUSH_PORT ?? 8102);
const fake = await startFakePushService({ origin: `http://127.0.0.1:${port}` });

await serveForE2e({
  name: 'push service',
  port,
  upstream: fake.url,
  controls: {
    newSubscription: (applicationServerKey?: string) =>
      fake.newSubscription(applicationServerKey ? { applicationServerKey } : {}),
    gone: (endpoint: string) => fake.gone(endpoint),
  },
  state: () => ({
    received: fake.received,
    refused: fake.refused,
    connections: fake.connections,
  }),
  close: () => fake.close(),
});
