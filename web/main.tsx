/**
 * The page's entry: tiny on purpose. A prerendered page (web/build/prerender.ts) is on screen as soon
 * as its HTML is parsed; the app's code (boot.tsx: React, the router, the screen) is asked for only after
 * the browser has painted it, so downloading and running that code never holds the first paint back.
 */
const PAINT_WAIT_MS = 3000;
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    const prerendered = document.getElementById('root')?.hasAttribute('data-prerendered');
    // The app shell has nothing to paint before the app; a hidden tab paints nothing at all.
    if (!prerendered || document.visibilityState === 'hidden') return resolve();
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0)); // a frame, then a task: the paint is in between
      return;
    }
    // The page's content painted (a frame may pass before that while the page is still parsed).
    // Never more than PAINT_WAIT_MS: a browser that does not report the paint still gets its app.
    setTimeout(resolve, PAINT_WAIT_MS);
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(resolve, 0);
    }).observe({ type: 'paint', buffered: true });
  });

// The app's code could not be fetched (a connection lost on a first visit): a reload asks again,
// once per tab, rather than leaving a page whose buttons never come alive. With no network the
// prerendered page stays readable, and the reload waits for the connection to come back.
const RELOADED = 'pitchpad:boot-reloaded';
const reload = () => {
  sessionStorage.setItem(RELOADED, '1');
  location.reload();
};
/**
 * The app's chunks as modulepreload links (bootPreloadPlugin, vite.config.ts), inert in a template
 * until now: fetched all at once rather than one import level at a time, and only once the page has
 * painted, so they never compete with it. One link per task: each starts a fetch, a few
 * milliseconds of main thread on a phone, and together they would hold a tap back.
 */
const preloadApp = async () => {
  const links = document.getElementById('boot-preloads');
  if (!(links instanceof HTMLTemplateElement)) return;
  // A copy: each link leaves the template's (live) list as it is appended.
  for (const link of Array.from(links.content.children)) {
    document.head.append(link);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
};
/**
 * The browser's locale data, loaded in a worker (localeData.worker.ts) while the app's code
 * downloads: the app's first date or count then no longer holds the main thread for it. For the
 * signed-in screens (a shell, the home screen's frame, the app's own start), which show dates and
 * counts at once; a public page, hydrated as drawn, shows none.
 */
const warmLocaleData = () => {
  if (document.getElementById('root')?.dataset.prerendered === 'hydrate') return;
  try {
    const worker = new Worker(new URL('./localeData.worker.ts', import.meta.url), {
      type: 'module',
      name: 'locale-data',
    });
    const end = () => worker.terminate();
    worker.addEventListener('message', end, { once: true });
    worker.addEventListener('error', end, { once: true });
  } catch {
    // No worker here: the app's first use of Intl loads the data itself, as it always did.
  }
};
void afterFirstPaint()
  .then(() => {
    warmLocaleData();
    // The links in later tasks: starting the worker is a task's worth on a slow phone.
    return new Promise((resolve) => setTimeout(resolve, 0));
  })
  .then(preloadApp)
  .then(() => {
    // React, then TanStack's router and query cache, then the app, each evaluated in a task of its
    // own: in one task they would hold a tap back for longer (Total Blocking Time).
    return import('react-dom/client');
  })
  .then(() => import('@tanstack/react-router'))
  .then(() => import('./boot'))
  .then(
    () => sessionStorage.removeItem(RELOADED),
    () => {
      if (sessionStorage.getItem(RELOADED)) return;
      if (navigator.onLine) setTimeout(reload, 2000);
      else window.addEventListener('online', reload, { once: true });
    },
  );
