/**
 * The build step that makes the public pages paint before any script: after the
 * client bundle is written, it renders each page of web/prerender/pages.ts with the app's own
 * components (web/prerender/render.tsx, through Vite's SSR loader), puts the markup into the built
 * index.html, inlines the CSS rules that markup uses (beasties) and loads the full stylesheet
 * without blocking the paint. It runs before the service worker is generated (closeBundle), so the
 * pages are precached with the rest. It also writes the manifest the server reads (api/prerendered.ts).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Beasties from 'beasties';
import { createServer } from 'vite';
import type { Plugin } from 'vite';
import { EARLY_TAP_SCRIPT } from '../../domain/contract/earlyTapScript.ts';
import { FRAME_BODY_SCRIPT, FRAME_HEAD_SCRIPT } from '../../domain/contract/frameScript.ts';
import {
  CONTENT_END_ID,
  NOT_FOUND_FILE,
  NOT_FOUND_RENDER_PATH,
  PRERENDERED_PAGES,
  PRERENDER_MANIFEST,
} from '../prerender/pages.ts';
import type { PrerenderManifest } from '../prerender/pages.ts';

interface RenderModule {
  renderPage(path: string): Promise<string>;
  appRoutePaths(): string[];
}

export function prerenderPlugin({ configFile }: { configFile: string }): Plugin {
  let outDir = '';
  return {
    name: 'pitchpad:prerender',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(_options, bundle) {
        const shell = bundle['index.html'];
        if (shell?.type !== 'asset') return; // the service worker's own build
        const template = withoutFrameScripts(String(shell.source));
        const vite = await createServer({
          configFile,
          server: { middlewareMode: true, hmr: false, ws: false },
          appType: 'custom',
          logLevel: 'error',
        });
        try {
          const render = (await vite.ssrLoadModule('/prerender/render.tsx')) as RenderModule;
          const beasties = new Beasties({
            path: outDir,
            publicPath: '/',
            preload: 'media',
            pruneSource: false,
            logLevel: 'warn',
          });
          const pages = [
            ...PRERENDERED_PAGES,
            { path: NOT_FOUND_RENDER_PATH, file: NOT_FOUND_FILE },
          ];
          for (const page of pages) {
            const markup = await render.renderPage(page.path);
            // The 404 screen was drawn for a made-up path: the app draws the real one (it shows it).
            const takeover = page.path === NOT_FOUND_RENDER_PATH ? 'replace' : 'hydrate';
            const html = withEarlyTapScript(
              withDeferredStylesheet(await beasties.process(pageHtml(template, markup, takeover))),
            );
            await writeFile(join(outDir, page.file), html);
          }
          const manifest: PrerenderManifest = {
            pages: Object.fromEntries(PRERENDERED_PAGES.map((page) => [page.path, page.file])),
            notFound: NOT_FOUND_FILE,
            appRoutes: render.appRoutePaths(),
          };
          await writeFile(
            join(outDir, PRERENDER_MANIFEST),
            `${JSON.stringify(manifest, null, 2)}\n`,
          );
        } catch (error) {
          this.error(
            `prerendering the public pages failed: ${String(error instanceof Error ? (error.stack ?? error.message) : error)}`,
          );
        } finally {
          await vite.close();
        }
      },
    },
  };
}

/**
 * The built app shell with the page's markup in #root, marked so boot.tsx knows to take it over and
 * how: hydrate it when the app will draw the same markup, else draw its own in its place.
 */
function pageHtml(template: string, markup: string, takeover: 'hydrate' | 'replace'): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error(`index.html has no ${root}`);
  return template
    .replace('</head>', `<link rel="expect" href="#${CONTENT_END_ID}" blocking="render">\n</head>`)
    .replace(
      root,
      `<div id="root" data-prerendered="${takeover}">${markup}<span id="${CONTENT_END_ID}" hidden></span></div>`,
    )
    .replace(/\s*<noscript>[^<]*<\/noscript>/, '');
}

/**
 * The shell without the home screen's frame scripts (vite.config.ts adds them): a public page is
 * drawn by the build, and never shows a copy of the chat.
 */
function withoutFrameScripts(html: string): string {
  const scripts = [FRAME_HEAD_SCRIPT, FRAME_BODY_SCRIPT].map((text) => `<script>${text}</script>`);
  if (!scripts.every((script) => html.includes(script)))
    throw new Error('the shell lacks the frame scripts (frameScriptsPlugin, vite.config.ts)');
  return scripts.reduce((out, script) => out.replace(script, ''), html);
}

/**
 * beasties loads the full stylesheet with `media="print" onload="this.media='all'"`: our CSP forbids
 * inline handlers, so boot.tsx switches it on instead (data-app-styles), in the frame the app takes
 * the page over. Without JavaScript, beasties' <noscript> link applies it.
 */
function withDeferredStylesheet(html: string): string {
  const out = html.replace(/<link([^>]*?) onload="[^"]*"([^>]*)>/g, '<link$1$2 data-app-styles>');
  if (!out.includes('data-app-styles'))
    throw new Error('beasties did not defer the stylesheet: check its output');
  return out;
}

/**
 * The inline script that keeps a tap made before the app takes the page over (domain/contract/earlyTapScript.ts),
 * first in the head so it listens before anything can be tapped. Added after beasties, so the text
 * is exactly the one whose hash the server's CSP allows.
 */
function withEarlyTapScript(html: string): string {
  if (!/<head>/.test(html)) throw new Error('the page has no <head> for the early-tap script');
  return html.replace('<head>', `<head>\n<script>${EARLY_TAP_SCRIPT}</script>`);
}
