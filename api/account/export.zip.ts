// The ZIP of an export, written as it is read: fflate's streaming Zip, one entry at a time (an entry
// added while another is open would be held in memory until that one ends), each deflated as its
// text arrives, into a Node stream whose backpressure paces the database reads. A slow phone makes
// the export wait; it never makes the server hold the account in memory.
import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import { Zip, ZipDeflate, strToU8 } from 'fflate';

/** Text is deflated in chunks of about this size: fewer, larger calls into the compressor. */
const CHUNK_CHARS = 64 * 1024;

/** The download was dropped (the phone went away): stop reading the database. */
export class ExportAborted extends Error {}

export interface ZipEntry {
  write(text: string): Promise<void>;
  end(): Promise<void>;
}

export interface ZipWriter {
  /** Open the next entry; the previous one must have ended. */
  entry(name: string): ZipEntry;
  /** A whole small entry at once. */
  add(name: string, text: string): Promise<void>;
  finish(): Promise<void>;
}

export function zipWriter(out: PassThrough): ZipWriter {
  let failed: Error | null = null;
  const zip = new Zip((error, data, final) => {
    if (error) failed = error;
    else if (!out.destroyed) {
      out.write(data);
      if (final) out.end();
    }
  });
  /** Wait while the client reads what was written (backpressure); throw if it went away. */
  const drained = async () => {
    if (failed) throw failed;
    if (out.destroyed) throw new ExportAborted();
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    if (out.destroyed) throw new ExportAborted();
  };
  let open: ZipDeflate | null = null;

  function entry(name: string): ZipEntry {
    if (open) throw new Error(`zip entry still open before ${name}`);
    const file = new ZipDeflate(name, { level: 6 });
    open = file;
    zip.add(file);
    let pending: string[] = [];
    let size = 0;
    const flush = async (final: boolean) => {
      file.push(strToU8(pending.join('')), final);
      pending = [];
      size = 0;
      await drained();
    };
    return {
      async write(text) {
        pending.push(text);
        size += text.length;
        if (size >= CHUNK_CHARS) await flush(false);
      },
      async end() {
        await flush(true);
        open = null;
      },
    };
  }

  return {
    entry,
    async add(name, text) {
      const e = entry(name);
      await e.write(text);
      await e.end();
    },
    async finish() {
      zip.end();
      await drained();
    },
  };
}

/**
 * A name for a file in the ZIP from something the rep typed (a chat's title): no path separators,
 * dots leading or control characters (so no entry can climb out of its folder when unzipped), at most
 * 60 characters, with a short id after it so two chats of one title stay two files.
 */
export function safeFileName(title: string, id: string, used: Set<string>, ext = '.md'): string {
  const base =
    title
      .normalize('NFKC')
      .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|#%{}$!`=@]+/gu, ' ')
      .replace(/\.{2,}/g, '.')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^[.\s-]+/, '')
      .slice(0, 60)
      .trim() || 'Untitled';
  const tag = id.replace(/[^\w-]/g, '').slice(-8);
  let name = `${base} (${tag})${ext}`;
  for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} (${tag}-${n})${ext}`;
  used.add(name.toLowerCase());
  return name;
}
