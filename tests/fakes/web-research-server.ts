// Runs the web research fakes as one process on a fixed port, for e2e:
//   npx tsx tests/fakes/web-research-server.ts <port>     (default 8103 = E2E_PORT + 12)
// A SearXNG-compatible search engine (tests/fakes/searchEngine.ts) on <port>, whose every result is
// a page of the fixture site (tests/fakes/fixtureSite.ts), itself on a free loopback port: the app
// must run with WEB_SEARCH_ENGINE=searxng, WEB_SEARCH_URL=http://127.0.0.1:<port> and
// FETCH_ALLOW_LOOPBACK. Test-only routes:
//   GET /__test/health     ready check for Playwright's webServer
//   GET /__test/state      { searches: [query…], pagesRead: [path…] }
import { startFixtureSite } from './fixtureSite';
import { serveForE2e } from './oauthConsent';
import { startFakeSearchEngine } from './searchEngine';

const port = Number(process.argv[2] ?? process.env.FAKE_WEB_RESEARCH_PORT ?? 8103);
const site = await startFixtureSite();
// A company page and a dated news article about it: what a research on any subject finds here.
const engine = await startFakeSearchEngine({
  results: () => [
    { url: `${site.url}/freightly`, title: 'About us | Freightly', snippet: 'Freight booking.' },
    {
      url: `${site.url}/news/freightly-raises`,
      title: 'Freightly raises €40 million',
      snippet: 'Series B.',
    },
  ],
});

await serveForE2e({
  name: 'web research',
  port,
  upstream: engine.url,
  controls: {},
  state: () => ({
    searches: engine.requests.map((r) => r.query),
    pagesRead: site.hits,
  }),
  close: async () => {
    await engine.close();
    await site.close();
  },
});
