// `npm run bench` (offline part). Figures, not tests.
//  1. Flushing 100 queued messages: the real outbox (web/data/outbox.ts) and chat delivery
//     (deliverChatSend) on fake-indexeddb, against the real server and the fake model, first with
//     one flusher, then with two "tabs" flushing the same queue at once. Prints the time beyond the
//     model's own time (the same 100 prompts streamed straight from the fake) and checks that every
//     message reached the server, and the model, exactly once and in order.
//  2. The installed app's start-up with no network, to the first chat shown, in Chromium.
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in node
import 'fake-indexeddb/auto';
// oxlint-disable-next-line import/no-unassigned-import -- Node 20 has no Web Locks, which the outbox needs
import '../support/setupWebLocks';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { BrowserContext, Route } from '@playwright/test';
import { api } from '../../web/data/api';
import { PitchpadDb, userDbName } from '../../web/data/db';
import { uuidv7 } from '../../web/data/ids';
import { flushOutbox } from '../../web/data/outbox';
import { queueSend } from '../../web/features/chat/engine/chatDelivery';
import { userMessageKey } from '../../web/data/chatMerge';
import { chatSends } from '../../web/features/chat/engine/sendMessage';
import { startFakeOpenAI } from '../fakes/openai';
import { uniqueCredentials } from '../factories/users';
import { TestClient } from '../support/client';
import { startTestServer } from '../support/server';
import { launchChromium, PHONE, signInBenchRep } from './phone';
import { streamFromFakeModel } from './fakeModel';

const MESSAGES = 100;
const CHATS = 4;
/** Each reply: "You said: <prompt>" in 9 tokens, 2 ms apart, so the model's own time is measurable. */
const TOKEN_DELAY = '[[delay:2]]';

const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;

const realFetch = globalThis.fetch;
const fake = await startFakeOpenAI();
const server = await startTestServer({
  OPENAI_BASE_URL: fake.url,
  OPENAI_API_KEY: 'sk-bench',
  LLM_MODELS: 'gpt-4o',
});

/** A browser's fetch for the app's same-origin client: the server's origin, the session's cookies. */
function browserFetch(client: TestClient): typeof fetch {
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    headers.set('x-forwarded-for', client.ip);
    const res = await realFetch(server.url + String(input), { ...init, headers });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      client.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return res;
  };
}

async function loggedIn(): Promise<{ client: TestClient; userId: number }> {
  const client = new TestClient(server.url);
  const creds = uniqueCredentials('bench');
  await client.post('/api/auth/register', creds);
  const res = await client.post<{ user: { id: number } }>('/api/auth/login', {
    username: creds.username,
    password: creds.password,
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return { client, userId: res.body.user.id };
}

/** Queue `count` messages over `chats` new chats, as typed offline: chat and message rows plus outbox entries. */
async function queueOffline(
  db: PitchpadDb,
  label: string,
  count: number,
  chats: number,
): Promise<Array<{ chatId: string; texts: string[] }>> {
  const plan = Array.from({ length: chats }, () => ({ chatId: uuidv7(), texts: [] as string[] }));
  for (let i = 0; i < count; i++) {
    const target = plan[i % chats]!;
    const text = `${label} message ${i} ${TOKEN_DELAY}`;
    target.texts.push(text);
    const clientId = uuidv7();
    const now = Date.now();
    const iso = new Date(now).toISOString();
    await db.transaction('rw', db.chats, db.messages, db.outbox, async () => {
      if (!(await db.chats.get(target.chatId))) {
        await db.chats.put({
          id: target.chatId,
          title: `${label} ${i}`,
          createdAt: iso,
          updatedAt: iso,
          isPlaybook: false,
          playbookType: 'none',
          synced: false,
          touchedAt: now,
        });
      }
      await db.messages.put({
        key: userMessageKey(clientId),
        chatId: target.chatId,
        role: 'user',
        content: text,
        status: 'queued',
        sortAt: now,
        timestamp: iso,
        clientId,
        replyToKey: null,
        serverId: null,
        model: null,
        touchedAt: now,
      });
      await queueSend(
        db,
        { clientId, chatId: target.chatId, messageKey: userMessageKey(clientId) },
        now,
      );
    });
  }
  return plan;
}

/** The model's own time for these prompts: each streamed straight from the fake, one after another. */
async function modelOwnTime(prompts: string[]): Promise<number> {
  const start = performance.now();
  for (const content of prompts) {
    const res = await streamFromFakeModel(fake.url, content);
    await res.text();
  }
  return performance.now() - start;
}

/** Every message once on the server, in order, each answered; and the model asked once per message. */
async function checkExactlyOnce(
  client: TestClient,
  plan: Array<{ chatId: string; texts: string[] }>,
  modelCalls: number,
): Promise<string> {
  let stored = 0;
  let answered = 0;
  let inOrder = true;
  for (const { chatId, texts } of plan) {
    const { messages = [] } = (
      await client.get<{
        messages: Array<{
          id: number;
          role: string;
          content: string;
          replyTo: number | null;
          status: string;
        }>;
      }>(`/api/chats/${chatId}`)
    ).body;
    const users = messages.filter((m) => m.role === 'user');
    stored += users.length;
    inOrder &&= users.map((m) => m.content).join('\n') === texts.join('\n');
    answered += users.filter((u) =>
      messages.some((r) => r.replyTo === u.id && r.status === 'complete'),
    ).length;
  }
  const total = plan.reduce((n, c) => n + c.texts.length, 0);
  const ok = stored === total && answered === total && inOrder && modelCalls === total;
  return `${ok ? 'exactly once' : 'NOT exactly once'}: ${stored}/${total} stored, ${answered} answered, ${inOrder ? 'in order' : 'OUT OF ORDER'}, ${modelCalls} model calls`;
}

async function flushBench(label: string, flushers: number): Promise<void> {
  const { client, userId } = await loggedIn();
  api.resetCsrfToken();
  globalThis.fetch = Object.assign(browserFetch(client), { preconnect: () => {} }) as typeof fetch;
  // Every "tab" opens the user's own database: its sends name their user (x-pitchpad-user), and the
  // server refuses them with another user's session.
  const dbs = Array.from({ length: flushers }, () => new PitchpadDb(userDbName(userId)));
  const plan = await queueOffline(dbs[0]!, label, MESSAGES, CHATS);
  const modelCallsBefore = fake.requests.length;

  const start = performance.now();
  await Promise.all(dbs.map((db) => flushOutbox(db, chatSends, { force: true })));
  const total = performance.now() - start;
  const modelCalls = fake.requests.length - modelCallsBefore;
  globalThis.fetch = realFetch;

  const own = await modelOwnTime(plan.flatMap((c) => c.texts));
  const sent = await dbs[0]!.outbox.where('state').equals('sent').count();
  console.log(
    `  ${label.padEnd(28)} ${total.toFixed(0).padStart(6)} ms in all, model's own ${own.toFixed(0)} ms → ${((total - own) / MESSAGES).toFixed(2)} ms per message beyond the model (${sent}/${MESSAGES} outbox entries sent)`,
  );
  console.log(`  ${''.padEnd(28)} ${await checkExactlyOnce(client, plan, modelCalls)}`);
  for (const db of dbs) db.close();
}

console.log(
  `flushing ${MESSAGES} queued messages over ${CHATS} chats (embedded PGlite, fake model, fake-indexeddb):`,
);
await flushBench('warm-up', 1);
await flushBench('one flusher', 1);
await flushBench('two tabs flushing at once', 2);

// ---------------------------------------------------------------------------------------------
// 2. Offline start-up of the installed app

const DIST = 'web/dist';
if (!existsSync(`${DIST}/sw.js`)) {
  console.log('\nbuilding the app for the start-up figure (vite build)...');
  execFileSync('npx', ['vite', 'build'], { stdio: 'ignore' });
}
const appServer = await startTestServer(
  { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-bench', LLM_MODELS: 'gpt-4o' },
  { webDist: DIST },
);
const browser = await launchChromium([
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]);
const context: BrowserContext = await browser.newContext({ baseURL: appServer.url, ...PHONE });
await signInBenchRep(context.request, 'start');

const first = await context.newPage();
await first.goto('/chat');
await first
  .getByRole('textbox', { name: 'Message', exact: true })
  .fill('Warm intro to a CFO, please');
await first.keyboard.press('Enter');
await first
  .locator('.message--assistant:not(.message--welcome) .message__bubble')
  .filter({ hasText: 'You said:' })
  .waitFor();
await first.waitForFunction(
  async () =>
    (await navigator.serviceWorker.ready).active !== null &&
    navigator.serviceWorker.controller !== null,
);
const chatId = new URL(first.url()).searchParams.get('chat');
await first.close();

/** Milliseconds from opening the app (a fresh window) to its last chat's reply on screen. */
async function startUp(): Promise<number> {
  const page = await context.newPage();
  const start = performance.now();
  await page.goto(`/chat?chat=${chatId}`);
  await page
    .locator('.message--assistant:not(.message--welcome) .message__bubble')
    .filter({ hasText: 'You said:' })
    .waitFor();
  const ms = performance.now() - start;
  await page.close();
  return ms;
}

const RUNS = 15;
const online: number[] = [];
for (let i = 0; i < RUNS; i++) online.push(await startUp());
// No network for the pages nor for the service worker's own fetches.
const cutWorker = (route: Route) =>
  route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback();
await context.route('**/*', cutWorker);
await context.setOffline(true);
const offline: number[] = [];
for (let i = 0; i < RUNS; i++) offline.push(await startUp());

console.log(`\nstart-up to the first chat shown (Chromium, 390×844, ${RUNS} fresh windows each):`);
console.log(
  `  offline (service worker + IndexedDB)  median ${median(offline).toFixed(0)} ms, p90 ${p90(offline).toFixed(0)} ms`,
);
console.log(
  `  online, for comparison                median ${median(online).toFixed(0)} ms, p90 ${p90(online).toFixed(0)} ms`,
);

await browser.close();
await appServer.close();
await server.close();
await fake.close();
