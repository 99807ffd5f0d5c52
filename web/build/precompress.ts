// Brotli and gzip copies of the build's text files, written beside them (`x.js.br`, `x.js.gz`), so
// the server sends compressed bytes without compressing per request (api/static.ts, koa-send).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What compresses: text. Images and fonts (png, woff2) are compressed already. */
const TEXT_FILE = /\.(js|mjs|css|html|svg|webmanifest|json|txt|xml|map)$/;
/** Below this a compressed copy saves less than a packet's worth and costs a file. */
const MIN_BYTES = 1024;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

export interface PrecompressResult {
  file: string;
  bytes: number;
  br?: number;
  gz?: number;
}

/**
 * Write `.br` (quality 11) and `.gz` (level 9) copies of every text file of at least MIN_BYTES in
 * `dir`; a copy that is not smaller than the file is not written. Build time pays for the best
 * ratio once instead of every request paying for a fast one.
 */
export async function precompressDir(dir: string): Promise<PrecompressResult[]> {
  const files = (await readdir(dir, { recursive: true }))
    .filter((f) => TEXT_FILE.test(f))
    .map((f) => join(dir, f));
  const results: PrecompressResult[] = [];
  for (const file of files) {
    if (!(await stat(file)).isFile()) continue;
    const source = await readFile(file);
    if (source.length < MIN_BYTES) continue;
    const result: PrecompressResult = { file: relative(dir, file), bytes: source.length };
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < source.length) {
      await writeFile(`${file}.br`, br);
      result.br = br.length;
    }
    if (gz.length < source.length) {
      await writeFile(`${file}.gz`, gz);
      result.gz = gz.length;
    }
    results.push(result);
  }
  return results;
}

/**
 * Vite plugin: after the build has closed, so after vite-plugin-pwa has written the service worker
 * (sw.js, in its own closeBundle) and anything else written late into the output folder.
 */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'pitchpad:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // Wait for every other plugin's closeBundle (the PWA plugin builds sw.js there), then run last.
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error || config.build.ssr) return;
        const outDir = resolve(config.root, config.build.outDir);
        const results = await precompressDir(outDir);
        const total = (pick: (r: PrecompressResult) => number | undefined) =>
          results.reduce((sum, r) => sum + (pick(r) ?? r.bytes), 0);
        config.logger.info(
          `\nprecompressed ${results.length} files: ${kib(total((r) => r.bytes))} → brotli ${kib(total((r) => r.br))}, gzip ${kib(total((r) => r.gz))}`,
        );
      },
    },
  };
}
