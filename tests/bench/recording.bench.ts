// `npm run bench` (recording part): the page's memory while the rep records a debrief.
// The built app (web/dist; built first unless BENCH_WEB_SKIP_BUILD=1 or a build is there) served by
// the real server over an in-memory database, in the system Chromium with its fake microphone
// (--use-fake-device-for-media-stream: a tone), on /debrief. Every BENCH_RECORD_EVERY_S the page's
// JS heap is read after a garbage collection (CDP), beside the bytes the recording holds in
// IndexedDB: the heap should stay flat while the recording grows (each second's chunk goes to
// IndexedDB, not into the page). Figures, not a test.
//   BENCH_RECORD_S=600 (the 10 minutes; the recorder's limit)   BENCH_RECORD_EVERY_S=60
//   BENCH_RECORD_PORT=8097   CHROMIUM_PATH=/usr/bin/chromium
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { launchChromium, PHONE, signInBenchRep, startBenchApp } from './phone';

const PORT = Number(process.env.BENCH_RECORD_PORT ?? 8097);
const SECONDS = Number(process.env.BENCH_RECORD_S ?? 600);
const EVERY_S = Number(process.env.BENCH_RECORD_EVERY_S ?? 60);

if (!process.env.BENCH_WEB_SKIP_BUILD && !existsSync('web/dist/index.html')) {
  const build = spawnSync('npx', ['vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('vite build failed');
}

const server = await startBenchApp(PORT, { DEBRIEF_MAX_MINUTES: '60' });

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

let browser: Browser | undefined;
try {
  browser = await launchChromium(['--use-fake-device-for-media-stream']);
  const context = await browser.newContext({ baseURL: server.url, ...PHONE });
  await context.grantPermissions(['microphone'], { origin: server.url });
  const page = await context.newPage();
  await signInBenchRep(page.request, 'record');
  await page.goto('/debrief');
  await page.getByRole('button', { name: 'Record' }).click();
  await page.getByRole('button', { name: 'Stop' }).waitFor();

  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  const sample = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const stored = await page.evaluate(async () => {
      const names = (await indexedDB.databases()).map((d) => d.name ?? '');
      const name = names.find((n) => n.startsWith('pitchpad-user-'));
      if (!name) return 0;
      return new Promise<number>((resolve) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => {
          const read = open.result.transaction('recordings').objectStore('recordings').getAll();
          read.onsuccess = () => {
            resolve((read.result as Array<{ bytes: number }>).reduce((sum, r) => sum + r.bytes, 0));
            open.result.close();
          };
        };
      });
    });
    return { heap: usedSize, stored };
  };

  const first = await sample();
  console.log(`recording ${SECONDS} s on /debrief (fake microphone), sampled every ${EVERY_S} s`);
  console.log(`  0 s: JS heap ${mb(first.heap)}, recording in IndexedDB ${mb(first.stored)}`);
  let last = first;
  for (let at = EVERY_S; at <= SECONDS; at += EVERY_S) {
    await page.waitForTimeout(EVERY_S * 1000);
    last = await sample();
    console.log(
      `  ${at} s: JS heap ${mb(last.heap)} (${last.heap >= first.heap ? '+' : ''}${mb(last.heap - first.heap)}), recording in IndexedDB ${mb(last.stored)}`,
    );
  }
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('button', { name: 'Transcribe' }).waitFor();
  console.log(
    `recording memory: JS heap grew ${mb(last.heap - first.heap)} while the recording grew ${mb(last.stored - first.stored)}`,
  );
} finally {
  await browser?.close();
  await server.stop();
}
