// `npm run bench:web` (streaming part): how busy a phone's main thread is while a long answer
// streams into the chat. A GTM-plan-sized answer (tests/factories/gtmAnswer.ts: about 2,400 words
// of headings, lists, tables and code) comes from the fake model at about 60 words a second, through
// the real server (`tsx api/main.ts` over an in-memory database, serving the build in web/dist), into
// the chat in the system Chromium with the CPU slowed 4× (Lighthouse's phone factor). A Chrome trace
// of the stream gives the renderer main thread's tasks: the share of the stream it was busy, the
// long tasks (over 50 ms, as Lighthouse counts them) and the longest.
// Figures, not a test: it exits 0 whatever they are. Runs vary on a busy machine (the fake's own
// timers, the server and Chromium share its cores); compare runs made back to back.
//   BENCH_WEB_SKIP_BUILD=1  use the build already in web/dist     BENCH_STREAM_PORT=8099
//   BENCH_STREAM_WPS=60     words a second from the model          CHROMIUM_PATH=/usr/bin/chromium
//   BENCH_STREAM_PROFILE=dir  also write the trace there, with the timeline's detail, and print where
//                           the busy time went by kind of task (draws, React renders outside them,
//                           timers, network data…); BENCH_STREAM_JS_PROFILE=1 adds a JS CPU profile.
//                           Both slow the page down: compare such runs with each other only.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { startFakeOpenAI } from '../fakes/openai';
import type { TraceEvent } from './traceProfile';
import { gtmAnswer } from '../factories/gtmAnswer';
import {
  benchModel,
  buildWebApp,
  launchChromium,
  PHONE,
  signInBenchRep,
  startBenchApp,
} from './phone';

const PORT = Number(process.env.BENCH_STREAM_PORT ?? 8099);
const WORDS_PER_SECOND = Number(process.env.BENCH_STREAM_WPS ?? 60);
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const PROFILE_DIR = process.env.BENCH_STREAM_PROFILE;

buildWebApp();

const answer = gtmAnswer();
const fake = await startFakeOpenAI();
fake.enqueue({ reply: answer, tokenDelayMs: 1000 / WORDS_PER_SECOND });
const server = await startBenchApp(PORT, benchModel(fake.url));

/**
 * What a main-thread task was, from the events inside it (a trace with the timeline's detail): a
 * paced draw of the words (an animation frame), a React render scheduled outside one (React's
 * scheduler task), a timer, the network handing data over, or the rest.
 */
function kindOf(inside: readonly TraceEvent[]): string {
  const has = (name: string) => inside.some((e) => e.name === name);
  if (has('FireAnimationFrame')) return 'draw on an animation frame';
  if (inside.some((e) => e.name === 'FunctionCall' && e.args?.data?.functionName === 'S'))
    return "React render in the scheduler's task";
  if (has('TimerFire')) return 'timer';
  if (has('SimpleWatcher::OnHandleReady')) return 'network data';
  if (has('Receive mojo message') || has('Receive mojo reply')) return 'IPC (IndexedDB, …)';
  if (has('Paint') || has('Commit')) return 'frame (paint, commit)';
  if (has('EventDispatch')) return 'DOM event';
  return 'other';
}

let browser: Browser | undefined;
try {
  browser = await launchChromium();
  const context = await browser.newContext({ baseURL: server.url, ...PHONE });
  const page = await context.newPage();

  // Sign up and in through the API (the page shares the cookies), then open the chat.
  await signInBenchRep(page.request, 'stream');
  await page.goto('/chat');
  // The chat's first paint is its shell (web/build/prerender.ts): the app's start must not be
  // counted as the stream's, so wait until the app has taken the page over.
  await page.waitForFunction(() => !document.querySelector('#root[data-prerendered]'));
  const input = page.getByRole('textbox', { name: 'Message', exact: true });
  await input.waitFor();
  await input.fill('Write the go-to-market plan for Pipewise');
  await page.waitForTimeout(1000);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const detail = PROFILE_DIR
    ? ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8']
    : [];
  await browser.startTracing(page, {
    categories: ['toplevel', 'blink.user_timing', '__metadata', ...detail],
  });
  const jsProfile = Boolean(PROFILE_DIR && process.env.BENCH_STREAM_JS_PROFILE);
  if (jsProfile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  await page.evaluate(() => performance.mark('bench:send'));
  await input.press('Enter');
  // Polled slowly, so that the waiting adds next to nothing to the page's own work.
  await page.waitForFunction(
    () => document.querySelector('.message--assistant.message--complete'),
    null,
    { polling: 1000, timeout: 300_000 },
  );
  await page.evaluate(() => performance.mark('bench:done'));
  const raw = (await browser.stopTracing()).toString('utf8');
  if (PROFILE_DIR) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    writeFileSync(`${PROFILE_DIR}/stream.trace.json`, raw);
    if (jsProfile)
      writeFileSync(
        `${PROFILE_DIR}/stream.cpuprofile`,
        JSON.stringify((await cdp.send('Profiler.stop')).profile),
      );
  }
  const trace = JSON.parse(raw) as { traceEvents: TraceEvent[] };
  const shown = (await page.locator('.message--assistant.message--complete .markdown').innerText())
    .length;

  const events = trace.traceEvents;
  const mark = (name: string) => events.find((e) => e.name === name)?.ts;
  const from = mark('bench:send');
  const to = mark('bench:done');
  if (from === undefined || to === undefined) throw new Error('the trace has no marks');
  // The page's main thread: the renderer main thread that recorded the marks.
  const marked = events.find((e) => e.name === 'bench:send')!;
  // Top-level tasks only: a nested run loop (or the trace naming one task twice) is counted once.
  const tasks: Array<{ ms: number; cpuMs: number; at: number }> = [];
  let until = -Infinity;
  const mainThreadTasks = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
        e.pid === marked.pid &&
        e.tid === marked.tid &&
        e.ts >= from &&
        e.ts <= to,
    )
    .toSorted((a, b) => a.ts - b.ts);
  const topLevel: TraceEvent[] = [];
  for (const task of mainThreadTasks) {
    if (task.ts < until) continue;
    until = task.ts + (task.dur ?? 0);
    topLevel.push(task);
    tasks.push({ ms: (task.dur ?? 0) / 1000, cpuMs: (task.tdur ?? 0) / 1000, at: task.ts - from });
  }
  const busyMs = tasks.reduce((sum, t) => sum + t.ms, 0);
  const cpuMs = tasks.reduce((sum, t) => sum + t.cpuMs, 0);
  const long = tasks.filter((t) => t.ms > LONG_TASK_MS);
  const windowMs = (to - from) / 1000;
  const words = answer.split(/\s+/).filter(Boolean).length;

  console.log(
    `\nStreaming a ${words}-word answer (${answer.length} characters) at ${WORDS_PER_SECOND} words/s into the chat, Chromium with the CPU slowed ${CPU_SLOWDOWN}×:`,
  );
  console.log(
    `  stream (send to finished reply): ${(windowMs / 1000).toFixed(1)} s, ${(words / (windowMs / 1000)).toFixed(0)} words/s arrived`,
  );
  console.log(
    `  main thread busy:                ${((busyMs / windowMs) * 100).toFixed(0)}% of the stream (${(busyMs / 1000).toFixed(1)} s in ${tasks.length} tasks)`,
  );
  console.log(
    `  long tasks (> ${LONG_TASK_MS} ms):            ${long.length}, ${(long.reduce((sum, t) => sum + t.ms, 0) / 1000).toFixed(1)} s in all`,
  );
  console.log(
    `  longest task:                    ${Math.max(0, ...tasks.map((t) => t.ms)).toFixed(0)} ms`,
  );
  const over100 = tasks.filter((t) => t.ms > 100);
  console.log(
    `  tasks over 100 ms:               ${over100.length ? over100.map((t) => `${t.ms.toFixed(0)} ms at ${(t.at / 1e6).toFixed(1)} s`).join(', ') : 'none'}`,
  );
  console.log(
    `  CPU time of those tasks:         ${(cpuMs / 1000).toFixed(1)} s, ${((cpuMs / windowMs) * 100).toFixed(0)}% of the stream`,
  );
  console.log(`  text on screen at the end:       ${shown} characters`);
  if (PROFILE_DIR) {
    // Where the busy time went, by what each task was (the detail slows every task down alike).
    const nested = events
      .filter((e) => e.ph === 'X' && e.pid === marked.pid && e.tid === marked.tid)
      .toSorted((a, b) => a.ts - b.ts);
    const byKind = new Map<string, { ms: number; count: number; longest: number }>();
    let i = 0;
    for (const task of topLevel) {
      while (i < nested.length && nested[i]!.ts < task.ts) i++;
      const inside: TraceEvent[] = [];
      for (let j = i; j < nested.length && nested[j]!.ts < task.ts + (task.dur ?? 0); j++)
        if (nested[j] !== task) inside.push(nested[j]!);
      const ms = (task.dur ?? 0) / 1000;
      const kind = byKind.get(kindOf(inside)) ?? { ms: 0, count: 0, longest: 0 };
      byKind.set(kindOf(inside), {
        ms: kind.ms + ms,
        count: kind.count + 1,
        longest: Math.max(kind.longest, ms),
      });
    }
    console.log('  where the busy time went (this traced run):');
    for (const [kind, { ms, count, longest }] of [...byKind].toSorted((a, b) => b[1].ms - a[1].ms))
      console.log(
        `    ${kind.padEnd(38)} ${((ms / windowMs) * 100).toFixed(1).padStart(5)}% of the stream, ${count} tasks, longest ${longest.toFixed(0)} ms`,
      );
  }
  console.log(
    "Main thread: the renderer main thread's top-level tasks in a Chrome trace, send to finished reply, wall-clock. On a busy machine a task's wall time grows with the others' load (its CPU time less so).",
  );
} finally {
  await browser?.close();
  await server.stop();
  await fake.close();
}
process.exit(0);
