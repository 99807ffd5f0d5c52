// The outbox's sales-kit uploads (kitUploads.ts, on fake-indexeddb) against the real server on
// loopback: what the phone keeps and what the database holds. Node, not jsdom: Node's fetch sends
// the Blob the outbox stored, as a browser's does.
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in node
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../data/api';
import { PitchpadDb, userDbName } from '../../data/db';
import { flushOutbox } from '../../data/outbox';
import { pdfOf } from '../../../tests/factories/documents';
import { loggedInClient } from '../../../tests/factories/users';
import { browserFetch } from '../../../tests/support/browserFetch';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import {
  KIT_UPLOAD,
  canTryAgain,
  flushKitUpload,
  kitUploadHandler,
  queueKitFile,
  retryKitUpload,
  type KitUploadEntry,
} from './kitUploads';

let server: TestServer;
beforeAll(async () => {
  // A kit of two files, so a test fills it with little.
  server = await startTestServer({ KIT_MAX_FILES: '2' });
}, 60_000);
afterAll(() => server?.close());

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** A signed-in rep's phone: their local database, and the app's client going to the server as them. */
async function phone(calls: string[] = []) {
  const { user, client } = await loggedInClient(server);
  api.resetCsrfToken();
  globalThis.fetch = browserFetch(client, calls);
  return { user, client, db: new PitchpadDb(userDbName(user.id)) };
}

async function storedFiles(userId: number) {
  const { rows } = await server.pool.query<{ id: string; name: string; passages: number }>(
    `SELECT f.id, f.name, (SELECT count(*)::int FROM kit_passages p WHERE p.file_id = f.id) AS passages
       FROM kit_files f WHERE f.user_id = $1`,
    [userId],
  );
  return rows;
}

/** The outbox's sent entries: what is left of an upload once the server has it. */
const sentEntries = async (db: PitchpadDb) =>
  (await db.outbox.where('state').equals('sent').toArray()).map(({ clientId, payload }) => ({
    clientId,
    payload,
  }));

const pdfBlob = async () =>
  new Blob(
    [
      // pdf-lib's bytes sit in an ArrayBuffer of their own, as a Blob part wants.
      (await pdfOf([
        ['Freightly overview', 'Freightly books dock appointments for mid-size shippers.'],
        ['Case study', 'Acme Logistics cut dock wait times by 40 percent in six weeks.'],
      ])) as Uint8Array<ArrayBuffer>,
    ],
    { type: 'application/pdf' },
  );

describe('sales kit: a file queued on the phone', () => {
  it('is uploaded with its name, stored with its passages, and its bytes leave the phone', async () => {
    const { user, db } = await phone();
    try {
      const blob = await pdfBlob();
      const id = await queueKitFile(db, {
        name: 'Acme case study.pdf',
        type: 'application/pdf',
        blob,
      });
      expect(await db.outbox.toArray()).toMatchObject([{ clientId: id, state: 'queued' }]);

      const stored = await flushKitUpload(db, id);

      expect(stored).toMatchObject({ id, name: 'Acme case study.pdf', kind: 'pdf', pages: 2 });
      expect(stored!.passages).toBeGreaterThan(0);
      expect(await sentEntries(db)).toEqual([
        {
          clientId: id,
          payload: { name: 'Acme case study.pdf', type: 'application/pdf', size: blob.size },
        },
      ]);
      expect(await storedFiles(user.id)).toEqual([
        { id, name: 'Acme case study.pdf', passages: stored!.passages },
      ]);
    } finally {
      db.close();
    }
  });

  it('refused by the server (text bytes named .pdf) fails for good with the server’s words, its bytes leave the phone (name and size stay), and nothing is stored', async () => {
    const { user, db } = await phone();
    try {
      const bytes = 'Just some notes, not a PDF at all.';
      const id = await queueKitFile(db, {
        name: 'deck.pdf',
        type: 'application/pdf',
        blob: new Blob([bytes], { type: 'application/pdf' }),
      });

      expect(await flushKitUpload(db, id)).toBeUndefined();

      const entries = (await db.outbox.toArray()) as KitUploadEntry[];
      expect(entries).toMatchObject([
        {
          clientId: id,
          state: 'failed',
          lastError: '“deck.pdf” is not a PDF: its contents are a text or Markdown file.',
        },
      ]);
      expect(entries[0]!.payload).toEqual({
        name: 'deck.pdf',
        type: 'application/pdf',
        size: bytes.length,
      });
      // Nothing to try again with: the same bytes would be refused the same.
      expect(canTryAgain(entries[0]!)).toBe(false);
      expect(await retryKitUpload(db, id)).toBe(false);
      expect(await storedFiles(user.id)).toEqual([]);
    } finally {
      db.close();
    }
  });

  it("refused because the kit is full keeps its bytes: once the rep deletes a file, 'Try again' uploads it under the same id", async () => {
    const { user, client, db } = await phone();
    try {
      // The kit's two files, uploaded from the rep's laptop.
      const onPhone = globalThis.fetch;
      globalThis.fetch = realFetch;
      for (const id of ['a'.repeat(21), 'b'.repeat(21)]) {
        const res = await client.put(`/api/kit/files/${id}`, new TextEncoder().encode('A note'), {
          headers: { 'x-file-name': `${id[0]}.txt` },
        });
        expect(res.status).toBe(201);
      }
      globalThis.fetch = onPhone;
      const id = await queueKitFile(db, {
        name: 'Pricing.md',
        type: 'text/markdown',
        blob: new Blob(['# Pricing\n\n$49 a seat a month.'], { type: 'text/markdown' }),
      });

      expect(await flushKitUpload(db, id)).toBeUndefined();
      const [refused] = (await db.outbox.toArray()) as KitUploadEntry[];
      expect(refused).toMatchObject({ clientId: id, state: 'failed' });
      expect(refused!.lastError).toBe(
        'Your sales kit holds 2 files, the most it may: delete one to add “Pricing.md”.',
      );
      expect(refused!.payload.blob?.size).toBeGreaterThan(0);
      expect(canTryAgain(refused!)).toBe(true);

      globalThis.fetch = realFetch;
      expect((await client.delete(`/api/kit/files/${'a'.repeat(21)}`)).status).toBe(204);
      globalThis.fetch = onPhone;
      expect(await retryKitUpload(db, id)).toBe(true);
      expect(await db.outbox.toArray()).toMatchObject([
        { clientId: id, state: 'queued', attempts: 0 },
      ]);
      expect(await flushKitUpload(db, id)).toMatchObject({ id, name: 'Pricing.md' });
      expect((await storedFiles(user.id)).map((file) => file.name).toSorted()).toEqual([
        'Pricing.md',
        'b.txt',
      ]);
      expect(await sentEntries(db)).toMatchObject([{ clientId: id }]);
      expect((await sentEntries(db))[0]!.payload).not.toHaveProperty('blob');
    } finally {
      db.close();
    }
  });

  it('over the upload limit (429) waits for the server’s Retry-After, even against a forced flush', async () => {
    const calls: string[] = [];
    const { user, client, db } = await phone(calls);
    try {
      // The rep's 30 uploads in ten minutes, made on another device (one file, sent again and
      // again: each try counts). TestClient uses the global fetch.
      const onPhone = globalThis.fetch;
      globalThis.fetch = realFetch;
      for (let i = 0; i < 30; i++) {
        const res = await client.put(
          `/api/kit/files/${'n'.repeat(21)}`,
          new TextEncoder().encode('Note'),
          {
            headers: { 'x-file-name': 'note.txt' },
          },
        );
        expect(res.status).toBe(i === 0 ? 201 : 200);
      }
      globalThis.fetch = onPhone;
      const id = await queueKitFile(db, {
        name: 'Pricing.md',
        type: 'text/markdown',
        blob: new Blob(['# Pricing\n\n$49 a seat a month.'], { type: 'text/markdown' }),
      });

      const before = Date.now();
      expect(await flushKitUpload(db, id)).toBeUndefined();

      const [entry] = await db.outbox.toArray();
      expect(entry).toMatchObject({ clientId: id, state: 'queued', attempts: 1 });
      expect(entry!.lastError).toMatch(/too many/i);
      // Retry-After is the rest of the ten-minute window: minutes, not the backoff's seconds.
      expect(entry!.notBefore).toBeGreaterThan(before + 60_000);
      const puts = () => calls.filter((call) => call.startsWith('PUT ')).length;
      expect(puts()).toBe(1);

      await flushOutbox(db, { [KIT_UPLOAD]: kitUploadHandler }, { force: true });
      expect(puts()).toBe(1);
      expect((await storedFiles(user.id)).map((file) => file.name)).not.toContain('Pricing.md');
    } finally {
      db.close();
    }
  });

  it('sent again after its answer was lost on the way is stored once', async () => {
    const { user, client, db } = await phone();
    try {
      const id = await queueKitFile(db, {
        name: 'Battlecard.pdf',
        type: 'application/pdf',
        blob: await pdfBlob(),
      });
      const { size } = (await db.outbox.toArray())[0]!.payload as { size: number };
      // The server stores the file, and the phone loses the answer (the radio dropped it).
      const reaches = browserFetch(client);
      globalThis.fetch = async (input, init) => {
        const res = await reaches(input, init);
        if (init?.method === 'PUT') throw new TypeError('Failed to fetch');
        return res;
      };

      expect(await flushKitUpload(db, id)).toBeUndefined();
      expect(await db.outbox.toArray()).toMatchObject([
        { clientId: id, state: 'queued', attempts: 1 },
      ]);
      const [first] = await storedFiles(user.id);
      expect(first).toMatchObject({ id, name: 'Battlecard.pdf' });

      globalThis.fetch = reaches;
      const stored = await flushKitUpload(db, id);

      expect(stored).toMatchObject({ id, name: 'Battlecard.pdf', passages: first!.passages });
      expect(await sentEntries(db)).toEqual([
        { clientId: id, payload: { name: 'Battlecard.pdf', type: 'application/pdf', size } },
      ]);
      expect(await storedFiles(user.id)).toEqual([first]);
    } finally {
      db.close();
    }
  });
});
