import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import type { AppDeps, AppState } from './context';
import { cookieNames } from './auth/cookies';
import { NotFound } from './errors';
import { prerenderedPages } from './prerendered';

/**
 * Serves the built PWA (web/dist). Hashed assets are cached for a year; index.html and the
 * service worker never, so a deploy reaches users. Any other GET outside /api gets index.html
 * and the client router shows the page, or its 404 screen. An unknown /api path is a JSON 404.
 */
export function serveWeb(distDir: string): Middleware<AppState, AppDeps> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  // The public pages' HTML, the signed-in screens' shells and the 404 page (api/prerendered.ts).
  const prerendered = prerenderedPages(distDir);
  return async (ctx, next) => {
    let dependsOnCookie = false;
    /**
     * A signed-in screen's shell (api/prerendered.ts) for a browser that sends a session cookie: it
     * paints the screen before any script. Only the cookie's presence is read, no session lookup: a
     * stale one gets the shell, and the app sends the visitor to sign in as it would from the empty
     * page. The answer depends on the cookie: a shared cache keeps none (private), others one per
     * cookie.
     */
    const signedInShell = () => {
      const shell = prerendered.shellFor(ctx.path, ctx.querystring);
      if (!shell) return undefined;
      ctx.vary('Cookie');
      dependsOnCookie = true;
      return ctx.cookies.get(cookieNames(ctx.config.secureCookies).session) ? shell : undefined;
    };
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      await next();
      if (ctx.status === 404 && ctx.body === undefined)
        throw NotFound(`API route ${ctx.method} ${ctx.path}`);
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (!hasBuild) {
      ctx.status = 503;
      ctx.type = 'text';
      ctx.body = 'The web app is not built yet: run `npm run build` (npm start does it for you).';
      return;
    }
    const isAsset = ctx.path.startsWith('/assets/');
    // The build's .br/.gz copies (web/build/precompress.ts) are picked by Accept-Encoding: caches
    // must keep one answer per encoding.
    ctx.vary('Accept-Encoding');
    // A signed-in rep's shell before a public page drawn for a guest (/pricing is both).
    const page = signedInShell() ?? prerendered.pageFor(ctx.path);
    try {
      await send(ctx, page ?? ctx.path, {
        root: distDir,
        index: 'index.html',
        maxage: isAsset ? 365 * 24 * 3600 * 1000 : 0,
        immutable: isAsset,
        setHeaders: (res, path) => {
          if (!isAsset) res.setHeader('Cache-Control', pageCaching(dependsOnCookie));
          // koa-send hands us the compressed copy's path: the media type is the original file's.
          if (withoutEncodingSuffix(path).endsWith('.webmanifest'))
            res.setHeader('Content-Type', 'application/manifest+json');
        },
      });
      return;
    } catch (err) {
      if ((err as { status?: number }).status !== 404) throw err;
    }
    // A missing hashed asset is a real 404, not the app shell.
    if (isAsset) {
      ctx.status = 404;
      return;
    }
    ctx.set('Cache-Control', pageCaching(dependsOnCookie));
    const fallback = prerendered.fallbackFor(ctx.path);
    await send(ctx, fallback.file, { root: distDir });
    ctx.status = fallback.status;
  };
}

/** A page is asked for again at each visit; one that depends on the cookie is no shared cache's. */
function pageCaching(dependsOnCookie: boolean): string {
  return dependsOnCookie ? 'private, no-cache' : 'no-cache';
}

function withoutEncodingSuffix(path: string): string {
  return path.replace(/\.(br|gz)$/, '');
}
