// `npm run bench:web` (signed-in screens part). Figures, not a test: Lighthouse 12.8's mobile
// preset (simulated slow 4G, 4× CPU) on the screens a signed-in rep opens, with the session's
// cookie: the chat, a flow's first step (for a paying rep), /profile, /kit, /debrief, /account and
// the pricing page.
// Median of BENCH_SIGNED_IN_RUNS (3) per page, against the app in its own process with the fake
// model, the build in web/dist (BENCH_WEB_SKIP_BUILD=1 keeps it). Prints each failing
// accessibility audit once, so a score under 100 says what to fix. BENCH_SIGNED_IN_REPORT=<dir>
// keeps each run's Lighthouse report (JSON) there, to read what blocked the main thread.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { request } from '@playwright/test';
import { startFakeOpenAI } from '../fakes/openai';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import {
  benchModel,
  buildWebApp,
  CHROMIUM,
  csrfToken,
  signInBenchRep,
  startBenchApp,
} from './phone';

const PORT = Number(process.env.BENCH_SIGNED_IN_PORT ?? 8096);
const RUNS = Number(process.env.BENCH_SIGNED_IN_RUNS ?? 3);
const REPORT_DIR = process.env.BENCH_SIGNED_IN_REPORT;
const PAGES = (
  process.env.BENCH_SIGNED_IN_PAGES ??
  '/chat,/chat?flow=email,/profile,/kit,/debrief,/account,/pricing'
).split(',');

const WEBHOOK_SECRET = 'whsec_bench';

/**
 * A new rep signed in through the API: the cookie header their browser would send. A `paying` rep
 * pays a checkout at the Stripe fake, announced by its signed webhooks as Stripe does: a flow is a
 * PRO tool, and a free rep who opens one is sent to pricing.
 */
async function signedInCookie(base: string, stripe: FakeStripe, paying = false): Promise<string> {
  const api = await request.newContext({ baseURL: base });
  await signInBenchRep(api, paying ? 'paying' : 'signedin');
  if (paying) {
    const checkout = await api.post('/api/create-checkout-session', {
      data: {},
      headers: { 'x-csrf-token': await csrfToken(api) },
    });
    const { clientSecret } = (await checkout.json()) as { clientSecret: string };
    const { completed, created } = stripe.completeCheckout(
      clientSecret.replace(/_secret_fake$/, ''),
    );
    for (const event of [completed, created]) {
      const { payload, signature } = stripe.sign(event, WEBHOOK_SECRET);
      const res = await api.post('/api/stripe/webhook', {
        data: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      if (!res.ok()) throw new Error(`the webhook answered ${res.status()}: ${await res.text()}`);
    }
    // Else the flow would be measured as the way to pricing.
    const plan = (await (await api.get('/api/user/subscription')).json()) as { isActive?: boolean };
    if (!plan.isActive) throw new Error('the paid checkout did not make the bench rep Pro');
  }
  const { cookies } = await api.storageState();
  await api.dispose();
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** The median of the runs that have the figure (Lighthouse leaves a metric out when it could not time it). */
function median(values: number[]): number {
  const known = values.filter(Number.isFinite).toSorted((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)]! : Number.NaN;
}

buildWebApp();
const fake = await startFakeOpenAI();
const stripe = await startFakeStripe();
const server = await startBenchApp(PORT, {
  ...benchModel(fake.url),
  STRIPE_SECRET_KEY: 'sk_test_bench',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_ID: 'price_bench_pro_monthly',
  STRIPE_API_URL: stripe.url,
});
const chrome = await launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox'],
});
const rows: string[] = [];
const failing = new Set<string>();
try {
  const cookie = await signedInCookie(server.url, stripe);
  const payingCookie = await signedInCookie(server.url, stripe, true);
  for (const path of PAGES) {
    const runs: { performance: number; accessibility: number; lcp: number; tbt: number }[] = [];
    // Why a run has no LCP or TBT (Lighthouse's own words, such as NO_LCP), printed with the row.
    const untimed = new Set<string>();
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(server.url + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: { Cookie: path.includes('flow=') ? payingCookie : cookie },
      });
      const { categories, audits } = result!.lhr;
      if (REPORT_DIR) {
        mkdirSync(REPORT_DIR, { recursive: true });
        const name = `${path.replace(/[^a-z0-9]+/gi, '_')}-${i + 1}.json`;
        writeFileSync(join(REPORT_DIR, name), JSON.stringify(result!.lhr));
      }
      for (const ref of categories.accessibility?.auditRefs ?? [])
        if (ref.weight > 0 && audits[ref.id]?.score === 0)
          failing.add(`${path}: ${ref.id} (${audits[ref.id]?.title})`);
      for (const id of ['largest-contentful-paint', 'total-blocking-time']) {
        const audit = audits[id];
        if (audit && audit.numericValue === undefined)
          untimed.add(`${id}: ${audit.errorMessage ?? 'no value'}`);
      }
      runs.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      });
    }
    const m = (key: keyof (typeof runs)[number]) => median(runs.map((r) => r[key]));
    rows.push(
      `${path.padEnd(22)} performance ${String(m('performance')).padStart(3)}  accessibility ${String(m('accessibility')).padStart(3)}  LCP ${(m('lcp') / 1000).toFixed(1)} s  TBT ${m('tbt').toFixed(0)} ms${untimed.size ? `  (a run untimed: ${[...untimed].join('; ')})` : ''}`,
    );
    process.stderr.write(`  ${path}: performance ${m('performance')}\n`);
  }
} finally {
  await chrome.kill();
  await server.stop();
  await fake.close();
  await stripe.close();
}
console.log(
  `\nSigned-in screens, Lighthouse mobile preset with the session cookie, median of ${RUNS} (targets: performance ≥ 95, accessibility 100):`,
);
for (const row of rows) console.log(row);
for (const fail of failing) console.log(`  failing: ${fail}`);
process.exit(0);
