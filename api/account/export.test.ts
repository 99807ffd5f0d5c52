import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { startModelTestServer, type ModelTestServer } from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import { loggedInClient } from '../../tests/factories/users';
import { fillAccount } from '../../tests/factories/accountData';
import { exportFileName } from '../../domain/contract/accountData';
import { DEFAULT_TRANSCRIPT } from '../../tests/fakes/openai';

let server: ModelTestServer;
beforeAll(async () => {
  server = await startModelTestServer();
});
afterAll(() => server.close());

/** GET the export as a browser on our own page asks for it: the ZIP's files by name. */
async function download(client: TestClient, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/account/export`, {
    headers: {
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': client.ip,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes };
}

function filesOf(bytes: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([n, b]) => [n, strFromU8(b)]));
}

describe('GET /api/account/export', () => {
  it('gives Alice one ZIP of her chats, edited emails, saved items, analyses, profile and kit, as JSON and Markdown', async () => {
    const alice = await loggedInClient(server);
    const filled = await fillAccount(server, alice.client, alice.user.id, 'zebrafish');
    const link = await alice.client.post('/api/shares', { chatId: filled.chatId, anyone: true });
    expect(link.status).toBe(201);
    const { res, bytes } = await download(alice.client);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${exportFileName(new Date())}"`,
    );
    const files = filesOf(bytes);
    const names = Object.keys(files);

    const account = JSON.parse(files['account.json']!);
    expect(account.account).toMatchObject({
      username: alice.user.username,
      email: alice.user.email,
    });
    expect(account.profile).toEqual({ company: 'Company zebrafish' });
    expect(files['profile.md']).toContain('### Company\n\nCompany zebrafish');
    expect(JSON.stringify(account)).not.toContain('password');

    const chats = JSON.parse(files['chats.json']!);
    expect(chats).toHaveLength(1);
    expect(chats[0]).toMatchObject({ id: filled.chatId, title: 'Deal zebrafish' });
    expect(chats[0].messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(chats[0].messages[0].content).toBe('Draft a cold email about zebrafish');
    expect(chats[0].messages[1]).toMatchObject({
      id: filled.replyId,
      content: 'You said: Draft a cold email about zebrafish',
      emailEdit: { subject: 'Subject zebrafish', body: 'Hi Dana, edited body zebrafish' },
    });
    const chatFiles = names.filter((n) => n.startsWith('chats/'));
    expect(chatFiles).toHaveLength(1);
    expect(chatFiles[0]).toMatch(/^chats\/\d{4}-\d\d-\d\d Deal zebrafish \([\w-]{8}\)\.md$/);
    const chatMd = files[chatFiles[0]!]!;
    expect(chatMd).toMatch(/^# Deal zebrafish\n/);
    expect(chatMd).toContain('## You · ');
    expect(chatMd).toContain('Draft a cold email about zebrafish');
    expect(chatMd).toContain('## Pitchpad · ');
    expect(chatMd).toContain('**Subject:** Subject zebrafish\n\nHi Dana, edited body zebrafish');

    const emails = JSON.parse(files['edited-emails.json']!);
    expect(emails).toEqual([
      expect.objectContaining({
        chatId: filled.chatId,
        messageId: filled.replyId,
        original: 'You said: Draft a cold email about zebrafish',
        edit: expect.objectContaining({ subject: 'Subject zebrafish' }),
      }),
    ]);
    const emailMd = names.filter((n) => n.startsWith('edited-emails/'));
    expect(emailMd).toHaveLength(1);
    expect(files[emailMd[0]!]).toContain('## As Pitchpad first wrote it');

    const saved = JSON.parse(files['saved-items.json']!);
    expect(saved).toEqual([
      expect.objectContaining({
        id: filled.workflowId,
        name: 'Saved zebrafish',
        type: 'competitive',
      }),
    ]);
    const savedMd = names.filter((n) => n.startsWith('saved-items/'));
    expect(savedMd).toHaveLength(1);
    expect(files[savedMd[0]!]).toContain('Rival zebrafish');

    const analyses = JSON.parse(files['idea-analyses.json']!);
    expect(analyses).toEqual([expect.objectContaining({ idea: 'An idea about zebrafish' })]);
    expect(names.filter((n) => n.startsWith('idea-analyses/'))).toHaveLength(1);

    const kit = JSON.parse(files['sales-kit.json']!);
    expect(kit).toEqual([
      expect.objectContaining({
        id: filled.kitFileId,
        name: 'battlecard-zebrafish.md',
        kind: 'text',
      }),
    ]);
    expect(files['sales-kit.md']).toContain('battlecard-zebrafish.md');
    const kitText = names.filter((n) => n.startsWith('sales-kit/'));
    expect(kitText).toHaveLength(1);
    expect(files[kitText[0]!]).toContain('Our pricing beats zebrafish every time.');
    expect(files['README.md']).toContain(alice.user.username);

    // The voice debrief: its transcript, title and date; never its audio.
    expect(JSON.parse(files['recordings.json']!)).toEqual([
      {
        id: filled.recordingId,
        title: 'Debrief zebrafish',
        container: 'webm',
        bytes: 2_000,
        durationMs: 245_000,
        status: 'transcribed',
        transcript: DEFAULT_TRANSCRIPT,
        recordedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        transcribedAt: expect.stringMatching(/Z$/),
      },
    ]);
    const recordingMd = names.filter((n) => n.startsWith('recordings/'));
    expect(recordingMd).toHaveLength(1);
    expect(recordingMd[0]).toMatch(
      /^recordings\/\d{4}-\d\d-\d\d Debrief zebrafish \([\w-]{8}\)\.md$/,
    );
    expect(files[recordingMd[0]!]).toMatch(
      /^# Debrief zebrafish\n\nRecorded \d{4}-\d\d-\d\d \d\d:\d\d UTC · 4 min 05 s · transcribed .+\n\n## Transcript\n\n/,
    );
    expect(files[recordingMd[0]!]).toContain(DEFAULT_TRANSCRIPT);
    expect(files['README.md']).toContain('recordings/: one file per voice debrief');

    // The research on the web, with the passage of the page it read.
    expect(JSON.parse(files['research.json']!)).toEqual([
      expect.objectContaining({
        subject: 'Research zebrafish',
        claims: [{ text: 'zebrafish books freight.', sources: [1] }],
        sources: [
          expect.objectContaining({ n: 1, excerpt: 'zebrafish is a freight booking platform.' }),
        ],
        madeWithModel: true,
        madeAt: expect.stringMatching(/Z$/),
      }),
    ]);
    // The links she made, with who can open them.
    expect(JSON.parse(files['share-links.json']!)).toEqual([
      expect.objectContaining({ id: link.body.id, chatId: filled.chatId, anyone: true, views: 0 }),
    ]);
  });

  it("never holds Bob's chats, edits, items, analyses, profile or kit in Alice's export", async () => {
    const alice = await loggedInClient(server);
    const bob = await loggedInClient(server);
    await fillAccount(server, alice.client, alice.user.id, 'aardvark');
    await fillAccount(server, bob.client, bob.user.id, 'bobsecret');
    const { bytes } = await download(alice.client);
    const files = filesOf(bytes);
    for (const [name, text] of Object.entries(files)) {
      expect(name).not.toContain('bobsecret');
      expect(text, name).not.toContain('bobsecret');
      expect(text, name).not.toContain(bob.user.username);
    }
    expect(JSON.parse(files['chats.json']!)).toHaveLength(1);
  });

  it('names a chat file safely whatever its title (no climbing out of the folder)', async () => {
    const alice = await loggedInClient(server);
    const chatId = crypto.randomUUID();
    await server.pool.query(
      `INSERT INTO chats (id, title, user_id) VALUES ($1, $2, $3), ($4, $2, $3)`,
      [chatId, '../../etc/passwd\u0007', alice.user.id, crypto.randomUUID()],
    );
    const names = Object.keys(filesOf((await download(alice.client)).bytes));
    const chatFiles = names.filter((n) => n.startsWith('chats/'));
    expect(chatFiles).toHaveLength(2);
    for (const name of chatFiles) {
      expect(name.split('/')).toHaveLength(2);
      expect(name).not.toContain('..');
    }
  });

  it('answers a rep with nothing yet with an export of empty lists', async () => {
    const { client } = await loggedInClient(server);
    const files = filesOf((await download(client)).bytes);
    expect(JSON.parse(files['chats.json']!)).toEqual([]);
    expect(JSON.parse(files['saved-items.json']!)).toEqual([]);
    expect(files['profile.md']).toContain('_(Empty.)_');
    expect(JSON.parse(files['recordings.json']!)).toEqual([]);
    expect(JSON.parse(files['research.json']!)).toEqual([]);
  });

  it('a download dropped half-way harms nothing: the next one is whole', async () => {
    const alice = await loggedInClient(server);
    await server.pool.query(
      `INSERT INTO chats (id, title, user_id) SELECT gen_random_uuid()::text, 'Chat ' || n, $1 FROM generate_series(1, 300) n`,
      [alice.user.id],
    );
    const controller = new AbortController();
    const res = await fetch(`${server.url}/api/account/export`, {
      headers: { cookie: [...alice.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      signal: controller.signal,
    });
    await res.body!.getReader().read();
    controller.abort();
    const files = filesOf((await download(alice.client)).bytes);
    expect(JSON.parse(files['chats.json']!)).toHaveLength(300);
    expect(Object.keys(files).filter((n) => n.startsWith('chats/'))).toHaveLength(300);
  });

  it('answers HEAD with the headers alone', async () => {
    const { client } = await loggedInClient(server);
    const res = await fetch(`${server.url}/api/account/export`, {
      method: 'HEAD',
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
  });

  it('refuses without a session (401)', async () => {
    const res = await new TestClient(server.url).get('/api/account/export');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });

  it('refuses a download another site starts (403), by what the browser says of it', async () => {
    const { client } = await loggedInClient(server);
    const crossSite = await download(client, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.res.status).toBe(403);
    expect(JSON.parse(new TextDecoder().decode(crossSite.bytes))).toMatchObject({
      code: 'csrf_failed',
      message: 'Your data can only be downloaded from Pitchpad itself.',
    });
    const sameSite = await download(client, { 'sec-fetch-site': 'same-site' });
    expect(sameSite.res.status).toBe(403);
    const otherOrigin = await download(client, { origin: 'https://evil.example' });
    expect(otherOrigin.res.status).toBe(403);
    // A browser that sends no Sec-Fetch-Site (an older Safari) still names the page it came from.
    const otherPage = await download(client, { referer: 'https://evil.example/page' });
    expect(otherPage.res.status).toBe(403);
    expect((await download(client, { referer: `${server.url}/account` })).res.status).toBe(200);
    // Typed into the address bar, or asked by a client that is not a browser: the rep's own.
    expect((await download(client, { 'sec-fetch-site': 'none' })).res.status).toBe(200);
  });

  it('sends no CORS headers: another origin cannot read it', async () => {
    const { client } = await loggedInClient(server);
    const { res } = await download(client, { origin: server.url });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
