import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin, Rolldown } from 'vite';

const MANIFEST_FILE = fileURLToPath(new URL('./manifest.webmanifest', import.meta.url));
const MANIFEST_URL = '/manifest.webmanifest';
const readManifest = () => readFileSync(MANIFEST_FILE, 'utf8');

export default defineConfig({
  root: 'web',
  plugins: [
    react(),
    manifestPlugin(),
    // The landing page is what a rep on one bar of signal opens first: keep an eye on its weight.
    landingSizePlugin({ landingModule: /web\/features\/landing\/LandingScreen\.tsx$/, budgetKb: 200 }),
  ],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist', // relative to root: web/dist, which the API serves
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Ionic's shared chunk also holds small app modules, after one of which it would be named.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => /[\\/]@ionic[\\/]react[\\/]/.test(id)) ? 'assets/ionic-[hash].js' : 'assets/[name]-[hash].js',
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

/**
 * The web app manifest lives at the top of the repo (design §1), not in web/public: serve it in
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
 * After a build, prints the gzip size of the JS a visitor downloads to see the landing page: the
 * entry chunk, the landing route's chunk, and every chunk they import statically.
 */
function landingSizePlugin({ landingModule, budgetKb }: { landingModule: RegExp; budgetKb: number }): Plugin {
  return {
    name: 'pitchpad:landing-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Rolldown.OutputChunk>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);

      const roots = [...chunks.values()].filter((c) => c.isEntry || c.moduleIds.some((id) => landingModule.test(id)));
      if (!roots.some((c) => !c.isEntry)) this.warn('no chunk holds the landing route: is it still lazy?');

      const loaded = new Set<string>();
      const visit = (fileName: string): void => {
        if (loaded.has(fileName)) return;
        loaded.add(fileName);
        chunks.get(fileName)?.imports.forEach(visit);
      };
      roots.forEach((c) => visit(c.fileName));

      let total = 0;
      const lines = [...loaded].map((fileName) => {
        const size = gzipSync(chunks.get(fileName)?.code ?? '').length;
        total += size;
        return `  ${fileName.padEnd(48)} ${(size / 1024).toFixed(1).padStart(7)} kB`;
      });
      const totalKb = total / 1024;
      const verdict = totalKb <= budgetKb ? 'within' : 'OVER';
      console.log(`\nLanding page JS (gzip), ${verdict} the ${budgetKb} kB budget:\n${lines.join('\n')}`);
      console.log(`  ${'total'.padEnd(48)} ${totalKb.toFixed(1).padStart(7)} kB\n`);
    },
  };
}
