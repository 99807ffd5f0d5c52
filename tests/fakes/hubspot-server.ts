// Runs the HubSpot fake (tests/fakes/hubspot.ts) as its own process on a fixed port, for e2e:
//   npx tsx tests/fakes/hubspot-server.ts <port> [client id] [client secret]
// (or FAKE_HUBSPOT_PORT, HUBSPOT_CLIENT_ID, HUBSPOT_CLIENT_SECRET). The app uses
// http://127.0.0.1:<port> both as its authorize host and as its API base. Test-only routes:
//   GET  /__test/health                        ready check for Playwright's webServer
//   GET  /__test/state                         notes, emails, token counts, request count, seeded ids
//   POST /__test/<control>  [args...]          e.g. /__test/failNext [502], /__test/rateLimitNext [2],
//                                              /__test/dropAnswerAfterWrite [], /__test/expireAccessTokens [],
//                                              /__test/deleteRecord ["<id>"], /__test/withholdScopes [["..."]]
import { startFakeHubSpot } from './hubspot';
import { serveForE2e } from './oauthConsent';

const port = Number(process.argv[2] ?? process.env.FAKE_HUBSPOT_PORT ?? 8094);
const fake = await startFakeHubSpot({
  clientId: process.argv[3] ?? process.env.HUBSPOT_CLIENT_ID ?? 'hubspot-e2e-client',
  clientSecret: process.argv[4] ?? process.env.HUBSPOT_CLIENT_SECRET ?? 'hubspot-e2e-secret',
});

await serveForE2e({
  name: 'HubSpot',
  port,
  upstream: fake.url,
  controls: {
    failNext: (status: number, count?: number) => fake.failNext(status, count),
    rateLimitNext: (seconds: number, count?: number) => fake.rateLimitNext(seconds, count),
    dropAnswerAfterWrite: (count?: number) => fake.dropAnswerAfterWrite(count),
    expireAccessTokens: () => fake.expireAccessTokens(),
    withholdScopes: (scopes: string[]) => fake.withholdScopes(scopes),
    uninstallApp: () => fake.uninstallApp(),
    setSearchLag: (ms: number) => fake.setSearchLag(ms),
    deleteRecord: (id: string) => fake.deleteRecord(id),
    addContact: (properties: Record<string, string>) => fake.addContact(properties),
    addCompany: (properties: Record<string, string>) => fake.addCompany(properties),
    addDeal: (properties: Record<string, string>) => fake.addDeal(properties),
  },
  state: () => ({
    ids: fake.ids,
    notes: fake.notes,
    emails: fake.emails,
    tokens: fake.tokens,
    requests: fake.requests.length,
  }),
  close: () => fake.close(),
});
