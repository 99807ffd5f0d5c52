// `npm run bench` (CRM part). Figures, not tests: the time the server adds to a push into the rep's
// CRM (PUT /api/crm/pushes/:id, api/crm/push.ts) beyond the CRM's own. One rep is connected to the
// HubSpot fake (tests/fakes/hubspot.ts) through its consent page, as api/crm/crm.test.ts does; then
// N pushes, each a new id, one after another. For each push it times:
//  - the push: the PUT from the client, to its answer;
//  - the provider, in that push: the server's calls to the fake (its fetches, timed as they go);
//  - the added time: the push less its provider time (the session, the CSRF check, validating the
//    note, reading the CRM app and the rep's connection and opening their tokens, recording, claiming
//    and marking the push: every query that costs).
// Then, separately, the adapter's writeNote alone, N times, straight to the fake: the provider's own
// time for the same notes, a check on the second line. Client, server and fake share one process, so
// anything the client or a garbage collection takes counts against the server: an upper bound.
// On Postgres when TEST_DATABASE_URL (or DATABASE_URL) names one (a throwaway database: the bench
// adds a rep and their pushes, and leaves them), else the embedded PGlite.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { CrmPushInput, CrmPushResponse } from '../../domain/contract/crm';
import type { CrmNote, CrmSession } from '../../api/crm/adapter';
import { hubspotAdapter } from '../../api/crm/hubspot';
import { startFakeHubSpot } from '../fakes/hubspot';
import { loggedInClient } from '../factories/users';
import { startTestServer, testDatabaseUrl } from '../support/server';

const N = Number(process.env.BENCH_CRM_PUSHES ?? 200);
const WARM_UP = 20;
/** What the added time should stay within, at the median, on Postgres. */
const TARGET_P50_MS = 20;
const HS_APP = { clientId: 'bench-hs-client', clientSecret: 'bench-hs-secret' };

const at = (xs: number[], p: number) =>
  xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const figures = (xs: number[]) =>
  `p50 ${at(xs, 0.5).toFixed(2).padStart(6)} ms  p95 ${at(xs, 0.95).toFixed(2).padStart(6)} ms`;

const hubspot = await startFakeHubSpot(HS_APP);
const server = await startTestServer({
  HUBSPOT_CLIENT_ID: HS_APP.clientId,
  HUBSPOT_CLIENT_SECRET: HS_APP.clientSecret,
  HUBSPOT_API_URL: hubspot.url,
  HUBSPOT_AUTH_URL: hubspot.url,
});
const database = testDatabaseUrl() ? 'Postgres' : 'embedded PGlite';

// The server's calls to the fake, timed where they leave: the server runs in this process, so its
// adapter's fetch is this one. Pushes go one at a time, so what is counted here is the push's own.
const realFetch = globalThis.fetch;
let providerMs = 0;
let providerCalls = 0;
globalThis.fetch = Object.assign(
  async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(hubspot.url)) return realFetch(input, init);
    const started = performance.now();
    try {
      const res = await realFetch(input, init);
      // The adapter reads the whole body: the provider's time ends with it.
      await res.clone().arrayBuffer();
      return res;
    } finally {
      providerMs += performance.now() - started;
      providerCalls++;
    }
  },
  { preconnect: () => {} },
) as typeof fetch;

// The database queries a push makes, counted on the app's pool.
let queries = 0;
const pool = server.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
const realQuery = pool.query.bind(pool);
pool.query = (...args: unknown[]) => {
  queries++;
  return realQuery(...args);
};

try {
  const { client } = await loggedInClient(server);
  const started = await client.post<{ url: string }>('/api/crm/hubspot/connect');
  if (started.status !== 200) throw new Error(`connect answered ${started.status}`);
  const back = hubspot.consent(started.body.url, 'allow');
  const connected = await client.get(`/api/crm/hubspot/callback${back.search}`);
  if (!connected.headers.get('location')?.endsWith('result=connected'))
    throw new Error(`the consent ended at ${connected.headers.get('location')}`);

  const input: CrmPushInput = {
    provider: 'hubspot',
    source: { kind: 'crm-note', ref: 'bench' },
    title: 'Freightly',
    body: 'Call with Dana Ortiz.\nShe wants the ramp numbers by Friday.\n\nNext: send the case study.',
    targets: [{ type: 'contact', id: hubspot.ids.dana, name: 'Dana Ortiz' }],
  };

  const push = async () => {
    const [msBefore, callsBefore, queriesBefore] = [providerMs, providerCalls, queries];
    const t = performance.now();
    const res = await client.put<CrmPushResponse>(`/api/crm/pushes/${randomUUID()}`, input);
    const total = performance.now() - t;
    if (res.status !== 200 || res.body.push.state !== 'written')
      throw new Error(`push answered ${res.status}: ${res.text}`);
    return {
      total,
      provider: providerMs - msBefore,
      calls: providerCalls - callsBefore,
      queries: queries - queriesBefore,
    };
  };

  // Warm up: the first requests compile the routes and open the pool's connections.
  for (let i = 0; i < WARM_UP; i++) await push();
  const notesBefore = hubspot.notes.length;
  const pushes = [];
  for (let i = 0; i < N; i++) pushes.push(await push());
  const written = hubspot.notes.length - notesBefore;

  // The provider alone: the adapter's writeNote, straight to the fake, for the same notes.
  const minted = hubspot.mintTokens();
  const session: CrmSession = {
    tokens: {
      accessToken: minted.access_token,
      refreshToken: minted.refresh_token,
      expiresAt: new Date(Date.now() + minted.expires_in * 1000),
    },
    account: { id: String(hubspot.portalId), name: 'bench', apiUrl: hubspot.url },
  };
  const adapter = hubspotAdapter({ authUrl: hubspot.url });
  const note = (): CrmNote => ({
    title: input.title,
    body: input.body,
    targets: input.targets,
    marker: `pp${randomUUID().replace(/-/g, '').slice(0, 16)}`,
    at: new Date(),
  });
  for (let i = 0; i < WARM_UP; i++) await adapter.writeNote(session, note());
  const alone: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await adapter.writeNote(session, note());
    alone.push(performance.now() - t);
  }

  const added = pushes.map((p) => p.total - p.provider);
  const addedP50 = at(added, 0.5);
  const verdict =
    database === 'Postgres'
      ? addedP50 <= TARGET_P50_MS
        ? 'within'
        : 'OVER'
      : 'the target is for Postgres';
  console.log(
    `CRM push into HubSpot (the fake), ${database}: ${N} pushes, one at a time, each a new id (after ${WARM_UP} to warm up):`,
  );
  console.log(`  PUT /api/crm/pushes/:id           ${figures(pushes.map((p) => p.total))}`);
  console.log(`  the provider, in the push         ${figures(pushes.map((p) => p.provider))}`);
  console.log(
    `  added by the server               ${figures(added)}   (target p50 ≤ ${TARGET_P50_MS} ms on Postgres: ${verdict})`,
  );
  console.log(`  the provider alone (writeNote)    ${figures(alone)}`);
  const calls = at(
    pushes.map((p) => p.calls),
    0.5,
  );
  const perPush = at(
    pushes.map((p) => p.queries),
    0.5,
  );
  console.log(
    `  per push (median): ${calls} call(s) to the CRM, ${perPush} queries on the app's pool; ${written}/${N} notes written${written === N ? ', one a push' : ' (NOT one a push)'}`,
  );
} finally {
  globalThis.fetch = realFetch;
  pool.query = realQuery;
  await server.close();
  await hubspot.close();
}
