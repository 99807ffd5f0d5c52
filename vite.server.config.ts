// The server's production build (`npm run build:server`): api/main.ts and everything it imports from
// api/, db/ and domain/, bundled into one ES module, dist/server/main.js, that plain `node` runs
// (`npm run serve`). npm packages stay outside the bundle and load from node_modules at run time as
// they do under tsx: PGlite finds its wasm and data files beside its own modules, argon2 its
// native binary. `npm run dev` and the scripts (db:migrate, grant-pro) keep running the TypeScript.
import { relative, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

export default defineConfig({
  // Nothing of the web app's build: no public folder, no index.html.
  publicDir: false,
  logLevel: 'warn',
  plugins: [sourceLocatedImportMetaUrl()],
  build: {
    ssr: 'api/main.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    // One file: every import in the server is static.
    rolldownOptions: {
      output: { format: 'esm', entryFileNames: 'main.js', codeSplitting: false },
    },
  },
  // Every npm package stays external (Vite's default for an SSR build), named here so it holds if
  // a package ever turns up under ssr.noExternal's defaults.
  ssr: { external: true },
});

/**
 * Our modules find their files next to their source: `db/migrate.ts` the migrations folder,
 * `api/auth/passwords.ts` the common-password list, `api/app.ts` the built PWA in web/dist. Bundled,
 * every module's `import.meta.url` would be dist/server/main.js. This rewrites it in our own modules
 * to the URL of the module's source file, relative to the bundle, so those paths resolve exactly as
 * under tsx, with no data files copied into dist. The bundle must therefore stay inside the project
 * (it needs node_modules beside it anyway).
 */
function sourceLocatedImportMetaUrl(): Plugin {
  let bundleDir: string;
  return {
    name: 'pitchpad:source-located-import-meta-url',
    configResolved(config) {
      bundleDir = resolve(config.root, config.build.outDir);
    },
    transform: {
      filter: { id: { exclude: /[\\/]node_modules[\\/]/ }, code: 'import.meta.url' },
      handler(code, id) {
        const fromBundle = relative(bundleDir, id).split('\\').join('/');
        // Only the expression changes: every line keeps its number, so source maps stay usable.
        return {
          code: code.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
          ),
          map: null,
        };
      },
    },
  };
}
