import type { BrowserContext, Page, Route } from '@playwright/test';

/** Waits until the app's service worker controls the page: what it kept then opens offline. */
export async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (
      registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null
    );
  });
}

/**
 * Takes a whole browser context off the network and back: its pages and its service worker.
 * `context.setOffline` alone does not reliably cut the fetches a service worker makes (playwright
 * #2311), so while offline every request the worker makes is also aborted, as a dead radio would
 * (Chromium reports service worker requests to `context.route`; see playwright.config.ts).
 */
export class Network {
  #offline = false;

  constructor(private readonly context: BrowserContext) {}

  readonly #cutWorker = async (route: Route): Promise<void> => {
    if (this.#offline && route.request().serviceWorker()) await route.abort('internetdisconnected');
    else await route.fallback();
  };

  get isOffline(): boolean {
    return this.#offline;
  }

  async goOffline(): Promise<void> {
    if (this.#offline) return;
    this.#offline = true;
    await this.context.route('**/*', this.#cutWorker);
    await this.context.setOffline(true);
  }

  async goOnline(): Promise<void> {
    if (!this.#offline) return;
    this.#offline = false;
    await this.context.setOffline(false);
    await this.context.unroute('**/*', this.#cutWorker);
  }
}

/**
 * Holds every request of `page` matching `url` until `release()`: a test sees the state that waits
 * on it (the analysing card, a page hydrated before its price) for as long as it needs, on a machine
 * of any speed, where a fake delay would race the test's own checks.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
): Promise<{ release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.fallback();
  });
  return { release };
}
