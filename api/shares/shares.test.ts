import { randomBytes } from 'node:crypto';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Share } from '../../domain/contract/share';
import { buildSend } from '../../tests/factories/chats';
import { loggedInClient } from '../../tests/factories/users';
import { TestClient } from '../../tests/support/client';
import { startModelTestServer, type ModelTestServer } from '../../tests/support/server';
import { exportFileName } from '../../domain/exports/files';
import { SHARE_GONE_TITLE, SHARE_NONE_TITLE } from './sharePage';

/**
 * Share links over HTTP on both databases: a snapshot of a chat or a reply at /s/<id>, private
 * until the rep lets anyone with the link read it, expiring, revocable, counted, and a page that
 * runs no script, is never indexed and sends no referrer.
 */
const reply64 = (text: string) => `[[reply64:${Buffer.from(text).toString('base64')}]]`;

/** A shared page as a browser reads it: status, headers, HTML. */
const page = (client: TestClient, path: string) => client.get<string>(path);

describe.each([
  ['the suite’s database', {}],
  ['the embedded database', { DATABASE_URL: '' }],
])('on %s', (_name, dbEnv) => {
  let server: ModelTestServer;
  beforeAll(async () => {
    server = await startModelTestServer({ ...dbEnv });
  }, 60_000);
  afterAll(() => server?.close());

  /** A rep with a chat of one question and its answer. */
  async function repWithChat(question = 'How do I price a pilot?') {
    const rep = await loggedInClient(server);
    const send = buildSend(question);
    const res = await rep.client.post('/api/chat', send);
    expect(res.status).toBe(200);
    return { ...rep, chatId: send.chatId as string, replyId: res.body.message.id as number };
  }

  it('shares a chat privately by default: its rep reads it, anyone else finds nothing', async () => {
    const { client, chatId } = await repWithChat();
    const before = Date.now();
    const made = await client.post<Share>('/api/shares', { chatId });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ chatId, messageId: null, anyone: false, views: 0 });
    expect(made.body.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(made.body.path).toBe(`/s/${made.body.id}`);
    // Seven days unless the rep chooses.
    const expires = Date.parse(made.body.expiresAt!) - before;
    expect(expires).toBeGreaterThan(6.9 * 86_400_000);
    expect(expires).toBeLessThan(7.1 * 86_400_000);

    const own = await page(client, made.body.path);
    expect(own.status).toBe(200);
    expect(own.text).toContain('How do I price a pilot?');
    expect(own.text).toContain('You said: How do I price a pilot?');
    expect(own.text).toContain('Only you can open this page.');
    expect(own.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(own.headers.get('referrer-policy')).toBe('no-referrer');
    expect(own.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(own.headers.get('content-security-policy')).not.toContain('script-src');
    expect(own.text).not.toContain('<script');

    const stranger = await page(new TestClient(server.url), made.body.path);
    expect(stranger.status).toBe(404);
    expect(stranger.text).toContain(SHARE_NONE_TITLE);
    expect(stranger.text).not.toContain('price a pilot');
    expect((await client.get<Share[]>('/api/shares')).body[0]).toMatchObject({ views: 0 });
  });

  it('lets anyone with the link read the snapshot as it was, counts their views, and takes a new one when asked', async () => {
    const { client, chatId } = await repWithChat('Who buys freight software?');
    const { id, path } = (await client.post<Share>('/api/shares', { chatId })).body;
    const opened = await client.patch<Share>(`/api/shares/${id}`, {
      anyone: true,
      expiresIn: '30d',
      shownName: 'Sam Lee',
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ anyone: true, shownName: 'Sam Lee' });
    expect(Date.parse(opened.body.expiresAt!) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    // The chat goes on after the link was made: the page keeps what was shared.
    await client.post('/api/chat', {
      ...buildSend('And what do they pay?'),
      chatId,
    });
    const reader = new TestClient(server.url);
    const shown = await page(reader, path);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Who buys freight software?');
    expect(shown.text).toContain(' by <bdi>Sam Lee</bdi>');
    expect(shown.text).not.toContain('And what do they pay?');
    expect(shown.text).not.toContain('Only you can open this page.');
    await page(reader, path);
    await page(client, path); // the rep's own reading is not a view
    // Nor is a HEAD, or a chat app's link preview.
    expect((await reader.request('HEAD', path)).status).toBe(200);
    const preview = await reader.request<string>('GET', path, undefined, {
      headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
    });
    expect(preview.status).toBe(200);
    const [listed] = (await client.get<Share[]>('/api/shares')).body;
    expect(listed).toMatchObject({ id, views: 2 });
    expect(listed!.lastViewedAt).not.toBeNull();

    const renewed = await client.patch<Share>(`/api/shares/${id}`, { refresh: true });
    expect(Date.parse(renewed.body.snapshotAt)).toBeGreaterThan(Date.parse(listed!.snapshotAt));
    expect((await page(reader, path)).text).toContain('And what do they pay?');
  });

  it('turns a link off at once: revoked, expired or its chat deleted, the page says so with 410 and shows nothing', async () => {
    const { client, chatId } = await repWithChat('A secret pricing plan');
    const share = async () =>
      (await client.post<Share>('/api/shares', { chatId, anyone: true })).body;
    const reader = new TestClient(server.url);

    const revoked = await share();
    expect((await client.delete(`/api/shares/${revoked.id}`)).status).toBe(204);
    const gone = await page(reader, revoked.path);
    expect(gone.status).toBe(410);
    expect(gone.text).toContain(SHARE_GONE_TITLE);
    expect(gone.text).not.toContain('secret pricing');
    const { rows } = await server.pool.query('SELECT content FROM shares WHERE id = $1', [
      revoked.id,
    ]);
    expect(rows[0].content).toBeNull();
    expect((await client.get<Share[]>('/api/shares')).body.map((s) => s.id)).not.toContain(
      revoked.id,
    );

    const expired = await share();
    await server.pool.query(
      `UPDATE shares SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [expired.id],
    );
    expect((await page(reader, expired.path)).status).toBe(410);

    const ofDeletedChat = await share();
    expect((await page(reader, ofDeletedChat.path)).status).toBe(200);
    expect((await client.delete(`/api/chats/${chatId}`)).status).toBe(200);
    const afterDelete = await page(reader, ofDeletedChat.path);
    expect(afterDelete.status).toBe(410);
    expect(afterDelete.text).not.toContain('secret pricing');

    const none = await page(reader, '/s/AAAAAAAAAAAAAAAAAAAAAA');
    expect(none.status).toBe(404);
    expect(none.text).toContain(SHARE_NONE_TITLE);
    expect((await page(reader, '/s/not.an.id')).status).toBe(404);

    // A private link that ended is still nothing to anyone else: no sign it ever was.
    const other = await repWithChat('Private thoughts');
    const quiet = (await other.client.post<Share>('/api/shares', { chatId: other.chatId })).body;
    await other.client.delete(`/api/shares/${quiet.id}`);
    expect((await page(reader, quiet.path)).status).toBe(404);
    expect((await page(other.client, quiet.path)).status).toBe(410);
  });

  it('shows a reply’s hostile Markdown as text: no script, no javascript: link, images as links, a wide table in its own box', async () => {
    const hostile = [
      '# Plan <script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '',
      '[click](javascript:alert(3)) and [site](https://freightly.example/about)',
      '',
      'Press <kbd> <meta/http-equiv=refresh/content=0;url=//evil.example> and <pre> <a/href=//x>x</a>',
      '![tracker](https://tracker.example/pixel.png)',
      '',
      `| ${Array.from({ length: 40 }, (_, i) => `Col ${i}`).join(' | ')} |`,
      `| ${Array.from({ length: 40 }, () => '---').join(' | ')} |`,
      `| ${Array.from({ length: 40 }, (_, i) => `Cell ${i}`).join(' | ')} |`,
      '',
      'مرحبا 👋 שלום',
    ].join('\n');
    const { client, chatId, replyId } = await repWithChat(`Write it ${reply64(hostile)}`);
    const share = (
      await client.post<Share>('/api/shares', { chatId, messageId: replyId, anyone: true })
    ).body;
    const shown = await page(new TestClient(server.url), share.path);
    expect(shown.status).toBe(200);
    // What an attacker wrote is shown as text: no element, no attribute, no link of theirs runs.
    expect(shown.text).not.toMatch(
      /<script|<img|<meta\/|<kbd|<pre>|<a\/|<[^>]*onerror|href="javascript/i,
    );
    expect(shown.text).toContain('Press &lt;kbd&gt; &lt;meta/http-equiv=refresh');
    expect(shown.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(shown.text).toContain(
      '<a href="https://freightly.example/about" rel="noopener nofollow ugc" referrerpolicy="no-referrer">site</a>',
    );
    expect(shown.text).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
    expect(shown.text).toContain('<a href="https://tracker.example/pixel.png"');
    expect(shown.text).toContain(
      '<div class="table" role="region" aria-label="Table" tabindex="0"><table>',
    );
    expect(shown.text).toContain('<td>Cell 39</td>');
    expect(shown.text).toContain('مرحبا 👋 שלום');
  });

  it('shares one email as the rep last edited it, with its subject and none of its citation marks', async () => {
    const { client, chatId, replyId } = await repWithChat('Write the email');
    const edit = {
      subject: 'Your Series B [1]',
      body: 'Hi Dana,\n\nCongrats on the Series B [1].\n\nBest,\nSam',
      editedAt: new Date().toISOString(),
    };
    expect((await client.put(`/api/chats/${chatId}/messages/${replyId}/email`, edit)).status).toBe(
      200,
    );
    const share = (
      await client.post<Share>('/api/shares', { chatId, messageId: replyId, anyone: true })
    ).body;
    expect(share.messageId).toBe(replyId);
    const shown = await page(new TestClient(server.url), share.path);
    expect(shown.text).toContain('Subject: Your Series B<');
    expect(shown.text).toContain('Congrats on the Series B.');
    expect(shown.text).not.toContain('[1]');
    expect(shown.text).not.toContain('You said');
  });

  it('keeps links to their rep: another rep’s chat, reply or link is not found, a guest is asked to sign in, bad input is named', async () => {
    const alice = await repWithChat();
    const bob = await loggedInClient(server);
    expect((await bob.client.post('/api/shares', { chatId: alice.chatId })).status).toBe(404);
    const other = await repWithChat();
    expect(
      (
        await alice.client.post('/api/shares', {
          chatId: alice.chatId,
          messageId: other.replyId,
        })
      ).status,
    ).toBe(404);
    const share = (await alice.client.post<Share>('/api/shares', { chatId: alice.chatId })).body;
    expect((await bob.client.patch(`/api/shares/${share.id}`, { anyone: true })).status).toBe(404);
    expect((await bob.client.delete(`/api/shares/${share.id}`)).status).toBe(404);
    expect((await bob.client.get<Share[]>('/api/shares')).body).toEqual([]);

    const guest = new TestClient(server.url);
    expect((await guest.post('/api/shares', { chatId: alice.chatId })).status).toBe(401);
    expect((await guest.get('/api/shares')).status).toBe(401);

    const bad = await alice.client.post('/api/shares', { chatId: alice.chatId, expiresIn: '2y' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('expiresIn: expiresIn must be one of 1d, 7d, 30d or never');
    const long = await alice.client.post('/api/shares', {
      chatId: alice.chatId,
      shownName: 'x'.repeat(81),
    });
    expect(long.body.message).toBe('shownName: The name shown has at most 80 characters.');
    const nothing = await alice.client.patch(`/api/shares/${share.id}`, {});
    expect(nothing.status).toBe(400);
  });

  it('exports a reply as Markdown, Word and PDF with its title, a real table and every script', async () => {
    const plan = [
      '## Competitors',
      '',
      '| Competitor | Price |',
      '| --- | --- |',
      '| Sennder | €40 a seat |',
      '',
      '- Call **Dana Ortiz** and يوسف الأحمد 👋',
      '- Book the [pilot](https://freightly.example/pilot)',
    ].join('\n');
    const { client, chatId, replyId } = await repWithChat(`GTM plan: Freightly ${reply64(plan)}`);
    const title = (await client.get(`/api/chats/${chatId}`)).body.chat.title as string;

    const md = await client.get<string>(
      `/api/chats/${chatId}/export?format=md&messageId=${replyId}`,
    );
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent(exportFileName(title, 'md'))}`,
    );
    expect(md.text.startsWith(`# ${title}\n\n*`)).toBe(true);
    expect(md.text).toContain('| Sennder | €40 a seat |');

    const res = await fetch(
      `${server.url}/api/chats/${chatId}/export?format=docx&messageId=${replyId}`,
      { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/filename="[^"]+\.docx"/);
    const bytes = Buffer.from(await res.arrayBuffer());
    // Opened back as the kit opens a Word file: the words, and the table as a table.
    const { value: text } = await mammoth.extractRawText({ buffer: bytes });
    expect(text).toContain(title);
    expect(text).toContain('Sennder');
    expect(text).toContain('يوسف الأحمد 👋');
    const { value: html } = await mammoth.convertToHtml({ buffer: bytes });
    expect(html).toMatch(/<table>.*<td><p>Sennder<\/p><\/td><td><p>€40 a seat<\/p><\/td>/s);
    expect(html).toContain('<a href="https://freightly.example/pilot">pilot</a>');
    expect(html).toContain('<strong>Dana Ortiz</strong>');

    const pdf = await fetch(
      `${server.url}/api/chats/${chatId}/export?format=pdf&messageId=${replyId}`,
      { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/filename="[^"]+\.pdf"/);
    // Opened back as the kit opens a PDF: the title, a table cell, the Arabic name, the emoji.
    const pages = await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer()));
    const { text: pdfText } = await extractText(pages, { mergePages: true });
    expect(pdfText).toContain(title.slice(0, 19)); // a long title wraps
    expect(pdfText).toContain('€40 a seat');
    // (A lam-alef ligature copies out of a PDF imperfectly, so the given name is what is read.)
    expect(pdfText).toMatch(/Dana Ortiz and .*يوسف/);
    expect(pdfText).toContain('👋');

    const whole = await client.get<string>(`/api/chats/${chatId}/export?format=md`);
    expect(whole.text).toContain('**You**');
    const bob = await loggedInClient(server);
    expect((await bob.client.get(`/api/chats/${chatId}/export?format=md`)).status).toBe(404);
    expect(
      (await new TestClient(server.url).get(`/api/chats/${chatId}/export?format=md`)).status,
    ).toBe(401);
    const bad = await client.get(`/api/chats/${chatId}/export?format=xlsx`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('format: format must be pdf, docx or md');
  });

  it('shares a saved competitor analysis: its matrix a table on the page and in Word, gone with it', async () => {
    const rep = await loggedInClient(server);
    const analysis = {
      topic: 'Team chat for frontline workers',
      summary: 'Mobile-first tools win the deskless worker.',
      competitors: [
        { name: 'Slack', description: 'Channels for office teams.', pricing: '$8.75/user' },
        { name: 'Connecteam', description: 'Deskless workforce app.', strengths: ['Scheduling'] },
      ],
      comparison_matrix: [
        {
          category: 'Mobile experience',
          description: 'One-handed',
          Slack: { score: 6, notes: 'Good' },
          Connecteam: { score: 9, notes: 'Built | for it' },
        },
      ],
      insights: ['Lead with the phone.'],
    };
    const workflowId = randomBytes(16).toString('base64url').slice(0, 21);
    const saved = await rep.client.post('/api/workflows', {
      id: workflowId,
      name: 'Competitive Analysis: Team chat',
      workflowType: 'Competitive Analysis',
      path: '/competitive',
      result: JSON.stringify({ description: 'Team chat for shift workers', analysis }),
    });
    expect(saved.status).toBe(201);

    const made = await rep.client.post<Share>('/api/shares', { workflowId, anyone: true });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ workflowId, chatId: null, messageId: null });
    const reader = new TestClient(server.url);
    const shown = await page(reader, made.body.path);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('<h1>Competitive Analysis: Team chat</h1>');
    expect(shown.text).toMatch(/<th>Category<\/th><th>Slack<\/th><th>Connecteam<\/th>/);
    expect(shown.text).toContain('<td>9/10 · Built | for it</td>');
    expect(shown.text).toContain('Lead with the phone.');

    const word = await fetch(`${server.url}/api/workflows/${workflowId}/export?format=docx`, {
      headers: { cookie: [...rep.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(word.status).toBe(200);
    const { value: html } = await mammoth.convertToHtml({
      buffer: Buffer.from(await word.arrayBuffer()),
    });
    expect(html).toMatch(/<td><p>Mobile experience<\/p><\/td><td><p>6\/10 · Good<\/p><\/td>/);

    // Someone else's analysis, or none: nothing to share or export.
    const bob = await loggedInClient(server);
    expect((await bob.client.post('/api/shares', { workflowId })).status).toBe(404);
    expect((await bob.client.get(`/api/workflows/${workflowId}/export?format=md`)).status).toBe(
      404,
    );
    const both = await rep.client.post('/api/shares', { workflowId, chatId: 'c1' });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('workflowId: share a chat or a saved analysis, not both');
    const neither = await rep.client.post('/api/shares', {});
    expect(neither.body.message).toBe('chatId: chatId or workflowId is required');

    // Deleted from the saved history: its link is gone at once.
    expect((await rep.client.delete(`/api/workflows/${workflowId}`)).status).toBe(200);
    const gone = await page(reader, made.body.path);
    expect(gone.status).toBe(410);
    expect(gone.text).not.toContain('Slack');
  });

  it('holds one address to 600 shared pages in ten minutes, saying so on a page of its own', async () => {
    const { client, chatId } = await repWithChat();
    const share = (await client.post<Share>('/api/shares', { chatId, anyone: true })).body;
    const reader = new TestClient(server.url);
    expect((await page(reader, share.path)).status).toBe(200);
    await server.pool.query('UPDATE rate_limits SET count = 600 WHERE key = $1', [
      `share:page:${reader.ip}`,
    ]);
    const held = await page(reader, share.path);
    expect(held.status).toBe(429);
    expect(held.text).toContain('<h1>Too many pages opened</h1>');
    expect(held.text).not.toContain('How do I price a pilot?');
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(held.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(held.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    // Another address reads on.
    expect((await page(new TestClient(server.url), share.path)).status).toBe(200);
  });

  it('holds a rep to 500 links that still work, and counts none turned off or ended', async () => {
    const { client, chatId, user } = await repWithChat();
    await server.pool.query(
      `INSERT INTO shares (id_hash, id, user_id, chat_id, title, content, expires_at, revoked_at)
       SELECT sha256(('cap-' || $1::text || '-' || n)::bytea), 'cap-' || $1::text || '-' || n,
              $1::int, $2, 'Old',
              'x', CASE WHEN n > 499 THEN now() - interval '1 day' END,
              CASE WHEN n = 0 THEN now() END
         FROM generate_series(0, 501) AS n`,
      [user.id, chatId],
    );
    // 499 live (one turned off, two ended): one more may be made, then no more.
    expect((await client.post('/api/shares', { chatId })).status).toBe(201);
    const over = await client.post('/api/shares', { chatId });
    expect(over.status).toBe(409);
    const full =
      'You have 500 links that still work, the most there may be: turn some off on your account page first.';
    expect(over.body.message).toBe(full);
    // An ended link given a new time would work again: it needs a place too.
    const ended = `cap-${user.id}-500`;
    const revived = await client.patch(`/api/shares/${ended}`, { expiresIn: '7d' });
    expect(revived.status).toBe(409);
    expect(revived.body.message).toBe(full);
    expect((await client.delete(`/api/shares/cap-${user.id}-1`)).status).toBe(204);
    expect((await client.patch(`/api/shares/${ended}`, { expiresIn: '7d' })).status).toBe(200);
  });

  it('holds a rep to 30 files in ten minutes, saying so', async () => {
    const { client, chatId, user } = await repWithChat();
    expect((await client.get(`/api/chats/${chatId}/export?format=md`)).status).toBe(200);
    await server.pool.query('UPDATE rate_limits SET count = 30 WHERE key = $1', [
      `export:user:${user.id}`,
    ]);
    const over = await client.get(`/api/chats/${chatId}/export?format=pdf`);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(
      'You made 30 files in ten minutes, the most there may be: try again in a few minutes.',
    );
  });

  it('holds a rep to 60 new links an hour, and another rep is not held by it', async () => {
    const alice = await repWithChat();
    expect((await alice.client.post('/api/shares', { chatId: alice.chatId })).status).toBe(201);
    await server.pool.query('UPDATE rate_limits SET count = 60 WHERE key = $1', [
      `share:user:${alice.user.id}`,
    ]);
    const over = await alice.client.post('/api/shares', { chatId: alice.chatId });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(
      'You made 60 links this hour, the most there may be: try again later.',
    );
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    const bob = await repWithChat();
    expect((await bob.client.post('/api/shares', { chatId: bob.chatId })).status).toBe(201);
  });
});
