// Runs the Salesforce fake (tests/fakes/salesforce.ts) as its own process on a fixed port, for e2e:
//   npx tsx tests/fakes/salesforce-server.ts <port> [client id] [client secret]
// (or FAKE_SALESFORCE_PORT, SALESFORCE_CLIENT_ID, SALESFORCE_CLIENT_SECRET). The app's
// SALESFORCE_LOGIN_URL is http://127.0.0.1:<port>, and the tokens name the same URL as
// instance_url. Test-only routes:
//   GET  /__test/health                        ready check for Playwright's webServer
//   GET  /__test/state                         tasks, token counts, request count, seeded ids
//   POST /__test/<control>  [args...]          e.g. /__test/failNext [500], /__test/rateLimitNext [2],
//                                              /__test/dropAnswerAfterWrite [], /__test/expireAccessTokens [],
//                                              /__test/exceedRequestLimit [], /__test/deleteRecord ["<id>"]
import { serveForE2e } from './oauthConsent';
import { startFakeSalesforce } from './salesforce';

const port = Number(process.argv[2] ?? process.env.FAKE_SALESFORCE_PORT ?? 8095);
const fake = await startFakeSalesforce({
  clientId: process.argv[3] ?? process.env.SALESFORCE_CLIENT_ID ?? 'salesforce-e2e-client',
  clientSecret: process.argv[4] ?? process.env.SALESFORCE_CLIENT_SECRET ?? 'salesforce-e2e-secret',
  publicUrl: `http://127.0.0.1:${port}`,
});

await serveForE2e({
  name: 'Salesforce',
  port,
  upstream: fake.url,
  controls: {
    failNext: (status: number, count?: number) => fake.failNext(status, count),
    rateLimitNext: (seconds: number, count?: number, status?: number) =>
      fake.rateLimitNext(seconds, count, status),
    dropAnswerAfterWrite: (count?: number) => fake.dropAnswerAfterWrite(count),
    expireAccessTokens: () => fake.expireAccessTokens(),
    exceedRequestLimit: (count?: number) => fake.exceedRequestLimit(count),
    deactivateUser: () => fake.deactivateUser(),
    deleteRecord: (id: string) => fake.deleteRecord(id),
    addRecord: (
      type: 'Account' | 'Contact' | 'Lead' | 'Opportunity',
      fields: Record<string, string>,
    ) => fake.addRecord(type, fields),
  },
  state: () => ({
    ids: fake.ids,
    tasks: fake.tasks,
    tokens: fake.tokens,
    requests: fake.requests.length,
  }),
  close: () => fake.close(),
});
