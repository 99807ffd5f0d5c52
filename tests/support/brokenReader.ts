import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Makes the sales kit's reader process fail for a reason that is not the file, as a bug in it or a
 * library that does not load would: every node process started until `restore()` first loads a
 * script (NODE_OPTIONS --require) that writes `noise` characters of output to stderr, then throws
 * 'the reader is broken'. The reader is a real process that fails; the server's code is untouched.
 */
export function breakKitReader({ noise = 0 }: { noise?: number } = {}): { restore(): void } {
  const script = join(mkdtempSync(join(tmpdir(), 'pitchpad-reader-')), 'broken.cjs');
  writeFileSync(
    script,
    `process.stderr.write(${JSON.stringify('.'.repeat(noise))});\nthrow new Error('the reader is broken');\n`,
  );
  const before = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = `${before ?? ''} --require=${script}`.trim();
  return {
    restore() {
      if (before === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = before;
    },
  };
}
