// `npx tsx tests/bench/share.bench.ts`. Figures, not tests: handing a plan on.
// 1. The PDF and Word files of a 10,000-word GTM plan (headings, paragraphs, lists, a table per
//    section), made as GET /api/chats/:id/export makes them (api/shares/pdf.ts, exports.ts): the
//    median time of 3, and the server's memory above idle (the process's peak RSS, and its heap,
//    before and after; the PDF's first run also reads its fonts).
// 2. The shared page at /s/<id> for that plan, as Lighthouse 12.8's mobile preset measures a first
//    visit (simulated slow 4G, 4× CPU), median of 3, against the app in its own process; and the
//    time a turned-off link's 410 and a wrong id's 404 take. Needs the system Chromium (skipped
//    without it, or with BENCH_SHARE_NO_LIGHTHOUSE=1).
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { chromium, type APIRequestContext } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { exportDocx } from '../../api/shares/exports';
import { exportPdf } from '../../api/shares/pdf';
import { gtmAnswer } from '../factories/gtmAnswer';
import { startFakeOpenAI } from '../fakes/openai';
import { benchModel, CHROMIUM, csrfToken, signInBenchRep, startBenchApp } from './phone';

type FakeOpenAI = Awaited<ReturnType<typeof startFakeOpenAI>>;

const WORDS = 10_000;
const RUNS = 3;
const MB = 1024 * 1024;
const PORT = 8097;

/** A plan of about `WORDS` words: the factory's plan, its sections repeated and numbered. */
function longPlan(): string {
  const one = gtmAnswer();
  const words = one.split(/\s+/).length;
  const copies = Math.round(WORDS / words);
  return Array.from({ length: copies }, (_, i) =>
    one.replace(/^# .*$/m, `# Part ${i + 1}: go-to-market plan for Pipewise`),
  ).join('\n\n');
}

async function drain(stream: NodeJS.ReadableStream): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) bytes += chunk.length;
  return bytes;
}

const median = (values: number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;
const peakRss = () => process.resourceUsage().maxRSS * 1024;

const content = longPlan();
const snapshot = { title: 'Go-to-market plan for Pipewise', content, emailSubject: null };
console.log(
  `A plan of ${content.split(/\s+/).length} words (${(content.length / 1024).toFixed(0)} kB of Markdown)`,
);

// Word first: each file's peak is read from the process's high-water mark, which only rises.
for (const [name, make] of [
  ['Word', async () => (await exportDocx(snapshot, new Date())).length],
  ['PDF', async () => drain(await exportPdf(snapshot, new Date()))],
] as const) {
  global.gc?.();
  const idle = { rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed };
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    bytes = await make();
    times.push(performance.now() - start);
  }
  global.gc?.();
  console.log(
    `${name.padEnd(4)}  median ${median(times).toFixed(0)} ms (first ${times[0]!.toFixed(0)} ms)  ` +
      `${(bytes / 1024).toFixed(0)} KiB  peak RSS ${((peakRss() - idle.rss) / MB).toFixed(0)} MB above idle  ` +
      `heap kept ${((process.memoryUsage().heapUsed - idle.heap) / MB).toFixed(0)} MB (fonts and caches)`,
  );
}
console.log('targets: ≤ 1 s and ≤ 50 MB above idle for each file');

/**
 * A wrong id and a turned-off link answer in the same time (one lookup by the id's hash either
 * way), so the answer's time tells a guesser nothing: the median of 200 of each, taken in turns.
 */
async function timeMissingPages(
  base: string,
  request: APIRequestContext,
  fake: FakeOpenAI,
): Promise<void> {
  const chatId = crypto.randomUUID();
  fake.enqueue({ reply: 'A short answer.' });
  await request.post('/api/chat', {
    data: {
      chatId,
      clientMessageId: crypto.randomUUID(),
      messages: [{ role: 'user', content: 'Hi' }],
    },
    headers: { 'x-csrf-token': await csrfToken(request) },
  });
  const share = (await (
    await request.post('/api/shares', {
      data: { chatId, anyone: true },
      headers: { 'x-csrf-token': await csrfToken(request) },
    })
  ).json()) as { id: string; path: string };
  await request.delete(`/api/shares/${share.id}`, {
    headers: { 'x-csrf-token': await csrfToken(request) },
  });
  const wrong = `/s/${crypto.randomUUID().replace(/-/g, '').slice(0, 22)}`;
  const gone: number[] = [];
  const none: number[] = [];
  for (let i = 0; i < 200; i++) {
    for (const [path, times] of [
      [share.path, gone],
      [wrong, none],
    ] as const) {
      const start = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { 'x-forwarded-for': `10.9.${i}.1` } });
      await res.arrayBuffer();
      times.push(performance.now() - start);
    }
  }
  console.log(
    `A turned-off link (410) answers in ${median(gone).toFixed(2)} ms, a wrong id (404) in ` +
      `${median(none).toFixed(2)} ms (median of 200 each)`,
  );
}

if (!existsSync(CHROMIUM))
  console.log(`\nThe shared page's Lighthouse figures need Chromium at ${CHROMIUM}: skipped.`);
else if (!process.env.BENCH_SHARE_NO_LIGHTHOUSE) {
  const fake = await startFakeOpenAI();
  fake.enqueue({ reply: content });
  const server = await startBenchApp(PORT, benchModel(fake.url));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    await signInBenchRep(context.request, 'share');
    const chatId = crypto.randomUUID();
    const sent = await context.request.post('/api/chat', {
      data: {
        chatId,
        clientMessageId: crypto.randomUUID(),
        messages: [{ role: 'user', content: 'Plan' }],
      },
      headers: { 'x-csrf-token': await csrfToken(context.request) },
    });
    const replyId = ((await sent.json()) as { message: { id: number } }).message.id;
    const made = await context.request.post('/api/shares', {
      data: { chatId, messageId: replyId, anyone: true },
      headers: { 'x-csrf-token': await csrfToken(context.request) },
    });
    const { path } = (await made.json()) as { path: string };
    await timeMissingPages(server.url, context.request, fake);
    const chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox'],
    });
    const runs: {
      performance: number;
      accessibility: number;
      fcp: number;
      lcp: number;
      tbt: number;
      kib: number;
    }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${server.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const { categories, audits } = result!.lhr;
      for (const ref of categories.accessibility?.auditRefs ?? [])
        if (ref.weight > 0 && audits[ref.id]?.score === 0 && i === 0)
          console.log(`  accessibility: ${ref.id} fails: ${audits[ref.id]?.title}`);
      runs.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
        lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
        kib: (audits['total-byte-weight']?.numericValue ?? Number.NaN) / 1024,
      });
    }
    await chrome.kill();
    const m = (key: keyof (typeof runs)[number]) => median(runs.map((r) => r[key]));
    console.log(
      `\nThe shared page of that plan (/s/<id>), Lighthouse mobile preset, median of ${RUNS}: ` +
        `performance ${m('performance')}, accessibility ${m('accessibility')}, ` +
        `FCP ${(m('fcp') / 1000).toFixed(1)} s, LCP ${(m('lcp') / 1000).toFixed(1)} s, ` +
        `TBT ${m('tbt').toFixed(0)} ms, ${m('kib').toFixed(0)} KiB (target: performance ≥ 95)`,
    );
  } finally {
    await browser.close();
    await server.stop();
    await fake.close();
  }
}
process.exit(0);
