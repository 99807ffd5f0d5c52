import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin, Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// Our own modules with their file extension: Node's loader, which Vite plans to make its default
// config loader, resolves an import only as written.
import { precompressPlugin } from './web/build/precompress.ts';
import { FRAME_BODY_SCRIPT, FRAME_HEAD_SCRIPT } from './domain/contract/frameScript.ts';
import { prerenderPlugin } from './web/build/prerender.ts';

const MANIFEST_FILE = fileURLToPath(new URL('./manifest.webmanifest', import.meta.url));
const MANIFEST_URL = '/manifest.webmanifest';
const readManifest = () => readFileSync(MANIFEST_FILE, 'utf8');
/**
 * The landing page's JS (gzip, kB) above which the build fails, so a first visit on a slow phone
 * stays quick: it must fail above 200 at the latest, and 170 keeps a margin.
 */
const LANDING_JS_BUDGET_KB = 170;

export default defineConfig({
  root: 'web',
  plugins: [
    react(),
    manifestPlugin(),
    // The landing page, /about, /pricing and the 404 screen as real HTML, before the service worker
    // is generated so they are precached (web/build/prerender.ts).
    prerenderPlugin({ configFile: fileURLToPath(import.meta.url) }),
    frameScriptsPlugin(),
    // The service worker (web/sw.ts, its caching rules at its top), built into web/dist/sw.js with
    // the precache list of the build injected. Registered by the app itself, lazily
    // (features/pwa/registerServiceWorker.ts); none in dev. The manifest is ours (above).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      devOptions: { enabled: false },
      injectManifest: {
        // Vite 8 builds the worker as an ES module ending in `export default`, which a classic
        // worker registration rejects silently (stack-notes): build it as a plain script.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The signed-in screens' shells are the server's answer to a first visit; the worker answers
        // later ones with the app's own start (web/sw.ts), so it keeps no copy of them.
        globIgnores: ['shell-*.html'],
      },
    }),
    ionicReactTreeshakePlugin(),
    ioniconsPerIconPlugin(),
    // The landing page is what a rep on one bar of signal opens first: keep an eye on its weight.
    landingSizePlugin({
      landingModule: /web\/features\/landing\/LandingScreen\.tsx$/,
      // main.tsx loads the app (boot.tsx) right after the first paint. Ionic is not part of it: it
      // loads with the first screen, menu or toast that uses it (web/ui/ionicSetup.ts).
      startupImporters: [/[\\/]web[\\/]main\.tsx$/],
      budgetKb: LANDING_JS_BUDGET_KB,
    }),
    bootPreloadPlugin(),
    precompressPlugin(), // .br and .gz copies of the text files, after sw.js is written (web/build/precompress.ts)
  ],
  resolve: {
    alias: [
      // @ionic/react defines <ion-icon> from ionicons' own build, which carries a second copy of the
      // Stencil runtime (~7 kB gzip on the landing page). @ionic/core ships the same ionicons
      // component compiled against its runtime (its own components already use that one): use it for
      // IonIcon too.
      {
        find: /^ionicons\/components\/ion-icon\.js$/,
        replacement: '@ionic/core/components/ion-icon.js',
      },
      // Ionic is set up by whatever first loads it, not at start (web/ui/ionicSetup.ts).
      {
        find: /^@ionic\/react$/,
        replacement: fileURLToPath(new URL('./web/ui/ionicReact.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist', // relative to root: web/dist, which the API serves
    emptyOutDir: true,
    modulePreload: {
      polyfill: false, // every browser the app supports has modulepreload (Safari since 17)
      // The app's code (boot.tsx) is listed in the page itself (bootPreloadPlugin): main.tsx's import
      // of it adds no preload links at run time. Every other lazy import asks for the chunk and all
      // it imports at once (Vite's helper appends a <link rel=modulepreload> per dependency):
      // without, the browser found each level of imports only once the level above had arrived,
      // up to five round trips on a phone between a tap and its screen
      // (tests/bench/chains.bench.ts). The links cost no measurable time at the takeover
      // (tests/bench/home.bench.ts: 2.59 s without, 2.64 s with, on slow 4G).
      resolveDependencies: (fileName, deps, { hostType }) =>
        hostType === 'js' && BOOT_CHUNK.test(fileName) ? [] : deps,
    },
    rolldownOptions: {
      output: {
        // Ionic's shared chunk also holds small app modules, after one of which it would be named.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => /[\\/]@ionic[\\/]react[\\/]/.test(id))
            ? 'assets/ionic-[hash].js'
            : 'assets/[name]-[hash].js',
        // Long-lived vendor chunks: an app deploy then leaves the browser's cached libraries valid.
        // Screens stay in their own lazy chunks (route-based splitting in web/router.tsx). Ionic is
        // left to automatic splitting: grouping it would pull its lazily loaded parts into one chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'tanstack', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
      treeshake: {
        // @ionic/react calls these factories at module level without a /*@__PURE__*/ mark. They only
        // build components, so the unused ones (IonNav, IonPage and their elements...) can go: ~4 kB gzip.
        manualPureFunctions: ['createForwardRef', 'createReactComponent'],
        moduleSideEffects: [
          // @ionic/react imports every Ionic component module; without this each one is kept for its
          // customElements.define side effect. The React wrappers define their element on first render,
          // so unused components can go (checked in Chromium by the e2e specs).
          { test: /[\\/]@ionic[\\/]core[\\/]components[\\/]/, sideEffects: false },
          { test: /[\\/]@stencil[\\/]/, sideEffects: false },
        ],
      },
    },
  },
});

const BOOT_CHUNK = /(^|\/)boot-[\w-]+\.js$/;
/** main.tsx reads the template of this id (keep the two in step). */
const BOOT_PRELOADS = 'boot-preloads';

/**
 * main.tsx asks for the app (boot.tsx) only once the page has painted. The app's code is listed in
 * the page as modulepreload links inside an inert <template>, which main.tsx inserts then: the
 * browser fetches it all at once rather than one import level at a time, yet not before the first
 * paint (Lighthouse counts every request that ends before it against FCP and LCP, even a
 * low-priority one); and the import itself adds nothing at run time (Vite's preload helper would
 * append a <link> per chunk there, querying the document for each: ~25 of them).
 * Runs before the prerender (web/build/prerender.ts), which starts from this index.html.
 */
function bootPreloadPlugin(): Plugin {
  return {
    name: 'pitchpad:boot-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter(
          (output): output is Rolldown.OutputChunk => output.type === 'chunk',
        );
        const boot = chunks.find((chunk) => BOOT_CHUNK.test(chunk.fileName));
        if (!boot)
          throw new Error(
            'bootPreloadPlugin: no boot chunk in the bundle (was web/boot.tsx renamed?)',
          );
        const entryImports = new Set(
          chunks
            .filter((chunk) => chunk.isEntry)
            .flatMap((chunk) => [chunk.fileName, ...chunk.imports]),
        );
        const listed = new Set<string>();
        const visit = (fileName: string): void => {
          if (listed.has(fileName) || entryImports.has(fileName)) return;
          listed.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(boot.fileName);
        const links = [...listed].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
        }));
        return [
          {
            tag: 'template',
            attrs: { id: BOOT_PRELOADS },
            children: links,
            injectTo: 'body' as const,
          },
        ];
      },
    },
  };
}

/**
 * The home screen's frame (domain/contract/frameScript.ts): its head script last in the
 * head, after the entry script whose address names the build, and its body script right after
 * `<div id="root">`, which it covers. The prerendered pages leave both out (web/build/prerender.ts).
 */
function frameScriptsPlugin(): Plugin {
  return {
    name: 'pitchpad:frame-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const root = '<div id="root"></div>';
        if (!html.includes(root) || !html.includes('</head>'))
          throw new Error('frameScriptsPlugin: index.html has no </head> or no empty #root');
        return html
          .replace('</head>', `<script>${FRAME_HEAD_SCRIPT}</script>\n  </head>`)
          .replace(root, `${root}<script>${FRAME_BODY_SCRIPT}</script>`);
      },
    },
  };
}

/**
 * @ionic/react ships as one module. Its class components extend `React.Component`, a property read
 * the bundler must assume has side effects, and a few module-level `React.createContext`/`React.memo`
 * calls lack a pure mark; so every class component (IonTabs, IonTabBar, IonBackButton,
 * IonRouterOutlet...) is kept, with the Ionic elements it renders, though we use none of them. This
 * rewrites those spots into forms the tree-shaker can drop when unused: the same values, no change
 * in what runs (~10 kB gzip off the landing page). If Ionic changes its build so the patterns no
 * longer match, it warns. (`treeshake.propertyReadSideEffects: false` would do it for the whole
 * bundle, but it also strips React DOM's deliberate reads, e.g. its forced layout before view
 * transitions; `manualPureFunctions: ['React']` strips `React.useEffect(...)` calls. Hence this.)
 */
function ionicReactTreeshakePlugin(): Plugin {
  const ionicReactModule = /[\\/]@ionic[\\/]react[\\/]dist[\\/]index\.js$/;
  return {
    name: 'pitchpad:ionic-react-treeshake',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!ionicReactModule.test(id)) return null;
      let classes = 0;
      let calls = 0;
      const rewritten = code
        .replace(/\bextends React\.(Component|PureComponent)\b/g, (_match, base: string) => {
          classes++;
          return `extends ${base}$treeshake`;
        })
        .replace(/= React\.(createContext|memo)\(/g, (_match, factory: string) => {
          calls++;
          return `= /*@__PURE__*/ React.${factory}(`;
        });
      if (classes === 0 || calls === 0)
        this.warn(
          `@ionic/react changed: ${classes} class and ${calls} call rewrites; see the landing size report`,
        );
      // Prepended on the first line, so the module's line numbers stay as they were.
      return {
        code: `import { Component as Component$treeshake, PureComponent as PureComponent$treeshake } from 'react'; ${rewritten}`,
        map: null,
      };
    },
  };
}

/**
 * 'ionicons/icons' is one module, so the bundler would put every icon the app uses into one shared
 * chunk that the landing page downloads whole; given a module of its own, an icon shared by two
 * screens became a chunk of its own, fetched in a round of its own after the chunk that draws it.
 * Instead each import of an icon becomes a constant in the importing module (its SVG data URL, a
 * few hundred bytes): an icon travels inside every chunk that draws it, and is never waited for.
 */
function ioniconsPerIconPlugin(): Plugin {
  let icons: Record<string, unknown> | undefined;
  return {
    name: 'pitchpad:ionicons-inline',
    apply: 'build',
    enforce: 'pre',
    async transform(code, id) {
      if (id.includes('node_modules') || !code.includes("from 'ionicons/icons'")) return null;
      icons ??= (await import('ionicons/icons')) as unknown as Record<string, unknown>;
      const known = icons;
      return code.replace(
        /import \{([^}]*)\} from 'ionicons\/icons';/g,
        (all: string, names: string) =>
          names
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean)
            .map((name) => {
              if (typeof known[name] !== 'string') this.error(`ionicons has no icon ${name}`);
              return `const ${name} = ${JSON.stringify(known[name])};`;
            })
            .join(' ') +
          // As many lines as the import had: the module's later lines keep their numbers.
          '\n'.repeat(all.split('\n').length - 1),
      );
    },
  };
}

/**
 * The web app manifest lives at the top of the repo, not in web/public: serve it in
 * dev and emit it into web/dist under the URL index.html links to.
 */
function manifestPlugin(): Plugin {
  return {
    name: 'pitchpad:manifest',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== MANIFEST_URL) return next();
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(readManifest());
      });
    },
    generateBundle() {
      this.addWatchFile(MANIFEST_FILE);
      // Parse first, so a broken manifest fails the build rather than the install prompt.
      const source = `${JSON.stringify(JSON.parse(readManifest()), null, 2)}\n`;
      this.emitFile({ type: 'asset', fileName: MANIFEST_URL.slice(1), source });
    },
  };
}

/**
 * After a build, prints the gzip size of the JS a visitor downloads before the landing page is
 * interactive: the entry chunk, the landing route's chunk, the chunks that modules matching
 * `startupImporters` import dynamically as soon as they load (ion-app's tap, focus, keyboard, input
 * and back-button helpers), and every chunk those import statically. Sizes are of the files as
 * written (after Vite adds its preload lists); kB here is 1024 bytes. `npm run test:e2e` builds, so
 * CI prints it too; checked against what Chromium fetches on / (phone user agents load the most).
 * Above `budgetKb` the build fails.
 */
function landingSizePlugin({
  landingModule,
  startupImporters,
  budgetKb,
}: {
  landingModule: RegExp;
  startupImporters: RegExp[];
  budgetKb: number;
}): Plugin {
  return {
    name: 'pitchpad:landing-size',
    apply: 'build',
    writeBundle(_options, bundle) {
      const chunks = new Map<string, Rolldown.OutputChunk>();
      const chunkOfModule = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, output);
        for (const id of output.moduleIds) chunkOfModule.set(id, output.fileName);
      }

      const roots = new Set<string>();
      for (const chunk of chunks.values()) {
        if (chunk.isEntry || chunk.moduleIds.some((id) => landingModule.test(id)))
          roots.add(chunk.fileName);
        for (const id of chunk.moduleIds.filter((moduleId) =>
          startupImporters.some((re) => re.test(moduleId)),
        )) {
          for (const imported of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
            const fileName = chunkOfModule.get(imported);
            if (fileName) roots.add(fileName);
          }
        }
      }
      const landingIsLazy = [...roots].some((fileName) => {
        const chunk = chunks.get(fileName);
        return (
          chunk !== undefined &&
          !chunk.isEntry &&
          chunk.moduleIds.some((id) => landingModule.test(id))
        );
      });
      if (!landingIsLazy) this.warn('no chunk holds the landing route: is it still lazy?');

      const loaded = new Set<string>();
      const visit = (fileName: string): void => {
        if (loaded.has(fileName)) return;
        loaded.add(fileName);
        chunks.get(fileName)?.imports.forEach(visit);
      };
      roots.forEach(visit);

      let total = 0;
      const lines = [...loaded].map((fileName) => {
        const size = gzipSync(chunks.get(fileName)?.code ?? '').length;
        total += size;
        return `  ${fileName.padEnd(48)} ${(size / 1024).toFixed(1).padStart(7)} kB`;
      });
      const totalKb = total / 1024;
      const verdict = totalKb <= budgetKb ? 'within' : 'OVER';
      console.log(
        `\nLanding page JS (gzip), ${verdict} the ${budgetKb} kB budget:\n${lines.join('\n')}`,
      );
      console.log(`  ${'total'.padEnd(48)} ${totalKb.toFixed(1).padStart(7)} kB\n`);
      // A budget that bites: a build that makes the first visit heavier fails here, not in a phone's hand.
      if (totalKb > budgetKb)
        this.error(
          `the landing page's JS is ${totalKb.toFixed(1)} kB gzip, over its ${budgetKb} kB budget (LANDING_JS_BUDGET_KB in vite.config.ts)`,
        );
    },
  };
}
