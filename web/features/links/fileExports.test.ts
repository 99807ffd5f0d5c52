// A PDF asked for with no signal: the app's real outbox on fake-indexeddb, against the real server
// over HTTP. It waits while the network is down, is made once it is back, and is kept on the phone
// until saved; Word and Markdown are made on the phone from its own copy, with no server at all.
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in node
import 'fake-indexeddb/auto';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSend } from '../../../tests/factories/chats';
import { loggedInClient } from '../../../tests/factories/users';
import { browserFetch } from '../../../tests/support/browserFetch';
import { startModelTestServer, type ModelTestServer } from '../../../tests/support/server';
import { api } from '../../data/api';
import { PitchpadDb, userDbName } from '../../data/db';
import { deliverQueuedWork } from '../../app/queuedWork';
import { queueFile, readFiles, removeFile } from './fileExports';
import { makeOnPhone } from './saveFiles';
import { FILES_CHANNEL } from './fileReady';

let server: ModelTestServer;
beforeAll(async () => {
  server = await startModelTestServer();
}, 60_000);
afterAll(() => server?.close());

const realFetch = globalThis.fetch;
const dbs: PitchpadDb[] = [];
afterEach(() => {
  globalThis.fetch = realFetch;
  for (const db of dbs.splice(0)) db.close();
});

async function repWithReply() {
  const rep = await loggedInClient(server);
  const send = buildSend('Write a GTM plan for Freightly');
  const res = await rep.client.post('/api/chat', send);
  expect(res.status).toBe(200);
  const db = new PitchpadDb(userDbName(rep.user.id));
  dbs.push(db);
  api.resetCsrfToken();
  return { ...rep, db, chatId: send.chatId as string, replyId: res.body.message.id as number };
}

describe('a file asked for with no signal', () => {
  it('waits for a signal, is made once it is back, and is kept on the phone to save', async () => {
    const { client, db, chatId, replyId } = await repWithReply();
    // No signal: nothing listens where the app's requests go.
    globalThis.fetch = browserFetch(client, [], 'http://127.0.0.1:1');
    const heard: unknown[] = [];
    const channel = new BroadcastChannel(FILES_CHANNEL);
    channel.addEventListener('message', (event) => heard.push(event.data));

    const id = await queueFile(db, {
      chatId,
      messageId: replyId,
      title: 'GTM plan',
      format: 'pdf',
    });
    await deliverQueuedWork(db);
    expect(await readFiles(db)).toMatchObject([{ id, name: 'GTM plan.pdf', state: 'waiting' }]);
    expect((await db.outbox.toArray()).map((entry) => entry.state)).toEqual(['queued']);

    // Back online: the next sync makes it.
    const calls: string[] = [];
    globalThis.fetch = browserFetch(client, calls);
    await deliverQueuedWork(db);
    const [made] = await readFiles(db);
    expect(made).toMatchObject({ id, state: 'ready' });
    expect(calls).toContain(`GET /api/chats/${chatId}/export?format=pdf&messageId=${replyId}`);
    const pdf = await getDocumentProxy(new Uint8Array(await made!.file!.arrayBuffer()));
    expect((await extractText(pdf, { mergePages: true })).text).toContain('Made with Pitchpad');
    // Made once: the outbox holds nothing more to do for it.
    expect((await db.outbox.toArray()).map((entry) => entry.state)).toEqual(['sent']);
    await expect
      .poll(() => heard)
      .toEqual([{ id, title: 'GTM plan', format: 'pdf', userId: expect.any(Number) }]);
    channel.close();

    await removeFile(db, id);
    expect(await readFiles(db)).toEqual([]);
  });

  it('is refused in words when the chat was deleted meanwhile, and stays listed so', async () => {
    const { client, db, chatId, replyId } = await repWithReply();
    const id = await queueFile(db, { chatId, messageId: replyId, title: 'Plan', format: 'pdf' });
    expect((await client.delete(`/api/chats/${chatId}`)).status).toBe(200);
    globalThis.fetch = browserFetch(client);
    await deliverQueuedWork(db);
    const [file] = await readFiles(db);
    expect(file).toMatchObject({ id, state: 'refused', problem: 'Reply not found' });
    expect(file!.file).toBeUndefined();
  });

  it('canceled while it is being made, it is neither kept nor announced', async () => {
    const { client, db, chatId, replyId } = await repWithReply();
    const id = await queueFile(db, { chatId, messageId: replyId, title: 'Plan', format: 'pdf' });
    const heard: unknown[] = [];
    const channel = new BroadcastChannel(FILES_CHANNEL);
    channel.addEventListener('message', (event) => heard.push(event.data));
    const browser = browserFetch(client);
    // The rep taps Cancel while the server makes the PDF.
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await browser(input, init);
      if (String(input).includes('/export')) await removeFile(db, id);
      return res;
    }) as typeof fetch;
    await deliverQueuedWork(db);
    expect(await readFiles(db)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([]);
    channel.close();
  });

  it('canceled while it waits, it is never asked of the server', async () => {
    const { client, db, chatId } = await repWithReply();
    const id = await queueFile(db, { chatId, title: 'Chat', format: 'pdf' });
    await removeFile(db, id);
    const calls: string[] = [];
    globalThis.fetch = browserFetch(client, calls);
    await deliverQueuedWork(db);
    expect(calls.filter((call) => call.includes('/export'))).toEqual([]);
    expect(await readFiles(db)).toEqual([]);
  });
});

describe('a file made on the phone', () => {
  const plan = {
    title: 'GTM plan for Freightly',
    content: '## Competitors\n\n| Competitor | Price |\n| --- | --- |\n| Sennder | €40 |',
    emailSubject: null,
  };

  it('writes Word from the phone’s copy, its table a real table', async () => {
    const blob = await makeOnPhone(plan, 'docx');
    expect(blob.type).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const buffer = Buffer.from(await blob.arrayBuffer());
    const { value: html } = await mammoth.convertToHtml({ buffer });
    expect(html).toContain('GTM plan for Freightly');
    expect(html).toMatch(/<table>.*<td><p>Sennder<\/p><\/td><td><p>€40<\/p><\/td>/s);
  });

  it('writes Markdown from the phone’s copy, under its title', async () => {
    const text = await (await makeOnPhone(plan, 'md')).text();
    expect(text.startsWith('# GTM plan for Freightly\n\n*')).toBe(true);
    expect(text).toContain('| Sennder | €40 |');
  });
});
