// `npm run bench:web` (request chains part). Figures, not a test: how many rounds of code a phone
// fetches one after another, each found only once the one before it ran, between a step and what
// it leads to. A request's round is one more than the round of the script (or page) that asked for
// it, read from Chromium's own record of each request's initiator (CDP Network.requestWillBeSent);
// the page's HTML, and every script already there before the step, are round 0. Printed per step:
// the rounds to the last script the step needed, the scripts fetched, the longest chain, and (on
// Lighthouse's slow 4G, 562.5 ms a round trip, with the CPU 4× slower) the time from the step to the
// request it leads to. At 390×844, the app in its own process with the fake model, the build in
// web/dist (BENCH_WEB_SKIP_BUILD=1 keeps it).
import type { CDPSession, Page } from '@playwright/test';
import { startFakeOpenAI } from '../fakes/openai';
import {
  benchModel,
  buildWebApp,
  launchChromium,
  PHONE,
  SLOW_4G,
  signInBenchRep,
  startBenchApp,
} from './phone';

const PORT = Number(process.env.BENCH_CHAINS_PORT ?? 8098);

interface Seen {
  url: string;
  round: number;
  at: number;
  parent: string | undefined;
}

/** Records every request of `page` with its round, from the moment `mark()` is called. */
async function recordChains(cdp: CDPSession) {
  const rounds = new Map<string, number>();
  let seen: Seen[] = [];
  let marked = false;
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = event.request.url.split('#')[0]!;
    const frames = event.initiator.stack?.callFrames ?? [];
    const parent =
      event.initiator.url ??
      frames.find((frame) => frame.url)?.url ??
      (event.initiator.stack?.parent?.callFrames ?? []).find((frame) => frame.url)?.url;
    const round = event.type === 'Document' ? 0 : (parent ? (rounds.get(parent) ?? 0) : 0) + 1;
    if (!rounds.has(url)) rounds.set(url, marked ? round : 0);
    if (marked) seen.push({ url, round, at: event.timestamp * 1000, parent });
  });
  await cdp.send('Network.enable');
  return {
    mark() {
      // What is already here is round 0 for what the step asks for next.
      for (const url of rounds.keys()) rounds.set(url, 0);
      seen = [];
      marked = true;
    },
    seen: () => seen,
  };
}

const short = (url: string) =>
  url.replace(/^https?:\/\/[^/]+/, '').replace(/-[\w-]{8}\.js$/, '.js');

interface Step {
  name: string;
  /** Opens where the step starts; its requests are not counted. */
  before: (page: Page) => Promise<void>;
  /** The step itself. */
  act: (page: Page) => Promise<void>;
  /** The request the step leads to (its data), or the step's screen drawn. */
  until: (page: Page) => Promise<void>;
  /** Anything more to print of the step. */
  detail?: (page: Page) => Promise<string>;
}

const flowStep = (flow: string): Step => ({
  name: `chat → ${flow} flow`,
  before: async (page) => {
    await page.goto('/chat');
    await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
  },
  // The empty chat's tool card, as a rep taps it.
  act: (page) => page.locator(`a[href="/chat?flow=${flow}"]`).first().click(),
  until: (page) =>
    page
      .getByText(/Question 1 of|founding journey/i)
      .first()
      .waitFor()
      .catch(async (error: unknown) => {
        await page.screenshot({ path: `/tmp/chains-${flow}.png` });
        throw error;
      }),
});

const screenStep = (path: string, heading: RegExp): Step => ({
  name: `chat → ${path}`,
  before: async (page) => {
    await page.goto('/chat');
    await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
  },
  act: (page) =>
    page.evaluate((p) => {
      history.pushState({}, '', p);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path),
  until: (page) => page.getByRole('heading', { level: 1, name: heading }).first().waitFor(),
});

const STEPS: Step[] = [
  {
    name: 'landing → Analyze (tapped before the app took over)',
    before: async (page) => {
      // In the page: when the app took the prerendered page over, and when the analysis was asked.
      await page.addInitScript(() => {
        const marks: { takeover?: number; analysis?: number } = {};
        (window as unknown as { marks: typeof marks }).marks = marks;
        new MutationObserver(() => {
          const root = document.getElementById('root');
          if (root && root.dataset.prerendered === undefined && marks.takeover === undefined)
            marks.takeover = performance.now();
        }).observe(document, {
          subtree: true,
          attributes: true,
          attributeFilter: ['data-prerendered'],
        });
        const fetched = window.fetch;
        window.fetch = (...args: Parameters<typeof fetch>) => {
          if (String(args[0]).includes('/api/analyze-startup'))
            marks.analysis ??= performance.now();
          return fetched(...args);
        };
      });
    },
    detail: async (page) => {
      const marks = await page.evaluate(
        () => (window as unknown as { marks: { takeover?: number; analysis?: number } }).marks,
      );
      return marks.takeover !== undefined && marks.analysis !== undefined
        ? `analysis asked ${((marks.analysis - marks.takeover) / 1000).toFixed(2)} s after the takeover`
        : '';
    },
    act: async (page) => {
      await page.goto('/', { waitUntil: 'commit' });
      const box = page.getByRole('textbox').first();
      await box.fill('A CRM for plumbers that answers every call');
      await page
        .getByRole('button', { name: /^Analyze/ })
        .first()
        .click();
    },
    until: (page) =>
      page.waitForRequest((r) => r.url().endsWith('/api/analyze-startup')).then(() => {}),
  },
  ...['playbook', 'email', 'demo', 'call', 'objection', 'gtmplan'].map(flowStep),
  screenStep('/profile', /^What you sell$/),
  screenStep('/kit', /^Sales kit$/),
  screenStep('/debrief', /^Debrief a meeting$/),
  screenStep('/account', /^Account$/),
  screenStep('/search', /^Search$/),
];

buildWebApp();
const fake = await startFakeOpenAI();
const server = await startBenchApp(PORT, benchModel(fake.url));
const browser = await launchChromium();
const rows: string[][] = [];
const notes: string[] = [];
try {
  for (const step of STEPS) {
    const context = await browser.newContext({ baseURL: server.url, ...PHONE });
    if (!step.name.startsWith('landing')) await signInBenchRep(context.request, 'chains');
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const chains = await recordChains(cdp);
    await step.before(page);
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    chains.mark();
    const start = Date.now();
    await step.act(page);
    await step.until(page);
    const took = Date.now() - start;
    const scripts = chains.seen().filter((s) => /\.m?js$/.test(s.url));
    const deepest = scripts.reduce<Seen | undefined>(
      (a, b) => (!a || b.round > a.round ? b : a),
      undefined,
    );
    const chain: string[] = [];
    for (let at = deepest; at; at = scripts.find((s) => s.url === at!.parent))
      chain.unshift(short(at.url));
    rows.push([
      step.name,
      String(deepest?.round ?? 0),
      String(scripts.length),
      `${(took / 1000).toFixed(1)} s`,
      chain.join(' → '),
    ]);
    const detail = (await step.detail?.(page)) ?? '';
    if (detail) notes.push(`${step.name}: ${detail}`);
    process.stderr.write(`  ${step.name}: ${deepest?.round ?? 0} rounds\n`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  await fake.close();
}

console.log('\nRounds of code between a step and its screen (target ≤ 3), slow 4G and 4× CPU:');
const header = ['step', 'rounds', 'scripts', 'took', 'longest chain'];
const widths = header.map((h, i) =>
  Math.max(h.length, ...rows.map((r) => (i === 4 ? 0 : r[i]!.length))),
);
const line = (r: string[]) => r.map((c, i) => (i === 4 ? c : c.padEnd(widths[i]!))).join('  ');
console.log(line(header));
for (const row of rows) console.log(line(row));
for (const note of notes) console.log(note);
process.exit(0);
