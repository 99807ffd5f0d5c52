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

/**
 * The signed-in screens the build also draws, as a shell: the header and the screen as the app first
 * draws it while its data comes (the loading state), for someone not named yet. The server sends one
 * to a browser with a session cookie on its first visit, so the screen paints before any script;
 * the app then draws its own in its place (boot.tsx). A shell marked `bare` is sent only for the
 * address without a query: the chat's shell is a new conversation, and /chat?chat=… or ?flow=… is
 * another screen. `screen` is the route's lazy module (web/routes/), whose code the shell lists for
 * preloading with the app's.
 */
export const SIGNED_IN_SHELLS = [
  // A new conversation: a chat or a flow in the query (?chat=, ?flow=) is another screen.
  { path: '/chat', file: 'shell-chat.html', screen: 'web/app/ChatRoute.tsx', bare: true },
  {
    path: '/profile',
    file: 'shell-profile.html',
    screen: 'web/features/profile/ProfileScreen.tsx',
  },
  { path: '/kit', file: 'shell-kit.html', screen: 'web/features/kit/KitScreen.tsx' },
  {
    path: '/debrief',
    file: 'shell-debrief.html',
    screen: 'web/features/debrief/DebriefScreen.tsx',
  },
  {
    path: '/account',
    file: 'shell-account.html',
    screen: 'web/features/account/AccountScreen.tsx',
  },
  {
    path: '/meetings',
    file: 'shell-meetings.html',
    screen: 'web/features/calendar/MeetingsScreen.tsx',
  },
  { path: '/search', file: 'shell-search.html', screen: 'web/features/search/SearchScreen.tsx' },
  // A public page too (PRERENDERED_PAGES), drawn there for a guest: a rep with a session gets this
  // one, which the app redraws with its screen's code evaluated a task at a time, where the guest's
  // page could not be hydrated for them and was drawn anew in one long task.
  {
    path: '/pricing',
    file: 'shell-pricing.html',
    screen: 'web/features/billing/PricingScreen.tsx',
  },
] as const;

/**
 * A guided flow's first step (/chat?flow=<type>, where the home screen's 'Cold email' shortcut
 * goes), drawn as a shell for each flow type. The flows are PRO tools, so it is drawn for a
 * subscriber: a free rep who opens the address sees it until the app sends them to pricing.
 */
export const FLOW_SHELL = {
  path: '/chat',
  screen: 'web/app/ChatRoute.tsx',
  query: (type: string) => `flow=${type}`,
  file: (type: string) => `shell-flow-${type}.html`,
} as const;

/** The 404 screen, prerendered from a path no route matches; the server sends it (status 404) for such paths. */
export const NOT_FOUND_FILE = '404.html';
export const NOT_FOUND_RENDER_PATH = '/__not-found__';

/**
 * The element that closes a prerendered page's markup: the page's first paint waits for it (a
 * render-blocking `expect` link), and the app removes it before it takes the page over.
 */
export const CONTENT_END_ID = 'pp-content-end';

/** Written into web/dist by the build: the pages and shells above, the 404 file and the client router's route patterns. */
export const PRERENDER_MANIFEST = 'prerendered.json';

export interface PrerenderManifest {
  pages: Record<string, string>;
  /**
   * The signed-in screens' shells by path (SIGNED_IN_SHELLS), and by path and query for a flow
   * ('/chat?flow=email': FLOW_SHELL), for a request with a session cookie.
   */
  shells: Record<string, string>;
  /** The paths whose shell is drawn only for the bare address (no query). */
  bareShells: string[];
  notFound: string;
  /** Every path the client router knows, `$name` for a parameter segment (e.g. /auth/$tab). */
  appRoutes: string[];
}
