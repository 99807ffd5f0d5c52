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
import type { Plugin, Rolldown } from 'vite';
import { EARLY_TAP_SCRIPT } from '../../domain/contract/earlyTapScript.ts';
import { FRAME_BODY_SCRIPT, FRAME_HEAD_SCRIPT } from '../../domain/contract/frameScript.ts';
import { FLOW_TYPES } from '../../domain/playbooks/tools.ts';
import {
  CONTENT_END_ID,
  FLOW_SHELL,
  NOT_FOUND_FILE,
  NOT_FOUND_RENDER_PATH,
  PRERENDERED_PAGES,
  PRERENDER_MANIFEST,
  SIGNED_IN_SHELLS,
} from '../prerender/pages.ts';
import type { PrerenderManifest } from '../prerender/pages.ts';

interface RenderModule {
  renderPage(path: string, options?: { signedIn?: boolean; pro?: boolean }): Promise<string>;
  appRoutePaths(): string[];
}

export function prerenderPlugin({ configFile }: { configFile: string }): Plugin {
  let outDir = '';
  let config = { root: '' };
  return {
    name: 'pitchpad:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
      outDir = join(resolved.root, resolved.build.outDir);
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(_options, bundle) {
        const shell = bundle['index.html'];
        if (shell?.type !== 'asset') return; // the service worker's own build
        const template = withoutFrameScripts(String(shell.source));
        // Every screen's stylesheet, for beasties to find the rules a shell's markup uses.
        const screenStyles = Object.values(bundle)
          .filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'))
          .map((file) => `/${file.fileName}`)
          .filter((href) => !template.includes(`href="${href}"`));
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
          const shells = [
            ...SIGNED_IN_SHELLS.map((page) => ({ ...page, key: page.path, pro: false })),
            ...FLOW_TYPES.map((type) => ({
              key: `${FLOW_SHELL.path}?${FLOW_SHELL.query(type)}`,
              file: FLOW_SHELL.file(type),
              screen: FLOW_SHELL.screen,
              pro: true,
            })),
          ];
          for (const page of shells) {
            const markup = await render.renderPage(page.key, { signedIn: true, pro: page.pro });
            const styled = await beasties.process(
              withScreenStyles(pageHtml(template, markup, 'replace'), screenStyles),
            );
            const html = withFrameScripts(
              withEarlyTapScript(
                withScreenPreloads(
                  withDeferredStylesheet(withoutScreenStyles(styled)),
                  screenCode(bundle, join(config.root, '..', page.screen)),
                ),
              ),
            );
            await writeFile(join(outDir, page.file), html);
          }
          const manifest: PrerenderManifest = {
            pages: Object.fromEntries(PRERENDERED_PAGES.map((page) => [page.path, page.file])),
            shells: Object.fromEntries(shells.map((page) => [page.key, page.file])),
            bareShells: SIGNED_IN_SHELLS.filter((page) => 'bare' in page && page.bare).map(
              (page) => page.path,
            ),
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
 * A shell's page with every screen's stylesheet linked too (marked), so beasties inlines the rules
 * of the screen drawn; withoutScreenStyles takes the links out again: the screen's own code links
 * its stylesheet when it loads, as on any other visit.
 */
function withScreenStyles(html: string, hrefs: string[]): string {
  const links = hrefs.map((href) => `<link rel="stylesheet" href="${href}" data-screen-styles>`);
  return html.replace('</head>', `${links.join('\n')}\n</head>`);
}

function withoutScreenStyles(html: string): string {
  const hrefs = [...html.matchAll(/<link[^>]*href="([^"]+)"[^>]*data-screen-styles[^>]*>/g)].map(
    (match) => match[1]!,
  );
  // With them go beasties' fallbacks for a page without JavaScript (a <noscript> link each).
  const out = html
    .replace(/<link[^>]*data-screen-styles[^>]*>\s*/g, '')
    .replace(/<noscript>\s*<\/noscript>\s*/g, '');
  if (out.includes('data-screen-styles') || hrefs.some((href) => out.includes(`"${href}"`)))
    throw new Error('a screen stylesheet is still linked from a shell: check beasties output');
  return out;
}

/**
 * The files a screen's lazy module needs: its chunk, the chunks it imports and their stylesheets,
 * each chunk after those it imports (the order in which the browser evaluates them).
 */
function screenCode(bundle: Rolldown.OutputBundle, screenModule: string): string[] {
  const chunks = Object.values(bundle).filter(
    (output): output is Rolldown.OutputChunk => output.type === 'chunk',
  );
  const screen = chunks.find((chunk) => chunk.facadeModuleId === screenModule);
  if (!screen) throw new Error(`no chunk is the screen ${screenModule}: check SIGNED_IN_SHELLS`);
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk): void => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    files.add(chunk.fileName);
  };
  visit(screen);
  return [...files];
}

/**
 * A shell lists its screen's code with the app's (the boot-preloads template, which web/main.tsx
 * inserts a link at a time once the page has painted): fetched beside the app's, and the router's
 * import of the screen then finds every link in place, where Vite's preload helper would append
 * the screen's dozens of links in one long task. Stylesheets are linked as stylesheets: the helper
 * looks for those. The screen's chunks are marked `data-screen`, in the order they evaluate: boot.tsx
 * evaluates them a task each before the router imports the screen.
 */
function withScreenPreloads(html: string, files: string[]): string {
  const end = '</template>';
  const template = html.match(/<template id="boot-preloads">[\s\S]*?<\/template>/)?.[0];
  if (!template) throw new Error('a shell has no boot-preloads template (bootPreloadPlugin)');
  const links = files
    // Not what the page loads already: its entry script (src) and the app's own preloads (href).
    .filter((file) => !html.includes(`"/${file}"`))
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}" data-screen>`,
    );
  return html.replace(template, template.replace(end, `${links.join('\n')}\n${end}`));
}

/**
 * A shell keeps the home screen's frame scripts (vite.config.ts), put back after beasties so their
 * text is exactly the one the CSP allows: a browser with a copy of the chat but no worker still
 * paints the copy over the shell.
 */
function withFrameScripts(html: string): string {
  const end = `<span id="${CONTENT_END_ID}" hidden></span></div>`;
  if (!html.includes(end) || !html.includes('</head>'))
    throw new Error('a shell has no end of #root or </head> for the frame scripts');
  return html
    .replace('</head>', `<script>${FRAME_HEAD_SCRIPT}</script>\n</head>`)
    .replace(end, `${end}<script>${FRAME_BODY_SCRIPT}</script>`);
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
