/**
 * The public pages the build prerenders into real HTML (so they paint before any script), and
 * the file each one is written to in web/dist. Every other path gets index.html, the app shell.
 * The server and the service worker read the same list: the server from the manifest the build
 * writes beside the pages (PRERENDER_MANIFEST), the worker from this module.
 */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'landing.html' },
  { path: '/about', file: 'about.html' },
  { path: '/pricing', file: 'pricing.html' },
  // Sign-in and registration: where a shared link or a PRO card sends a first-time visitor.
  { path: '/auth', file: 'auth.html' },
  { path: '/auth/login', file: 'auth-login.html' },
  { path: '/auth/register', file: 'auth-register.html' },
] as const;

/** The 404 screen, prerendered from a path no route matches; the server sends it (status 404) for such paths. */
export const NOT_FOUND_FILE = '404.html';
export const NOT_FOUND_RENDER_PATH = '/__not-found__';

/**
 * The element that closes a prerendered page's markup: the page's first paint waits for it (a
 * render-blocking `expect` link), and the app removes it before it takes the page over.
 */
export const CONTENT_END_ID = 'pp-content-end';

/** Written into web/dist by the build: the pages above, the 404 file and the client router's route patterns. */
export const PRERENDER_MANIFEST = 'prerendered.json';

export interface PrerenderManifest {
  pages: Record<string, string>;
  notFound: string;
  /** Every path the client router knows, `$name` for a parameter segment (e.g. /auth/$tab). */
  appRoutes: string[];
}
