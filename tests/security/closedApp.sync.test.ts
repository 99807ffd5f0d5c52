// What the service worker's Background Sync does with the app closed (web/sw.ts calls
// deliverQueuedWork, web/app/queuedWork.ts): the app's real delivery code on fake-indexeddb,
// against the real server over HTTP. The browser retries a `sync` event that fails (Chromium: a few
// times, minutes apart), so it must fail only when another try may deliver something.
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in node
import 'fake-indexeddb/auto';
// oxlint-disable-next-line import/no-unassigned-import -- Node 20 has no Web Locks, which the outbox needs
import '../support/setupWebLocks';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../web/data/api';
import { PitchpadDb, userDbName } from '../../web/data/db';
import { uuidv7 } from '../../web/data/ids';
import { flushOutbox, nextDueAt, waitingSends } from '../../web/data/outbox';
import { countUnsentWork } from '../../web/data/unsentWork';
import { messageViews } from '../../web/features/chat/messageView';
import {
  deliverQueuedWork,
  hasOtherWork,
  pushOtherWork,
  queuedSends,
} from '../../web/app/queuedWork';
import { sendMessage } from '../../web/features/chat/engine/sendMessage';
import { newWorkflowId } from '../../web/features/history/workflowStore';
import { saveGtmPlanChat } from '../../web/features/playbooks/flowResults';
import { spendAllowance as spendAllowanceOf } from '../factories/chats';
import { gtmPlan } from '../factories/gtmPlan';
import { buildLocalReply } from '../factories/localMessages';
import { loggedInClient } from '../factories/users';
import { browserFetch } from '../support/browserFetch';
import { PAYMENTS_ON, startModelTestServer, type ModelTestServer } from '../support/server';

let server: ModelTestServer;
/** An address nothing listens on: every call there fails as a dead network does. */
let deadOrigin: string;
beforeAll(async () => {
  server = await startModelTestServer({
    ...PAYMENTS_ON,
    LLM_DAILY_TOKENS_FREE: '2000',
    LLM_DAILY_TOKENS_PRO: '2000',
  });
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  deadOrigin = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => server?.close());

const realFetch = globalThis.fetch;
const dbs: PitchpadDb[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  globalThis.fetch = realFetch;
  for (const db of dbs.splice(0)) db.close();
});

/** A rep's phone: their local database, and the browser's fetch as them (to `origin`, the server by default). */
async function phoneOf(opts: { pro?: boolean } = {}) {
  const { user, client } = await loggedInClient(server, opts);
  const db = new PitchpadDb(userDbName(user.id));
  dbs.push(db);
  const calls: string[] = [];
  const useNetwork = (origin: string) => {
    api.resetCsrfToken();
    globalThis.fetch = browserFetch(client, calls, origin);
  };
  useNetwork(server.url);
  /** Use up the day's AI allowance (about 2,000 tokens each way), from another device. */
  const spendAllowance = async () => {
    const phone = globalThis.fetch;
    globalThis.fetch = realFetch;
    try {
      await spendAllowanceOf(client);
    } finally {
      globalThis.fetch = phone;
    }
  };
  return { db, calls, useNetwork, spendAllowance, userId: user.id };
}

const GTM_ANSWERS = {
  product_service: 'A CRM for plumbers',
  target_market: 'Plumbing firms',
  value_proposition: 'Never miss a call',
};

/** A GTM plan drafted on this phone offline, with its saved-history item: the server is to write it for real. */
async function planDraftedOffline(db: PitchpadDb, answers = GTM_ANSWERS): Promise<string> {
  const chatId = uuidv7();
  const at = Date.now();
  await saveGtmPlanChat(db, {
    chatId,
    title: 'GTM Plan for plumbers',
    markdown: '# Go-to-Market Plan\n\nDrafted offline',
    byOfflineDrafter: true,
    at,
    pitchDeckAt: at + 3000,
  });
  await db.workflows.put({
    id: newWorkflowId(),
    type: 'gtmplan',
    title: 'GTM Plan for plumbers',
    answers,
    chatId,
    createdAt: new Date(at).toISOString(),
    updatedAt: new Date(at).toISOString(),
    synced: false,
  });
  return chatId;
}

describe("the closed app's Background Sync asks the browser to try again only when a retry can deliver something", () => {
  it('an email edit of a reply the server has not stored yet: nothing to retry, and no request', async () => {
    const { db, calls } = await phoneOf();
    const reply = buildLocalReply({
      key: `a:${uuidv7()}`,
      chatId: uuidv7(),
      replyToKey: null,
      serverId: null,
      model: 'offline-drafter',
      emailEdit: { subject: 'Hi Dana', body: 'Edited', editedAt: new Date().toISOString() },
      emailEditPending: true,
    });
    await db.messages.put(reply);

    expect((await deliverQueuedWork(db)).left).toBe('settled');
    expect(calls).toEqual([]);
    // It stays on the phone, waiting for its message to reach the server.
    expect(await countUnsentWork(db)).toMatchObject({ edits: 1 });
  });

  it("a GTM plan the server refused (the day's AI allowance is spent): asked for once, not retried", async () => {
    const { db, calls, spendAllowance } = await phoneOf({ pro: true });
    await spendAllowance();
    const chatId = await planDraftedOffline(db);

    expect((await deliverQueuedWork(db)).left).toBe('settled');
    expect(calls.filter((call) => call === 'POST /api/generate-gtm-plan')).toHaveLength(1);
    // The saved-history item went; the draft stays on the phone, for the app's next start.
    expect(await countUnsentWork(db)).toMatchObject({ flows: 1, history: 0 });
    expect((await server.pool.query('SELECT id FROM chats WHERE id = $1', [chatId])).rows).toEqual(
      [],
    );
  });

  it("a chat send refused for the day's AI allowance: not retried before the reset", async () => {
    const { db, calls, useNetwork, spendAllowance } = await phoneOf();
    await spendAllowance();
    // Typed with no signal: queued.
    useNetwork(deadOrigin);
    expect(
      await sendMessage(db, { chatId: uuidv7(), content: `Write the follow-up email ${uuidv7()}` }),
    ).toMatchObject({ kind: 'queued' });

    useNetwork(server.url);
    calls.length = 0;
    expect((await deliverQueuedWork(db)).left).toBe('settled');
    expect(calls.filter((call) => call === 'POST /api/chat')).toHaveLength(1);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({
        state: 'queued',
        lastError: expect.stringMatching(/AI allowance/),
      }),
    ]);
  });

  it('the network still down (a send, a plan, a history change queued): the browser tries again later', async () => {
    const { db, useNetwork } = await phoneOf({ pro: true });
    useNetwork(deadOrigin);
    await planDraftedOffline(db);
    expect(await sendMessage(db, { chatId: uuidv7(), content: 'Shorter please' })).toMatchObject({
      kind: 'queued',
    });

    const { report, left } = await deliverQueuedWork(db);
    expect(left).toBe('retry');
    expect(report.blocked).toBe(true);
    expect(await countUnsentWork(db)).toMatchObject({ messages: 1, flows: 1, history: 1 });

    // Each kind alone is worth the retry too.
    await db.outbox.clear();
    await db.messages.filter((m) => m.role === 'user').delete();
    expect((await deliverQueuedWork(db)).left).toBe('retry');
    await db.chats.clear();
    await db.messages.clear();
    expect((await deliverQueuedWork(db)).left).toBe('retry');
  });

  it('everything delivered: nothing left, no retry', async () => {
    const { db } = await phoneOf();
    await db.workflows.put({
      id: newWorkflowId(),
      type: 'email',
      title: 'Cold Email to Dana',
      answers: {},
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      synced: false,
    });
    expect((await deliverQueuedWork(db)).left).toBe('settled');
    expect(await countUnsentWork(db)).toMatchObject({ history: 0 });
  });
});

/** What the chat of a plan drafted offline shows under the draft: why the full plan is not there. */
async function planNoteOf(db: PitchpadDb, chatId: string): Promise<string | undefined> {
  const views = messageViews(
    await db.messages.where('chatId').equals(chatId).toArray(),
    new Map(),
    false,
  );
  const draft = views.find((view) => view.kind === 'reply');
  return draft?.kind === 'reply' ? draft.planNote : undefined;
}

/**
 * The page's own deliveries (web/data/sync.ts): at its start, at each `online` event, at each return
 * to the screen, the other work if any waits, then a forced flush of the outbox.
 */
async function pageStartsOnlineAndVisible(db: PitchpadDb, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    if (await hasOtherWork(db)) await pushOtherWork(db);
    await flushOutbox(db, queuedSends, { force: true });
  }
}

describe('a GTM plan drafted offline whose delivery failed has a backoff of its own, on the phone', () => {
  it('the model failed after writing: asked for once, not again at every start, online event, return to the screen or sync within its backoff, then once when due', async () => {
    const { db, calls } = await phoneOf({ pro: true });
    // The model answers, but not with a plan: each try spends some of the rep's allowance.
    const chatId = await planDraftedOffline(db, {
      ...GTM_ANSWERS,
      product_service: `A CRM for plumbers [[reply:no plan here]] ${uuidv7()}`,
    });
    const posts = () => calls.filter((call) => call === 'POST /api/generate-gtm-plan').length;

    const before = Date.now();
    await pageStartsOnlineAndVisible(db, 1);
    expect(posts()).toBe(1);
    const [draft] = await db.messages.where('chatId').equals(chatId).toArray();
    expect(draft?.planDelivery).toMatchObject({
      attempts: 1,
      refused: false,
      lastError: 'Invalid response format from API',
    });
    expect(draft!.planDelivery!.nextAttemptAt).toBeGreaterThanOrEqual(before + 30_000);
    // The open page's sync engine sets its timer for then.
    expect(nextDueAt(await waitingSends(db))).toBe(draft!.planDelivery!.nextAttemptAt);
    expect(await planNoteOf(db, chatId)).toMatch(
      /^The full plan could not be written yet: Invalid response format from API\. It is asked for again after \d\d:\d\d/,
    );

    // Reloads, reconnects, the app brought back, the closed app's sync: nothing goes before it is due.
    await pageStartsOnlineAndVisible(db, 5);
    expect((await deliverQueuedWork(db)).left).toBe('settled');
    expect(posts()).toBe(1);

    // Due: asked for once more, and the next wait is twice as long.
    const later = draft!.planDelivery!.nextAttemptAt + 1;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    await pageStartsOnlineAndVisible(db, 3);
    expect(posts()).toBe(2);
    const [again] = await db.messages.where('chatId').equals(chatId).toArray();
    expect(again?.planDelivery).toMatchObject({ attempts: 2, nextAttemptAt: later + 60_000 });
    // The draft stays, counted as work the server does not have.
    expect(await countUnsentWork(db)).toMatchObject({ flows: 1 });
  });

  it("refused for the day's AI allowance: not asked for again before the reset the server named", async () => {
    const { db, calls, spendAllowance } = await phoneOf({ pro: true });
    await spendAllowance();
    const chatId = await planDraftedOffline(db);
    await pageStartsOnlineAndVisible(db, 4);
    expect((await deliverQueuedWork(db)).left).toBe('settled');
    expect(calls.filter((call) => call === 'POST /api/generate-gtm-plan')).toHaveLength(1);
    const [draft] = await db.messages.where('chatId').equals(chatId).toArray();
    // Not before the reset (midnight UTC): usually hours away, far beyond the 30 s first wait. By
    // the reset itself, not a fixed 'a minute from now', so the test holds a minute before midnight.
    const now = new Date();
    const reset = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    expect(draft?.planDelivery?.refused).toBe(false);
    expect(draft!.planDelivery!.nextAttemptAt).toBeGreaterThanOrEqual(reset - 1_000);
    expect(await planNoteOf(db, chatId)).toMatch(/AI allowance/);
  });

  it('no Pro plan yet (a payment not confirmed): asked for once within its backoff, and written once the rep is Pro', async () => {
    const { db, calls, userId } = await phoneOf({ pro: false });
    // The model answers with a plan, once it is asked by a Pro rep.
    const reply64 = Buffer.from(JSON.stringify(gtmPlan)).toString('base64');
    const chatId = await planDraftedOffline(db, {
      ...GTM_ANSWERS,
      product_service: `A CRM for plumbers [[reply64:${reply64}]] ${uuidv7()}`,
    });
    const posts = () => calls.filter((call) => call === 'POST /api/generate-gtm-plan').length;
    await pageStartsOnlineAndVisible(db, 3);
    expect(posts()).toBe(1);
    const [draft] = await db.messages.where('chatId').equals(chatId).toArray();
    expect(draft).toMatchObject({
      model: 'offline-drafter',
      planDelivery: { attempts: 1, refused: false },
    });
    expect(await planNoteOf(db, chatId)).toMatch(/^The full plan could not be written yet: /);

    // The webhook confirms the payment; once the backoff is over the plan is asked for, and written.
    await server.pool.query(
      `UPDATE users SET subscription_tier = 'pro', subscription_active = 'true' WHERE id = $1`,
      [userId],
    );
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 3600_000);
    await pageStartsOnlineAndVisible(db, 3);
    expect(posts()).toBe(2);
    expect((await server.pool.query('SELECT id FROM chats WHERE id = $1', [chatId])).rows).toEqual([
      { id: chatId },
    ]);
  });
});
