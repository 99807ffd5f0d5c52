import { spawn } from 'node:child_process';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { writeFileSync } from 'node:fs';
import { waitForOk } from './serverProcess';
const port = 8777;
const server = spawn('node', ['dist/server/main.js'], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'warn' }, stdio: 'ignore', detached: true });
await waitForOk(`http://127.0.0.1:${port}/api/health`, 60000);
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox'] });
const page = process.argv[2] ?? '/';
const r = await lighthouse(`http://127.0.0.1:${port}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
const a = r!.lhr.audits;
writeFileSync('/tmp/lh/lhr.json', JSON.stringify(r!.lhr));
console.log('perf', r!.lhr.categories.performance!.score, 'FCP', a['first-contentful-paint']!.numericValue, 'LCP', a['largest-contentful-paint']!.numericValue, 'TBT', a['total-blocking-time']!.numericValue, 'SI', a['speed-index']!.numericValue, 'TTI', a['interactive']?.numericValue);
for (const id of ['bootup-time', 'mainthread-work-breakdown', 'long-tasks']) {
  const d = a[id]?.details as any;
  console.log('==', id, a[id]?.displayValue);
  for (const it of (d?.items ?? []).slice(0, 12)) console.log(JSON.stringify(it));
}
process.kill(-server.pid!); await chrome.kill(); process.exit(0);
