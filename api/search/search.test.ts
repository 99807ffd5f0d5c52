import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_FILE_NAME_HEADER } from '../../domain/contract/kit';
import {
  SEARCH_PAGE_SIZE,
  messageHitKey,
  type SearchHit,
  type SearchResponse,
} from '../../domain/contract/search';
import { buildSend } from '../../tests/factories/chats';
import { pdfOf } from '../../tests/factories/documents';
import { loggedInClient } from '../../tests/factories/users';
import { TestClient, type TestResponse } from '../../tests/support/client';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { encodeCursor } from './cursor';

/**
 * The server's search over HTTP on both databases: rows made through the real routes where a rep
 * makes them (sends, kit files, the profile, saved flows, email edits, deletes) and by SQL where a
 * test needs a time in the past or many rows.
 */
const servers: Record<string, TestServer> = {};
beforeAll(async () => {
  const [shared, embedded] = await Promise.all([
    startTestServer(),
    startTestServer({ DATABASE_URL: '' }),
  ]);
  servers['the suite’s database'] = shared;
  servers['the embedded database'] = embedded;
}, 60_000);
afterAll(() => Promise.all(Object.values(servers).map((s) => s.close())));

const newId = () => randomBytes(16).toString('base64url').slice(0, 21);

type Rep = Awaited<ReturnType<typeof loggedInClient>>;

const search = (
  client: TestClient,
  q: string,
  params: Record<string, string> = {},
): Promise<TestResponse<SearchResponse>> =>
  client.get(`/api/search?${new URLSearchParams({ q, ...params }).toString()}`);
/** The hits of a search that must succeed. */
const hitsOf = async (client: TestClient, q: string, params: Record<string, string> = {}) => {
  const res = await search(client, q, params);
  expect(res.status, res.text).toBe(200);
  return res.body.hits;
};
const snippets = (hits: SearchHit[]) => hits.map((hit) => hit.snippet);
/** Each hit's marked words, as the screen would bold them. */
const marked = (hit: SearchHit) => hit.marks.map(([start, end]) => hit.snippet.slice(start, end));

/** A file into the rep's kit, as the kit screen uploads it; its id. */
const upload = async (who: Rep, name: string, bytes: Uint8Array, id = newId()) => {
  const res = await who.client.put(`/api/kit/files/${id}`, bytes, {
    headers: { [KIT_FILE_NAME_HEADER]: encodeURIComponent(name) },
  });
  expect(res.status, res.text).toBe(201);
  return id;
};
const markdown = (text: string) => new TextEncoder().encode(text);

describe.each(['the suite’s database', 'the embedded database'])('on %s', (database) => {
  const server = () => servers[database]!;
  const rep = () => loggedInClient(server());

  /** A chat of the rep's, written straight into the database (a guided flow's when `flow`). */
  async function chatOf(who: Rep, title: string, flow = false): Promise<string> {
    const id = randomUUID();
    await server().pool.query(
      `INSERT INTO chats (id, title, user_id, is_playbook, playbook_type) VALUES ($1, $2, $3, $4, $5)`,
      [id, title, who.user.id, String(flow), flow ? 'email' : 'none'],
    );
    return id;
  }
  /** A message written `daysAgo` days ago, by SQL (the routes write only now); its server id. */
  async function say(
    chatId: string,
    content: string,
    opts: { daysAgo?: number; role?: string; status?: string } = {},
  ): Promise<number> {
    const { rows } = await server().pool.query<{ id: number }>(
      `INSERT INTO messages (chat_id, role, content, status, timestamp)
       VALUES ($1, $2, $3, $4, now() - make_interval(secs => $5)) RETURNING id`,
      [
        chatId,
        opts.role ?? 'user',
        content,
        opts.status ?? 'complete',
        (opts.daysAgo ?? 0) * 86400,
      ],
    );
    return rows[0]!.id;
  }
  async function recording(
    who: Rep,
    title: string | null,
    transcript: string,
    status = 'transcribed',
  ) {
    const id = newId();
    await server().pool.query(
      `INSERT INTO recordings (user_id, id, title, container, bytes, status, transcript, transcribed_at)
       VALUES ($1, $2, $3, 'webm', 1000, $4, $5, now())`,
      [who.user.id, id, title, status, transcript],
    );
    return id;
  }

  it('asks for a session', async () => {
    const guest = new TestClient(server().url);
    const res = await search(guest, 'pricing');
    expect(res.status).toBe(401);
  });

  it('lets a rep search 240 times a minute, then answers 429 with when to try again; another rep still searches', async () => {
    const alice = await rep();
    await say(await chatOf(alice, 'Pricing'), 'Pricing for Acme');
    expect(await hitsOf(alice.client, 'pricing')).toHaveLength(1);
    // As if she had searched 238 times more this minute, without 238 requests: her counter in the
    // limiter's table goes from 1 (the search above) to 239.
    const counted = await server().pool.query(
      'UPDATE rate_limits SET count = 239 WHERE key = $1 AND count = 1',
      [`search:user:${alice.user.id}`],
    );
    expect(counted.rowCount).toBe(1);
    expect(await hitsOf(alice.client, 'pricing')).toHaveLength(1);

    const over = await search(alice.client, 'pricing');
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please try again later.',
    });
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const bob = await rep();
    await say(await chatOf(bob, 'Pricing'), 'Pricing for Globex');
    expect(await hitsOf(bob.client, 'pricing')).toHaveLength(1);
  });

  it('finds a sent message and its reply, keyed and opened as the phone keys and opens them', async () => {
    const alice = await rep();
    const send = buildSend('Freightly asked about volume discounts for their zorblax fleet');
    const sent = await alice.client.post('/api/chat', send);
    expect(sent.status).toBe(200);
    const replyId = sent.body.message.id as number;
    const questionId = sent.body.message.replyTo as number;
    await server().pool.query(`UPDATE messages SET content = content || ' zorblax' WHERE id = $1`, [
      replyId,
    ]);

    const hits = await hitsOf(alice.client, 'zorblax');
    const question = hits.find(
      (hit) => hit.target.kind === 'message' && hit.target.serverId === questionId,
    );
    expect(question).toMatchObject({
      kind: 'chat',
      key: messageHitKey(send.chatId, send.clientMessageId, questionId),
      target: {
        kind: 'message',
        chatId: send.chatId,
        serverId: questionId,
        clientId: send.clientMessageId,
      },
      snippet: 'Freightly asked about volume discounts for their zorblax fleet',
      marks: [[49, 56]],
    });
    expect(question!.key).toBe(`msg:${send.chatId}:${send.clientMessageId}`);
    expect(Date.now() - Date.parse(question!.at!)).toBeLessThan(60_000);
    // A reply has no client id of its own: it is keyed by the server's.
    const reply = hits.find(
      (hit) => hit.target.kind === 'message' && hit.target.serverId === replyId,
    );
    expect(reply).toMatchObject({
      kind: 'chat',
      key: `msg:${send.chatId}:s${replyId}`,
      target: { kind: 'message', chatId: send.chatId, serverId: replyId, clientId: null },
    });
    const title = (await alice.client.get(`/api/chats/${send.chatId}`)).body.chat.title;
    expect(hits.map((hit) => hit.title)).toEqual(hits.map(() => title));
  });

  it('matches words as people write them: any case, any accent, any form of the word', async () => {
    const alice = await rep();
    const chat = await chatOf(alice, 'Trip notes');
    await say(chat, 'Met Dana at the Café Crème in São Paulo to talk PRICING');
    await say(chat, 'The cafe downtown was closed');

    expect(snippets(await hitsOf(alice.client, 'cafe creme'))).toEqual([
      'Met Dana at the Café Crème in São Paulo to talk PRICING',
    ]);
    expect((await hitsOf(alice.client, 'café')).length).toBe(2);
    const [paulo] = await hitsOf(alice.client, 'sao paulo price');
    expect(marked(paulo!)).toEqual(['São', 'Paulo', 'PRICING']);
    expect((await hitsOf(alice.client, 'prices')).length).toBe(1);
    expect((await hitsOf(alice.client, 'CLOSING')).length).toBe(1);
  });

  it('keeps numbers, names and addresses whole: 40,000, Q3, dana@freightly.com', async () => {
    const alice = await rep();
    const chat = await chatOf(alice, 'Freightly');
    await say(chat, 'They ship 40,000 pallets in Q3; write to dana@freightly.com');
    await say(chat, 'Dana at freightly.com said 40 crates, then 000 more in Q4');

    const [whole] = await hitsOf(alice.client, '40,000');
    expect(whole!.snippet).toContain('40,000 pallets');
    expect(marked(whole!)).toEqual(['40,000']);
    expect((await hitsOf(alice.client, '40,000')).length).toBe(1);
    expect(snippets(await hitsOf(alice.client, 'q3'))).toEqual([whole!.snippet]);
    expect(marked((await hitsOf(alice.client, 'dana@freightly.com'))[0]!)).toEqual([
      'dana@freightly.com',
    ]);
    expect((await hitsOf(alice.client, 'dana@freightly.com')).length).toBe(1);
    expect((await hitsOf(alice.client, 'freightly.com')).length).toBe(1);
  });

  it('takes "phrases", -words to leave out, and the last word as a prefix while it is typed', async () => {
    const alice = await rep();
    const chat = await chatOf(alice, 'Deals');
    await say(chat, 'Acme wants the pricing tiers by Friday');
    await say(chat, 'Globex asked for tiers and for pricing in euros');
    await say(chat, 'Acme pricing came up against DockPro');

    expect(snippets(await hitsOf(alice.client, '"pricing tiers"'))).toEqual([
      'Acme wants the pricing tiers by Friday',
    ]);
    expect(snippets(await hitsOf(alice.client, 'acme pricing -dockpro'))).toEqual([
      'Acme wants the pricing tiers by Friday',
    ]);
    expect((await hitsOf(alice.client, 'acme or globex')).length).toBe(3);
    // 'glob' is being typed: it finds Globex; once a space ends it, it is a word of its own.
    expect(snippets(await hitsOf(alice.client, 'tiers glob'))).toEqual([
      'Globex asked for tiers and for pricing in euros',
    ]);
    expect(await hitsOf(alice.client, 'tiers glob ')).toEqual([]);
    expect((await hitsOf(alice.client, 'pric')).length).toBe(3);
    // A quote left open is a phrase still being typed, matched as written so far.
    expect((await hitsOf(alice.client, '"pricing tie')).length).toBe(0);
    expect((await hitsOf(alice.client, '"pricing tiers')).length).toBe(1);
  });

  it('ranks closer matches first, and the newer of two alike', async () => {
    const alice = await rep();
    const chat = await chatOf(alice, 'Notes');
    const old = await say(chat, 'Freightly renewal: the renewal terms', { daysAgo: 200 });
    const fresh = await say(chat, 'Freightly renewal: the renewal terms', { daysAgo: 1 });
    const apart = await say(chat, `Freightly ${'and then something else '.repeat(10)} renewal`, {
      daysAgo: 1,
    });
    const hits = await hitsOf(alice.client, 'freightly renewal');
    const ids = hits.map((hit) => (hit.target as { serverId: number }).serverId);
    expect(ids).toEqual([fresh, old, apart]);
  });

  it('finds every kind, each with its key, title and target, and filters by kind', async () => {
    const alice = await rep();
    const chat = await chatOf(alice, 'Quokka questions');
    const said = await say(chat, 'Quokka pricing question from the buyer');
    const flowChat = await chatOf(alice, 'Cold email to Quokka', true);
    const flowSaid = await say(flowChat, 'Draft a cold email to Quokka', { role: 'assistant' });
    const saved = await alice.client.post('/api/workflows', {
      id: newId(),
      name: 'Cold email to Quokka',
      workflowType: 'email',
      path: `/chat?chat=${flowChat}`,
    });
    expect(saved.status).toBe(201);
    // A saved item with no chat to open (a competitor analysis) is not a search hit.
    await alice.client.post('/api/workflows', {
      id: newId(),
      name: 'Quokka competitors',
      workflowType: 'competitive',
      path: '/competitive?workflow=x',
      result: '{"summary":"Quokka"}',
    });
    const edit = {
      subject: 'Quokka pilot',
      body: 'Hi Dana, a pilot?',
      editedAt: new Date().toISOString(),
    };
    expect(
      (await alice.client.put(`/api/chats/${flowChat}/messages/${flowSaid}/email`, edit)).status,
    ).toBe(200);
    const rec = await recording(alice, 'Quokka', 'We heard Quokka wants a pilot in May');
    await recording(alice, 'Quokka', 'Quokka words still being transcribed', 'transcribing');
    const file = await upload(
      alice,
      'Quokka deck.pdf',
      await pdfOf([['Cover'], ['Quokka fleet size and pricing']]),
    );
    expect(
      (
        await alice.client.patch('/api/profile', {
          edits: [
            {
              field: 'proofPoints',
              value: 'Quokka cut ramp time by 40%',
              editedAt: new Date().toISOString(),
              base: null,
            },
          ],
        })
      ).status,
    ).toBe(200);

    const hits = await hitsOf(alice.client, 'quokka');
    const byKey = Object.fromEntries(hits.map((hit) => [hit.key, hit]));
    const passageId = (
      await server().pool.query(
        `SELECT id::text FROM kit_passages WHERE user_id = $1 AND file_id = $2 AND page = 2`,
        [alice.user.id, file],
      )
    ).rows[0].id;
    expect(Object.keys(byKey).toSorted()).toEqual(
      [
        `msg:${chat}:s${said}`,
        `msg:${flowChat}:s${flowSaid}`,
        `chat:${flowChat}`,
        `email:${flowChat}:s${flowSaid}`,
        `rec:${rec}`,
        `kit:${passageId}`,
        'profile:proofPoints',
      ].toSorted(),
    );
    expect(byKey[`msg:${chat}:s${said}`]).toMatchObject({
      kind: 'chat',
      title: 'Quokka questions',
    });
    expect(byKey[`msg:${flowChat}:s${flowSaid}`]).toMatchObject({
      kind: 'flow',
      title: 'Cold email to Quokka',
    });
    expect(byKey[`chat:${flowChat}`]).toMatchObject({
      kind: 'flow',
      title: 'Cold email to Quokka',
      target: { kind: 'chat', chatId: flowChat },
    });
    expect(byKey[`email:${flowChat}:s${flowSaid}`]).toMatchObject({
      kind: 'email',
      at: edit.editedAt,
      snippet: 'Quokka pilot\n\nHi Dana, a pilot?',
      target: { kind: 'message', chatId: flowChat, serverId: flowSaid, clientId: null },
    });
    expect(byKey[`rec:${rec}`]).toMatchObject({
      kind: 'debrief',
      title: 'Debrief: Quokka',
      target: { kind: 'recording', recordingId: rec },
    });
    expect(byKey[`kit:${passageId}`]).toMatchObject({
      kind: 'kit',
      title: 'Quokka deck.pdf, p. 2',
      at: null,
      target: { kind: 'passage', passageId },
    });
    expect(byKey['profile:proofPoints']).toMatchObject({
      kind: 'profile',
      title: 'Profile: Proof points (customers, numbers, quotes)',
      at: null,
      snippet: 'Quokka cut ramp time by 40%',
      target: { kind: 'profile', field: 'proofPoints' },
    });

    const kindsOf = async (kinds: string) =>
      [
        ...new Set((await hitsOf(alice.client, 'quokka', { kinds })).map((hit) => hit.kind)),
      ].toSorted();
    expect(await kindsOf('chat')).toEqual(['chat']);
    expect(
      (await hitsOf(alice.client, 'quokka', { kinds: 'flow' })).map((hit) => hit.key).toSorted(),
    ).toEqual([`chat:${flowChat}`, `msg:${flowChat}:s${flowSaid}`].toSorted());
    expect(await kindsOf('email,debrief')).toEqual(['debrief', 'email']);
    expect(await kindsOf('kit')).toEqual(['kit']);
    expect(await kindsOf('profile')).toEqual(['profile']);
  });

  it('filters by when: the last 7 days, the last 30, or any time; the kit and profile hold at any', async () => {
    const alice = await rep();
    const chat = await chatOf(alice, 'Wombat');
    const days = [2, 20, 90];
    const ids = await Promise.all(
      days.map((daysAgo) => say(chat, `Wombat call ${daysAgo} days ago`, { daysAgo })),
    );
    await upload(alice, 'wombat.md', markdown('# Wombat\n\nWombat facts for the kit.\n'));
    const messages = async (range: string) =>
      (await hitsOf(alice.client, 'wombat', { range }))
        .flatMap((hit) => (hit.target.kind === 'message' ? [hit.target.serverId] : []))
        .toSorted();
    expect(await messages('week')).toEqual([ids[0]]);
    expect(await messages('month')).toEqual(ids.slice(0, 2).toSorted());
    expect(await messages('all')).toEqual(ids.toSorted());
    expect((await hitsOf(alice.client, 'wombat', { range: 'week', kinds: 'kit' })).length).toBe(1);
  });

  it('pages through every hit once, in order, with the cursor: no duplicate, no gap', async () => {
    const alice = await rep();
    const chat = await chatOf(alice, 'Many');
    // Ties too: the same words at the same moment rank alike, and the key orders them.
    await server().pool.query(
      `INSERT INTO messages (chat_id, role, content, timestamp)
       SELECT $1, 'user', 'Numbat update number ' || n, now() - make_interval(hours => n % 5)
         FROM generate_series(1, 47) n`,
      [chat],
    );
    const seen: SearchHit[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: TestResponse<SearchResponse> = await search(
        alice.client,
        'numbat',
        cursor ? { cursor } : {},
      );
      expect(res.status, res.text).toBe(200);
      seen.push(...res.body.hits);
      cursor = res.body.nextCursor;
      pages += 1;
      if (cursor) expect(res.body.hits).toHaveLength(SEARCH_PAGE_SIZE);
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(47);
    expect(new Set(seen.map((hit) => hit.key)).size).toBe(47);
    // The pages joined are the order one long page would have.
    const newestFirst = seen.map((hit) => Date.parse(hit.at!));
    expect(newestFirst).toEqual(newestFirst.toSorted((a, b) => b - a));
  });

  it("never shows Bob's words to Alice, whatever her query or cursor says", async () => {
    const alice = await rep();
    const bob = await rep();
    const bobChat = await chatOf(bob, 'Bob secret');
    await say(bobChat, 'Bob plans to quietly discount the Platypus deal');
    await upload(bob, 'platypus.md', markdown('# Platypus\n\nPlatypus price list of Bob.\n'));
    await recording(bob, 'Platypus', 'Platypus meeting of Bob');
    await bob.client.patch('/api/profile', {
      edits: [
        { field: 'company', value: 'Platypus Inc', editedAt: new Date().toISOString(), base: null },
      ],
    });
    const aliceChat = await chatOf(alice, 'Alice');
    for (let n = 0; n < 25; n++) await say(aliceChat, `Platypus note ${n} of Alice`);

    const first = await search(alice.client, 'platypus');
    expect(first.body.hits).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.body.hits.every((hit) => hit.snippet.includes('of Alice'))).toBe(true);
    // A cursor signed for this search but naming Bob's chat only places the page: still only hers.
    const bobsKey = `msg:${bobChat}:s1`;
    const forged = encodeCursor(
      server().config.sessionSecret,
      {
        userId: alice.user.id,
        q: 'platypus',
        kinds: ['chat', 'email', 'flow', 'debrief', 'kit', 'profile'],
        range: 'all',
      },
      { asOf: new Date(), score: 1, key: bobsKey },
    );
    const placed = await search(alice.client, 'platypus', { cursor: forged });
    expect(placed.status).toBe(200);
    expect(placed.body.hits.length).toBeGreaterThan(0);
    expect(placed.body.hits.every((hit) => hit.snippet.includes('of Alice'))).toBe(true);
    // Bob's own cursor, or Alice's changed by a character, is refused: it is not her search's.
    const bobFirst = await search(bob.client, 'platypus');
    expect(bobFirst.status).toBe(200);
    const bobCursor = encodeCursor(
      server().config.sessionSecret,
      { userId: bob.user.id, q: 'platypus', kinds: ['chat'], range: 'all' },
      { asOf: new Date(), score: 1, key: bobsKey },
    );
    for (const cursor of [bobCursor, `${first.body.nextCursor!.slice(0, -2)}AA`]) {
      const refused = await search(alice.client, 'platypus', { cursor, kinds: 'chat' });
      expect(refused.status).toBe(400);
      expect((refused.body as unknown as { message: string }).message).toMatch(/^cursor: /);
    }
    // Alice's cursor is hers for this search only: another query is refused too.
    expect((await search(alice.client, 'alice', { cursor: first.body.nextCursor! })).status).toBe(
      400,
    );
  });

  it('forgets at once what is deleted: a chat, a kit file, a recording, an account', async () => {
    const alice = await rep();
    const chat = await chatOf(alice, 'Capybara');
    await say(chat, 'Capybara renewal details');
    await alice.client.post('/api/workflows', {
      id: newId(),
      name: 'Capybara flow',
      workflowType: 'email',
      path: `/chat?chat=${chat}`,
    });
    const file = await upload(alice, 'capybara.md', markdown('# Capybara\n\nCapybara kit page.\n'));
    const rec = await recording(alice, 'Capybara', 'Capybara debrief');
    const kinds = async () =>
      (await hitsOf(alice.client, 'capybara')).map((hit) => hit.kind).toSorted();
    expect(await kinds()).toEqual(['chat', 'debrief', 'flow', 'kit']);

    expect((await alice.client.delete(`/api/chats/${chat}`)).status).toBe(200);
    expect(await kinds()).toEqual(['debrief', 'kit']);
    expect((await alice.client.delete(`/api/kit/files/${file}`)).status).toBe(204);
    expect((await alice.client.delete(`/api/recordings/${rec}`)).status).toBe(204);
    expect(await kinds()).toEqual([]);

    // An account's deletion takes its messages from the index with it.
    const bob = await rep();
    await say(await chatOf(bob, 'Bob'), 'Capybara words of Bob');
    expect(
      (await bob.client.post('/api/account/delete', { currentPassword: bob.user.password })).status,
    ).toBe(200);
    const left = await server().pool.query(
      'SELECT count(*)::int AS n FROM messages WHERE user_id = $1',
      [bob.user.id],
    );
    expect(left.rows[0].n).toBe(0);
  });

  it('leaves out the system prompt and a reply still being written', async () => {
    const alice = await rep();
    const chat = await chatOf(alice, 'Hidden');
    await say(chat, 'Echidna instructions for the model', { role: 'system' });
    const streaming = await say(chat, 'Echidna half a reply', {
      role: 'assistant',
      status: 'streaming',
    });
    expect(await hitsOf(alice.client, 'echidna')).toEqual([]);
    await server().pool.query(`UPDATE messages SET status = 'complete' WHERE id = $1`, [streaming]);
    expect((await hitsOf(alice.client, 'echidna')).length).toBe(1);
  });

  it('shows a long text around its match: a plain snippet of at most 240 characters, the match marked', async () => {
    const alice = await rep();
    const chat = await chatOf(alice, 'Long');
    const filler = 'we talked about the weather and the traffic for a while. '.repeat(20);
    await say(chat, `${filler}Then Dana said the kangaroo budget is approved. ${filler}`);
    const [hit] = await hitsOf(alice.client, 'kangaroo');
    expect(hit!.snippet.length).toBeLessThanOrEqual(242);
    expect(hit!.snippet.startsWith('…')).toBe(true);
    expect(hit!.snippet.endsWith('…')).toBe(true);
    expect(marked(hit!)).toEqual(['kangaroo']);
    expect(hit!.snippet).not.toMatch(/[<>\uE000\uE001]/);
  });

  it.each([
    ['no query at all', {}, 'q: Type what to search for.'],
    [
      'a query of 5,000 characters',
      { q: 'a'.repeat(5_000) },
      'q: A search has at most 500 characters.',
    ],
    ['a NUL byte', { q: 'pricing\u0000' }, 'q: must not contain a NUL character (\\u0000)'],
    ['an unknown kind', { q: 'pricing', kinds: 'chat,memes' }, 'kinds: Unknown kind: memes.'],
    ['an unknown range', { q: 'pricing', range: 'year' }, 'range: '],
    ['a cursor that is not one', { q: 'pricing', cursor: 'not-a-cursor' }, 'cursor: '],
    ['a cursor too long', { q: 'pricing', cursor: 'x'.repeat(300) }, 'cursor: '],
  ])('refuses %s with a 400 saying why', async (_, params, message) => {
    const alice = await rep();
    const res = await alice.client.get(
      `/api/search?${new URLSearchParams(params as Record<string, string>).toString()}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
    expect(res.body.message.startsWith(message)).toBe(true);
  });

  it.each([
    ['only signs', '& | ! : * ( ) <-> \\ \' "'],
    ['only stop words', 'the and of'],
    ['only words to leave out', '-pricing -acme'],
    ['an empty query', ''],
    ['spaces', '   '],
  ])('answers %s with no hits, never an error', async (_, q) => {
    const alice = await rep();
    await say(await chatOf(alice, 'Signs'), 'Pricing for Acme: the plan');
    expect(await hitsOf(alice.client, q)).toEqual([]);
  });

  it('reads signs and quotes among words as words: nothing the rep types breaks the query', async () => {
    const alice = await rep();
    await say(
      await chatOf(alice, 'Quotes'),
      "O'Neil asked: is (a) pricing <-> plan & budget ready?",
    );
    for (const q of [
      'pricing & | !',
      '(pricing',
      'pricing:*',
      "o'neil pricing",
      '"pricing',
      'pricing)) <->',
      '\\pricing',
    ])
      expect((await hitsOf(alice.client, q)).length, q).toBe(1);
  });
});
