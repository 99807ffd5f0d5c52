import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Research, ResearchSummary } from '../../domain/contract/research';
import { RESEARCH_SYSTEM_PROMPT } from '../../domain/research/research';
import { buildSend } from '../../tests/factories/chats';
import { loggedInClient } from '../../tests/factories/users';
import { startFixtureSite, type FixtureSite } from '../../tests/fakes/fixtureSite';
import { startFakeSearchEngine, type FakeSearchEngine } from '../../tests/fakes/searchEngine';
import { TestClient } from '../../tests/support/client';
import {
  startModelTestServer,
  startTestServer,
  type ModelTestServer,
  type TestServer,
} from '../../tests/support/server';
import { NO_SEARCH_ENGINE_MESSAGE } from './research';
import { RESEARCH_BUSY_MESSAGE } from './research.routes';

/**
 * Research over HTTP on both databases, against a fake SearXNG and a site of fixture pages on
 * loopback: the pages read, the passages sent as quoted data, every claim citing a page that was
 * read, what no page supports listed as unconfirmed, and the research kept for the rep alone.
 */
const tag = () => randomBytes(4).toString('hex');

/** The search engine finds these fixture pages for any query (the subject is in its words). */
function pagesOf(site: FixtureSite, ...paths: string[]) {
  return () =>
    paths.map((path) => ({ url: `${site.url}${path}`, title: path, snippet: `About ${path}` }));
}

const modelAnswer = (answer: unknown) => ({ reply: JSON.stringify(answer) });

describe.each([
  ['the suite’s database', {}],
  ['the embedded database', { DATABASE_URL: '' }],
])('on %s', (_name, dbEnv) => {
  let site: FixtureSite;
  let engine: FakeSearchEngine;
  let results: () => { url: string; title: string; snippet: string }[];
  let server: ModelTestServer;
  beforeAll(async () => {
    site = await startFixtureSite();
    results = pagesOf(site, '/freightly', '/news/freightly-raises');
    engine = await startFakeSearchEngine({ results: () => results() });
    server = await startModelTestServer({
      FETCH_ALLOW_LOOPBACK: 'true',
      WEB_SEARCH_ENGINE: 'searxng',
      WEB_SEARCH_URL: engine.url,
      ...dbEnv,
    });
  }, 60_000);
  afterAll(() => Promise.all([server?.close(), engine?.close(), site?.close()]));

  it('reads the pages found and keeps only the claims a page it read supports', async () => {
    const { client } = await loggedInClient(server);
    const subject = `Freightly ${tag()}`;
    server.fake.enqueue(
      modelAnswer({
        claims: [
          { text: 'Freightly is a freight booking platform for mid-sized shippers.', sources: [1] },
          { text: 'It has 240 employees and is based in Rotterdam.', sources: [1] },
          { text: 'It raised a €40 million Series B led by Northzone.', sources: [2] },
          // A page that was not sent, and a number no page holds: neither reaches the rep as fact.
          { text: 'Its CFO joined from Maersk.', sources: [7] },
          { text: 'It has 5,000 employees.', sources: [1] },
          { text: 'It is loved by every shipper.', sources: [] },
        ],
        unconfirmed: ['No page gives their revenue.'],
      }),
    );
    const res = await client.post('/api/research', {
      subject,
      question: 'before my call',
    });
    expect(res.status).toBe(200);
    const research = res.body as Research;
    expect(research).toMatchObject({
      subject,
      question: 'before my call',
      madeWithModel: true,
      claims: [
        { text: 'Freightly is a freight booking platform for mid-sized shippers.', sources: [1] },
        { text: 'It has 240 employees and is based in Rotterdam.', sources: [1] },
        { text: 'It raised a €40 million Series B led by Northzone.', sources: [2] },
      ],
      unconfirmed: [
        'No page gives their revenue.',
        'Its CFO joined from Maersk.',
        'It has 5,000 employees.',
        'It is loved by every shipper.',
      ],
    });
    expect(
      research.sources.map(({ n, url, title, site: name }) => ({ n, url, title, name })),
    ).toEqual([
      { n: 1, url: `${site.url}/freightly`, title: 'About us | Freightly', name: 'Freightly' },
      {
        n: 2,
        url: `${site.url}/news/freightly-raises`,
        title: expect.stringContaining('Freightly raises €40 million'),
        name: expect.any(String),
      },
    ]);
    expect(research.sources[0]!.excerpt).toContain('240 employees');
    expect(research.sources[1]!.publishedAt).toMatch(/^2026-10-14/);
    expect(Date.parse(research.sources[0]!.readAt)).toBeGreaterThan(Date.now() - 60_000);

    // The engine was asked for the subject and the question; the model got the pages as quoted data.
    expect(engine.requests.at(-1)).toMatchObject({
      engine: 'searxng',
      query: `${subject} before my call`,
    });
    const call = server.fake.requests.at(-1)!;
    expect(call.messages[0]!.content).toBe(RESEARCH_SYSTEM_PROMPT);
    expect(call.messages[1]!.content).toContain(
      `[1] About us | Freightly (Freightly, ${site.url}/freightly)\n<<<\n`,
    );
    expect(call.messages[1]!.content).toContain('Northzone');

    // Kept: read back by id, and listed.
    expect((await client.get(`/api/research/${research.id}`)).body).toEqual(research);
    const listed = (await client.get('/api/research')).body as ResearchSummary[];
    expect(listed[0]).toEqual({
      id: research.id,
      subject,
      madeAt: research.madeAt,
      sourceCount: 2,
    });
  });

  it('answers the kept research for the same subject without searching, and searches again on refresh', async () => {
    const { client } = await loggedInClient(server);
    const subject = `Globex ${tag()}`;
    server.fake.enqueue(
      modelAnswer({
        claims: [{ text: 'Freightly books freight.', sources: [1] }],
        unconfirmed: [],
      }),
    );
    const first = (await client.post('/api/research', { subject })).body as Research;
    const searches = engine.requests.length;
    const calls = server.fake.requests.length;

    const again = await client.post('/api/research', { subject: `  ${subject.toUpperCase()} ` });
    expect(again.body).toEqual(first);
    expect(engine.requests.length).toBe(searches);
    expect(server.fake.requests.length).toBe(calls);

    server.fake.enqueue(
      modelAnswer({
        claims: [{ text: 'Freightly is in Rotterdam.', sources: [1] }],
        unconfirmed: [],
      }),
    );
    const refreshed = (await client.post('/api/research', { subject, refresh: true }))
      .body as Research;
    expect(engine.requests.length).toBe(searches + 1);
    expect(refreshed.id).toBe(first.id);
    expect(refreshed.claims).toEqual([{ text: 'Freightly is in Rotterdam.', sources: [1] }]);
    expect(Date.parse(refreshed.madeAt)).toBeGreaterThanOrEqual(Date.parse(first.madeAt));

    // A new question about the same subject searches again, for it.
    server.fake.enqueue(
      modelAnswer({
        claims: [{ text: 'Freightly raised €40 million.', sources: [2] }],
        unconfirmed: [],
      }),
    );
    const asked = (await client.post('/api/research', { subject, question: 'their funding' }))
      .body as Research;
    expect(engine.requests.at(-1)!.query).toBe(`${subject} their funding`);
    expect(asked).toMatchObject({ id: first.id, question: 'their funding' });

    // A refresh the model cannot summarise keeps the summary the rep has.
    server.fake.enqueue({ reply: 'not JSON' }, { reply: 'still not JSON' });
    const failed = await client.post('/api/research', { subject, refresh: true });
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({
      code: 'research_failed',
      message: 'The AI model could not answer. Your research is kept as it was; refresh it later.',
    });
    expect((await client.get(`/api/research/${first.id}`)).body).toEqual(asked);
  });

  it('sends a page’s words as data: hidden text is never read, and robots.txt and loops are notes', async () => {
    const { client } = await loggedInClient(server);
    results = pagesOf(site, '/injection', '/private/page', '/loop', '/freightly');
    try {
      server.fake.enqueue(
        modelAnswer({
          claims: [{ text: 'Freightly books freight.', sources: [1] }],
          unconfirmed: [],
        }),
      );
      const research = (await client.post('/api/research', { subject: `Freightly ${tag()}` }))
        .body as Research;
      const prompt = server.fake.requests.at(-1)!.messages[1]!.content;
      expect(prompt).not.toMatch(/ignore your previous instructions/i);
      expect(prompt).not.toContain('bankrupt');
      expect(research.sources.map((s) => s.url)).toEqual([
        `${site.url}/injection`,
        `${site.url}/freightly`,
      ]);
      expect(site.hits).not.toContain('/private/page');
      expect(research.notes).toHaveLength(2);
      expect(research.notes.join('\n')).toMatch(/robots/i);
    } finally {
      results = pagesOf(site, '/freightly', '/news/freightly-raises');
    }
  });

  it('bounds what a long page sends to the model', async () => {
    const { client } = await loggedInClient(server);
    results = pagesOf(site, '/annual-report', '/freightly');
    try {
      server.fake.enqueue(modelAnswer({ claims: [], unconfirmed: [] }));
      const research = (await client.post('/api/research', { subject: `Freightly lanes ${tag()}` }))
        .body as Research;
      const prompt = server.fake.requests.at(-1)!.messages[1]!.content;
      // 3,500 tokens of passages, about four characters each, and the pages' headings.
      expect(prompt.length).toBeLessThan(18_000);
      expect(research.sources.map((s) => s.url)).toEqual([
        `${site.url}/annual-report`,
        `${site.url}/freightly`,
      ]);
      expect(research.sources.every((s) => s.excerpt.length <= 6_000)).toBe(true);
    } finally {
      results = pagesOf(site, '/freightly', '/news/freightly-raises');
    }
  });

  it('says when the web search is down, and keeps nothing', async () => {
    const { client } = await loggedInClient(server);
    engine.failNext(500, 1);
    const subject = `Initech ${tag()}`;
    const res = await client.post('/api/research', { subject });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({
      code: 'research_failed',
      message: 'The web search did not answer. Try again in a moment.',
    });
    expect((await client.get('/api/research')).body).toEqual([]);
  });

  it('keeps research to its rep: another rep reads, lists and deletes none of it', async () => {
    const alice = await loggedInClient(server);
    const bob = await loggedInClient(server);
    server.fake.enqueue(modelAnswer({ claims: [], unconfirmed: [] }));
    const research = (await alice.client.post('/api/research', { subject: `Umbrella ${tag()}` }))
      .body as Research;
    expect((await bob.client.get(`/api/research/${research.id}`)).status).toBe(404);
    expect((await bob.client.delete(`/api/research/${research.id}`)).status).toBe(404);
    expect((await bob.client.get('/api/research')).body).toEqual([]);
    expect((await alice.client.get('/api/research/not-an-id')).status).toBe(404);
    expect((await alice.client.delete(`/api/research/${research.id}`)).status).toBe(204);
    expect((await alice.client.get(`/api/research/${research.id}`)).status).toBe(404);
  });

  it('writes a later chat answer naming the company with the research’s pages, cited, with no new search', async () => {
    const { client } = await loggedInClient(server);
    const name = `Freightly${tag()}`;
    server.fake.enqueue(modelAnswer({ claims: [], unconfirmed: [] }));
    const research = (await client.post('/api/research', { subject: name })).body as Research;
    const searches = engine.requests.length;

    const send = buildSend(`What does ${name} do, and how big are they?`);
    const res = await client.post('/api/chat', send);
    expect(res.status).toBe(200);
    expect(engine.requests.length).toBe(searches);
    const system = server.fake.requests.at(-1)!.messages[0]!.content;
    expect(system).toContain('Pages from the web the user researched earlier.');
    expect(system).toContain(`[1] About us | Freightly (Freightly, ${site.url}/freightly, read `);
    expect(system).toContain('240 employees');
    const sources = [
      {
        passageId: `research:${research.id}:1`,
        fileName: 'About us | Freightly · Freightly',
        page: null,
        research: { id: research.id, n: 1, url: `${site.url}/freightly` },
      },
      expect.objectContaining({ research: expect.objectContaining({ n: 2 }) }),
    ];
    expect(res.body.message.sources).toEqual(sources);
    const chat = await client.get(`/api/chats/${send.chatId}`);
    expect(chat.body.messages[1].sources).toEqual(sources);

    // A question naming no researched subject (a longer word holding it counts as none) has none.
    const other = buildSend(`What does ${name}ville sell?`);
    await client.post('/api/chat', other);
    expect(server.fake.requests.at(-1)!.messages[0]!.content).not.toContain('Pages from the web');
  });

  it('writes a cold email to a researched company with its pages, each fact marked, and an objection guide naming it as a competitor', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const name = `Freightly${tag()}`;
    server.fake.enqueue(modelAnswer({ claims: [], unconfirmed: [] }));
    const research = (await client.post('/api/research', { subject: name })).body as Research;
    const searches = engine.requests.length;
    const res = await client.post(
      '/api/chat',
      buildSend(`Write a cold email to Dana Ortiz at ${name}.`, {
        playbookType: 'email',
        answers: { recipient_info: `Dana Ortiz, VP Sales at ${name}`, value_prop: 'Faster ramp.' },
      }),
    );
    expect(res.status).toBe(200);
    expect(engine.requests.length).toBe(searches);
    const system = server.fake.requests.at(-1)!.messages[0]!.content;
    expect(system).toContain('Pages from the web the user researched about the recipient.');
    expect(system).toContain(
      'End every sentence that states a fact about the recipient or their company taken from a page with that page’s number as [n].',
    );
    expect(system).toContain('240 employees');
    expect(res.body.message.sources).toEqual([
      expect.objectContaining({
        research: { id: research.id, n: 1, url: `${site.url}/freightly` },
      }),
      expect.objectContaining({ research: expect.objectContaining({ id: research.id, n: 2 }) }),
    ]);

    // Research on another company the recipient's answer names is not sent as the recipient's.
    server.fake.enqueue(modelAnswer({ claims: [], unconfirmed: [] }));
    const gong = `Gong${tag()}`;
    expect((await client.post('/api/research', { subject: gong })).status).toBe(200);
    const exGong = await client.post(
      '/api/chat',
      buildSend(`Write a cold email to Dana at ${name}.`, {
        playbookType: 'email',
        answers: { recipient_info: `Dana Ortiz, VP Sales at ${name}, ex-${gong}` },
      }),
    );
    expect(exGong.body.message.sources).toHaveLength(2);
    expect(
      exGong.body.message.sources.every(
        (s: { research?: { id: string } }) => s.research?.id === research.id,
      ),
    ).toBe(true);

    // The research is found by whom the email goes to, not by other answers naming the company.
    const elsewhere = await client.post(
      '/api/chat',
      buildSend(`Write a cold email to Sam at Globex about ${name}.`, {
        playbookType: 'email',
        answers: { recipient_info: 'Sam Lee at Globex', value_prop: `What ${name} lacks.` },
      }),
    );
    expect(elsewhere.status).toBe(200);
    expect(server.fake.requests.at(-1)!.messages[0]!.content).not.toContain('Pages from the web');
    // An objection guide takes it when its competitors' answer names the company, cited as an
    // answer is; by another answer, or in another flow, none.
    const guide = await client.post(
      '/api/chat',
      buildSend(`Objections about ${name}.`, {
        playbookType: 'objection',
        answers: { audience_type: 'customers', competitive_landscape: `${name} and spreadsheets` },
      }),
    );
    expect(guide.status).toBe(200);
    expect(server.fake.requests.at(-1)!.messages[0]!.content).toContain(
      'Pages from the web the user researched earlier.',
    );
    expect(guide.body.message.sources).toHaveLength(2);
    const other = await client.post(
      '/api/chat',
      buildSend(`Objections ${name} raises.`, {
        playbookType: 'objection',
        answers: { audience_type: 'customers', common_objections: `${name} says it is too dear.` },
      }),
    );
    expect(other.status).toBe(200);
    expect(server.fake.requests.at(-1)!.messages[0]!.content).not.toContain('Pages from the web');
    const plan = await client.post(
      '/api/chat',
      buildSend(`A plan for ${name}.`, {
        playbookType: 'gtmplan',
        answers: { target_market: name },
      }),
    );
    expect(plan.status).toBe(200);
    expect(server.fake.requests.at(-1)!.messages[0]!.content).not.toContain('Pages from the web');
    expect(plan.body.message.sources ?? []).toEqual([]);
  });

  it('runs two research of one rep at once, refusing a third until one ends; another rep is not held', async () => {
    const alice = await loggedInClient(server);
    const before = engine.requests.length;
    engine.delayNext(1_500);
    engine.delayNext(1_500);
    const slow = [1, 2].map(() => {
      server.fake.enqueue(modelAnswer({ claims: [], unconfirmed: [] }));
      return alice.client.post('/api/research', { subject: `Hooli ${tag()}` });
    });
    // Both have reached the search engine: both are running.
    await expect
      .poll(() => engine.requests.length, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(before + 2);
    const third = await alice.client.post('/api/research', { subject: `Raviga ${tag()}` });
    expect(third.status).toBe(429);
    expect(third.body.message).toBe(RESEARCH_BUSY_MESSAGE);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    const bob = await loggedInClient(server);
    server.fake.enqueue(modelAnswer({ claims: [], unconfirmed: [] }));
    expect((await bob.client.post('/api/research', { subject: `Raviga ${tag()}` })).status).toBe(
      200,
    );
    expect((await Promise.all(slow)).map((res) => res.status)).toEqual([200, 200]);
    server.fake.enqueue(modelAnswer({ claims: [], unconfirmed: [] }));
    expect((await alice.client.post('/api/research', { subject: `Raviga ${tag()}` })).status).toBe(
      200,
    );
  });

  it('holds a rep to 30 research an hour, and another rep is not held by it', async () => {
    const alice = await loggedInClient(server);
    server.fake.enqueue(modelAnswer({ claims: [], unconfirmed: [] }));
    expect((await alice.client.post('/api/research', { subject: `Hooli ${tag()}` })).status).toBe(
      200,
    );
    // As if she had researched 28 times more this hour, without 28 researches: her counter goes
    // from 1 (the research above) to 29.
    const counted = await server.pool.query(
      'UPDATE rate_limits SET count = 29 WHERE key = $1 AND count = 1',
      [`research:user:${alice.user.id}`],
    );
    expect(counted.rowCount).toBe(1);
    server.fake.enqueue(modelAnswer({ claims: [], unconfirmed: [] }));
    expect(
      (await alice.client.post('/api/research', { subject: `Pied Piper ${tag()}` })).status,
    ).toBe(200);
    const searches = engine.requests.length;
    const over = await alice.client.post('/api/research', { subject: `Raviga ${tag()}` });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please try again later.',
    });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(engine.requests.length).toBe(searches);

    const bob = await loggedInClient(server);
    server.fake.enqueue(modelAnswer({ claims: [], unconfirmed: [] }));
    expect((await bob.client.post('/api/research', { subject: `Raviga ${tag()}` })).status).toBe(
      200,
    );
  });

  it('asks for a session on every route', async () => {
    const anonymous = new TestClient(server.url);
    for (const res of [
      await anonymous.post('/api/research', { subject: 'Freightly' }),
      await anonymous.get('/api/research'),
      await anonymous.get('/api/research/00000000-0000-4000-8000-000000000000'),
      await anonymous.delete('/api/research/00000000-0000-4000-8000-000000000000'),
    ])
      expect(res.status).toBe(401);
  });

  it.each([
    [{}, 'Say who or what to research: a company or a person.'],
    [{ subject: ' ' }, 'Say who or what to research: a company or a person.'],
    [{ subject: 'x'.repeat(5_000) }, 'What to research has at most 200 characters'],
    [{ subject: 'Frei\0ghtly' }, 'subject: must not contain a NUL character'],
    [
      { subject: 'Freightly', question: 'q'.repeat(501) },
      'The question has at most 500 characters.',
    ],
    [{ subject: 'Freightly', refresh: 'yes' }, 'refresh'],
  ])('refuses %j, saying what is wrong', async (body, message) => {
    const { client } = await loggedInClient(server);
    const searches = engine.requests.length;
    const res = await client.post('/api/research', body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(engine.requests.length).toBe(searches);
  });
});

describe('without what research needs', () => {
  let site: FixtureSite;
  let engine: FakeSearchEngine;
  let bare: TestServer;
  let production: ModelTestServer;
  beforeAll(async () => {
    site = await startFixtureSite();
    engine = await startFakeSearchEngine({
      results: () => [{ url: `${site.url}/freightly`, title: 'Freightly', snippet: '' }],
    });
    [bare, production] = await Promise.all([
      startTestServer(
        { FETCH_ALLOW_LOOPBACK: 'true', WEB_SEARCH_ENGINE: 'searxng', WEB_SEARCH_URL: engine.url },
        { ownDatabase: true },
      ),
      // As in production: the server never fetches its own machine for a rep.
      startModelTestServer({ WEB_SEARCH_ENGINE: 'searxng', WEB_SEARCH_URL: engine.url }),
    ]);
  }, 60_000);
  afterAll(() => Promise.all([bare?.close(), production?.close(), engine?.close(), site?.close()]));

  it('with no search engine, says research needs one without naming a setting a rep cannot see', async () => {
    const server = await startTestServer({}, { ownDatabase: true });
    try {
      const { client } = await loggedInClient(server);
      const res = await client.post('/api/research', { subject: 'Freightly' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'no_search_engine',
        message: NO_SEARCH_ENGINE_MESSAGE,
      });
      expect(NO_SEARCH_ENGINE_MESSAGE).not.toMatch(/[A-Z]+_[A-Z]+/);
      expect((await client.get('/api/capabilities')).body).toMatchObject({ webSearch: false });
    } finally {
      await server.close();
    }
  });

  it('with no model, keeps the pages found with their passages, unsummarised, and says so', async () => {
    const { client } = await loggedInClient(bare);
    const research = (await client.post('/api/research', { subject: 'Freightly' }))
      .body as Research;
    expect(research).toMatchObject({ madeWithModel: false, claims: [], unconfirmed: [] });
    expect(research.sources).toHaveLength(1);
    expect(research.sources[0]!.excerpt).toContain('freight booking platform');
    expect(research.notes).toEqual([expect.stringContaining('No AI model is connected')]);
    expect((await client.get('/api/capabilities')).body).toMatchObject({ webSearch: true });
  });

  it('refuses a page on the server’s own machine and connects to none', async () => {
    const { client } = await loggedInClient(production);
    const hits = site.hits.length;
    const res = await client.post('/api/research', { subject: 'Freightly' });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'research_failed' });
    expect(site.hits.length).toBe(hits);
    expect(production.fake.requests).toEqual([]);
  });
});
