/**
 * Which Chromium the browser tests drive. No browser download works here, so it is the
 * distribution's (README), chosen as Playwright chooses its own: the headless shell (the same engine
 * without the browser's window layer: a fifth less CPU over the suite on 2 cores), else the full
 * browser. `CHROMIUM_PATH` overrides both.
 */
import { existsSync } from 'node:fs';

const SHELL = '/usr/bin/chromium-headless-shell';
const BROWSER = '/usr/bin/chromium';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // A fake microphone (a tone) for the voice debrief; asked only where a test grants it.
  '--use-fake-device-for-media-stream',
];

/** The suite's browser: the headless shell when it is installed. */
export const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : BROWSER),
  args,
};

/**
 * For a spec whose stories need what only the full browser has: a (fake) microphone to record, web
 * notifications to show. `test.use(fullBrowser)` at the top of the file.
 */
export const fullBrowser = {
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? BROWSER, args },
};

/**
 * For a spec whose stories test neither the service worker nor what it answers (offline, updates,
 * reloads of the installed app, pushes): `test.use(withoutServiceWorker)` at the top of the file.
 * Each story's browser context is new, so on its first page the worker installs and precaches the
 * whole app (about 190 files), which cost 1.7 s of CPU a story on this machine's two busy cores:
 * more than the page itself. Those stories stay first visits, answered by the server alone.
 */
export const withoutServiceWorker = { serviceWorkers: 'block' } as const;
