import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pitchpad-precompress-'));
  mkdirSync(join(dir, 'assets'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const script = `export const words = [${Array.from({ length: 300 }, (_, i) => `'word ${i}'`).join(', ')}];\n`;

describe('precompressing the build', () => {
  it('writes Brotli and gzip copies of text files that decode to the file', async () => {
    writeFileSync(join(dir, 'assets', 'index-abc.js'), script);
    writeFileSync(join(dir, 'sw.js'), script);
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>Pitchpad</p>'.repeat(100)}`);
    await precompressDir(dir);
    for (const file of ['assets/index-abc.js', 'sw.js', 'index.html']) {
      const original = readFileSync(join(dir, file));
      const br = readFileSync(join(dir, `${file}.br`));
      const gz = readFileSync(join(dir, `${file}.gz`));
      expect(br.length, file).toBeLessThan(original.length);
      expect(brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(gunzipSync(gz).equals(original), file).toBe(true);
    }
  });

  it('leaves small files, images and files that do not shrink alone', async () => {
    writeFileSync(join(dir, 'tiny.js'), 'console.log(1)');
    writeFileSync(join(dir, 'icon.png'), Buffer.alloc(4096, 7));
    // Random bytes do not compress: a copy would only cost bytes.
    writeFileSync(
      join(dir, 'noise.txt'),
      Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256))),
    );
    await precompressDir(dir);
    for (const file of ['tiny.js', 'icon.png', 'noise.txt']) {
      expect(existsSync(join(dir, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dir, `${file}.gz`)), file).toBe(false);
    }
  });
});
