/**
 * The page's entry: tiny on purpose. A prerendered page (web/build/prerender.ts) is on screen as soon
 * as its HTML is parsed; the app's code (boot.tsx: React, Ionic, the router) is asked for only after
 * the browser has painted it, so downloading and running that code never holds the first paint back.
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    // A frame, then a task: the paint happens in between. A hidden tab runs no frames: the timer then.
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

// The app's code could not be fetched (a connection lost on a first visit): a reload asks again,
// once per tab, rather than leaving a page whose buttons never come alive. With no network the
// prerendered page stays readable, and the reload waits for the connection to come back.
const RELOADED = 'pitchpad:boot-reloaded';
const reload = () => {
  sessionStorage.setItem(RELOADED, '1');
  location.reload();
};
void afterFirstPaint()
  .then(() => import('./boot'))
  .then(
    () => sessionStorage.removeItem(RELOADED),
    () => {
      if (sessionStorage.getItem(RELOADED)) return;
      if (navigator.onLine) setTimeout(reload, 2000);
      else window.addEventListener('online', reload, { once: true });
    },
  );
