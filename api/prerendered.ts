import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which HTML file a page URL gets (the public pages arrive as real HTML, so they paint before any
 * script). The build writes
 * the prerendered pages and a manifest beside them (web/build/prerender.ts → web/dist/prerendered.json):
 *  - the public pages (`/`, `/about`, `/pricing`, `/auth`, `/auth/login`, `/auth/register`: web/prerender/pages.ts)
 *    → their prerendered file (landing.html, about.html, …);
 *  - a signed-in screen (`/chat`, `/profile`...: SIGNED_IN_SHELLS) or a flow (`/chat?flow=email`:
 *    FLOW_SHELL), asked with a session cookie → its shell (shell-profile.html, shell-flow-email.html…):
 *    the screen as the app draws it while its data comes;
 *  - a path the client router knows (`/dashboard`, `/auth/login`...) → index.html, the app shell;
 *  - any other path → 404.html with status 404 (the router would show its 404 screen there anyway).
 * A parameter segment (`/auth/$tab`) matches any one segment: the client router still has the last
 * word there (e.g. /auth/nonsense shows its 404 screen in the shell). Without a manifest (an older
 * build) every page gets the shell, as before.
 */
export interface PrerenderedPages {
  /** The prerendered file for one of the public pages, e.g. '/landing.html'; undefined otherwise. */
  pageFor(path: string): string | undefined;
  /**
   * The shell of a signed-in screen, e.g. '/shell-profile.html', or of a flow's first step
   * ('/chat' with `query` 'flow=email'); undefined for any other path, and for a shell drawn only
   * for its bare address when `query` is something else (/chat?chat=… is a chat).
   */
  shellFor(path: string, query?: string): string | undefined;
  /** For a path that is no file: the app shell, or the 404 page with its status. */
  fallbackFor(path: string): { file: string; status: 200 | 404 };
}

interface Manifest {
  pages: Record<string, string>;
  /** Absent from a build before the shells. */
  shells?: Record<string, string>;
  /** The shells drawn only for their bare address. */
  bareShells?: string[];
  notFound: string;
  appRoutes: string[];
}

/** The app's empty start page, index.html (not a signed-in screen's shell). */
const APP_START = { file: 'index.html', status: 200 } as const;

export function prerenderedPages(distDir: string): PrerenderedPages {
  const file = join(distDir, 'prerendered.json');
  if (!existsSync(file))
    return { pageFor: () => undefined, shellFor: () => undefined, fallbackFor: () => APP_START };
  const manifest = parseManifest(readFileSync(file, 'utf8'), file);
  const routes = manifest.appRoutes.map((route) => routeMatcher(route.toLowerCase()));
  return {
    pageFor: (path) => {
      const page = manifest.pages[routePath(path)];
      return page === undefined ? undefined : `/${page}`;
    },
    shellFor: (path, query = '') => {
      const route = routePath(path);
      // A flow's shell is drawn for its own address ('/chat?flow=email').
      const exact = manifest.shells?.[query === '' ? route : `${route}?${query}`];
      if (exact !== undefined) return `/${exact}`;
      const shell = manifest.shells?.[route];
      if (query === '' || shell === undefined || manifest.bareShells?.includes(route)) return;
      return `/${shell}`;
    },
    fallbackFor: (path) =>
      routes.some((matches) => matches(routePath(path)))
        ? APP_START
        : { file: manifest.notFound, status: 404 },
  };
}

function parseManifest(text: string, file: string): Manifest {
  const value = JSON.parse(text) as Partial<Manifest>;
  if (
    !isFileMap(value.pages) ||
    (value.shells !== undefined && !isFileMap(value.shells)) ||
    (value.bareShells !== undefined && !isStringList(value.bareShells)) ||
    typeof value.notFound !== 'string' ||
    !isStringList(value.appRoutes)
  ) {
    throw new Error(
      `${file} is not a prerender manifest ({pages, shells, notFound, appRoutes}): rebuild with \`npm run build\``,
    );
  }
  return value as Manifest;
}

function isFileMap(map: unknown): map is Record<string, string> {
  return (
    typeof map === 'object' &&
    map !== null &&
    Object.values(map).every((page) => typeof page === 'string')
  );
}

function isStringList(list: unknown): list is string[] {
  return Array.isArray(list) && list.every((item) => typeof item === 'string');
}

/** A path as the client router matches it: without a trailing slash, and case-insensitively (its default). */
function routePath(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

/** '/auth/$tab' → a test for '/auth/login'; segments compare exactly, '$name' matches any one. */
function routeMatcher(route: string): (path: string) => boolean {
  const want = route.split('/');
  return (path) => {
    const got = path.split('/');
    return (
      got.length === want.length &&
      want.every((segment, i) =>
        segment.startsWith('$') ? (got[i] ?? '') !== '' : segment === got[i],
      )
    );
  };
}
