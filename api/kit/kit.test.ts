import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_FILE_NAME_HEADER } from '../../domain/contract/kit';
import { EXPECTED_USER_HEADER } from '../../domain/contract/session';
import { TestClient } from '../../tests/support/client';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { loggedInClient } from '../../tests/factories/users';
import { breakKitReader } from '../../tests/support/brokenReader';
import { captureLog } from '../../tests/support/logs';
import { TEXT_SEARCH_CONFIGS } from './textSearch';
import {
  docxBomb,
  docxHiddenBomb,
  docxOf,
  encryptedPdf,
  pdfOf,
  pdfOfSpaces,
  scannedPdf,
} from '../../tests/factories/documents';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ KIT_MAX_FILES: '3', KIT_MAX_FILE_MB: '2' });
});
afterAll(() => server?.close());

const newId = () => randomBytes(16).toString('base64url').slice(0, 21);
const upload = (client: TestClient, name: string, bytes: Uint8Array, id = newId()) =>
  client.put(`/api/kit/files/${id}`, bytes, {
    headers: { [KIT_FILE_NAME_HEADER]: encodeURIComponent(name) },
  });
const search = async (client: TestClient, query: string) =>
  (await client.post('/api/kit/search', { query })).body.passages as {
    id: string;
    fileName: string;
    page: number | null;
    text: string;
  }[];

async function storedFor(
  userId: number,
  on: TestServer = server,
): Promise<{ files: number; passages: number }> {
  const { rows } = await on.pool.query<{ files: number; passages: number }>(
    `SELECT (SELECT count(*)::int FROM kit_files WHERE user_id = $1) AS files,
            (SELECT count(*)::int FROM kit_passages WHERE user_id = $1) AS passages`,
    [userId],
  );
  return rows[0]!;
}

const caseStudy = [
  ['Freightly overview', 'Freightly books dock appointments for mid-size shippers.'],
  [
    'Case study: Acme Logistics',
    'Acme Logistics cut dock wait times by 40 percent in six weeks.',
    'Their operations lead said detention fees fell to almost nothing.',
  ],
  ['Pricing', 'Freightly costs $49 a seat a month, billed yearly.'],
];

/** A sentence said 25 times: a paragraph long enough to be a passage of its own. */
const filler = (sentence: string) => ` ${sentence}`.repeat(25);

describe('the sales kit', () => {
  it('answers 401 with no session on every route, and stores nothing', async () => {
    const guest = new TestClient(server.url);
    expect((await guest.get('/api/kit/files')).status).toBe(401);
    expect((await guest.get('/api/kit/limits')).status).toBe(401);
    expect((await upload(guest, 'deck.pdf', await pdfOf(caseStudy))).status).toBe(401);
    expect((await guest.delete(`/api/kit/files/${newId()}`)).status).toBe(401);
    expect((await guest.post('/api/kit/search', { query: 'dock' })).status).toBe(401);
    expect((await guest.get('/api/kit/passages/1')).status).toBe(401);
  });

  it('reads a PDF page by page: listed, searched with its page, a passage opened; sent twice, stored once', async () => {
    const { client, user } = await loggedInClient(server);
    const id = newId();
    const res = await upload(client, 'Acme case study.pdf', await pdfOf(caseStudy), id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id, name: 'Acme case study.pdf', kind: 'pdf', pages: 3 });

    const [best] = await search(client, 'how much did Acme cut wait times');
    expect(best).toMatchObject({ fileName: 'Acme case study.pdf', page: 2 });
    expect(best!.text).toContain('Acme Logistics cut dock wait times by 40 percent');
    expect((await client.get(`/api/kit/passages/${best!.id}`)).body.text).toBe(best!.text);

    // A queued upload delivered again (its answer was lost): the same file, not a second one.
    const again = await upload(client, 'Acme case study.pdf', await pdfOf(caseStudy), id);
    expect(again.status).toBe(200);
    expect((await client.get('/api/kit/files')).body).toHaveLength(1);
    expect((await storedFor(user.id)).files).toBe(1);
  });

  it('reads a Word document and a Markdown file, stemming words (pricing finds "priced")', async () => {
    const { client } = await loggedInClient(server);
    const docx = await upload(
      client,
      'Battlecard.docx',
      await docxOf([
        'Battlecard: Freightly vs DockPro',
        'DockPro is priced per dock door, which punishes growing warehouses.',
      ]),
    );
    expect(docx.status).toBe(201);
    expect(docx.body).toMatchObject({ kind: 'docx', pages: null });
    const md = await upload(
      client,
      'objections.md',
      new TextEncoder().encode('# Objections\n\nToo expensive? Detention fees cost more.\n'),
    );
    expect(md.status).toBe(201);
    expect((await search(client, 'pricing'))[0]).toMatchObject({ fileName: 'Battlecard.docx' });
    expect((await search(client, 'detention fees'))[0]).toMatchObject({
      fileName: 'objections.md',
      page: null,
    });
  });

  it.each([
    [
      'a PDF named .docx',
      'deck.docx',
      () => pdfOf(caseStudy),
      '“deck.docx” is not a Word document (DOCX): its contents are a PDF.',
    ],
    [
      'text named .pdf',
      'deck.pdf',
      async () => new TextEncoder().encode('just text'),
      '“deck.pdf” is not a PDF: its contents are a text or Markdown file.',
    ],
    [
      'binary named .txt',
      'notes.txt',
      async () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]),
      '“notes.txt” is not a text or Markdown file: its contents are something else.',
    ],
    [
      'an encrypted PDF',
      'pricing.pdf',
      encryptedPdf,
      '“pricing.pdf” is password-protected: save it without a password and upload it again.',
    ],
    [
      'a damaged PDF',
      'broken.pdf',
      async () => new TextEncoder().encode('%PDF-1.4\nnot really a PDF\n'),
      '“broken.pdf” is a damaged PDF: it could not be read.',
    ],
    ['a scanned PDF', 'scan.pdf', () => scannedPdf(), 'No text found in “scan.pdf”: is it a scan?'],
    [
      'a zip bomb',
      'bomb.docx',
      async () => docxBomb(60),
      '“bomb.docx” unpacks to more than 50 MB: it is not an ordinary Word document.',
    ],
    [
      'a zip bomb hidden from a reader going from the front (its central directory points inside a stored entry)',
      'hidden.docx',
      async () => docxHiddenBomb(60),
      '“hidden.docx” unpacks to more than 50 MB: it is not an ordinary Word document.',
    ],
    [
      'a PDF of more than 500 pages',
      'long.pdf',
      () => pdfOf(Array.from({ length: 501 }, (_, i) => [`Page ${i + 1}`])),
      '“long.pdf” has 501 pages: Pitchpad reads documents of at most 500.',
    ],
    ['an empty file', 'empty.md', async () => new Uint8Array(), '“empty.md” is empty.'],
    [
      'a program',
      'setup.exe',
      async () => new Uint8Array([0x4d, 0x5a, 0x90]),
      '“setup.exe” is not a file Pitchpad reads: upload a PDF, a Word document (.docx), Markdown (.md) or plain text (.txt).',
    ],
  ])(
    'refuses %s with a 422 saying what is wrong, and stores nothing',
    async (_, name, make, message) => {
      const { client, user } = await loggedInClient(server);
      const res = await upload(client, name, await make());
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'file_unreadable', message });
      expect(await storedFor(user.id)).toEqual({ files: 0, passages: 0 });
    },
  );

  it('tells the screen its limits: the configured number of files and bytes a file', async () => {
    const { client } = await loggedInClient(server);
    const res = await client.get('/api/kit/limits');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ maxFiles: 3, maxFileBytes: 2_000_000 });
  });

  it('refuses a file over the size limit (413) and one over the count (409), naming the limit', async () => {
    const { client, user } = await loggedInClient(server);
    const big = new TextEncoder().encode('Freightly. '.repeat(200_000));
    const tooLarge = await upload(client, 'big.txt', big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('The file is larger than 2 MB, the most a file may be.');
    for (const n of [1, 2, 3])
      expect(
        (await upload(client, `note ${n}.txt`, new TextEncoder().encode(`Note ${n}`))).status,
      ).toBe(201);
    const fourth = await upload(client, 'note 4.txt', new TextEncoder().encode('Note 4'));
    expect(fourth.status).toBe(409);
    expect(fourth.body).toMatchObject({
      code: 'too_many_files',
      message: 'Your sales kit holds 3 files, the most it may: delete one to add “note 4.txt”.',
    });
    expect(await storedFor(user.id)).toEqual({ files: 3, passages: 3 });
  });

  it('reads a Word document whose directory understates a part no further than the size it states', async () => {
    const { client, user } = await loggedInClient(server);
    // Stated as 1,000 bytes, 60 MB of data: what passes the first 1,000 is dropped, never held.
    const res = await upload(client, 'short.docx', docxHiddenBomb(60, 1_000));
    expect(res.status).toBe(201);
    expect((await search(client, 'hi')).map((p) => p.text)).toEqual(['hi']);
    expect(await storedFor(user.id)).toEqual({ files: 1, passages: 1 });
  });

  it('answers a file sent again and a full kit before reading the body: no file is read to be refused', async () => {
    const { client, user } = await loggedInClient(server);
    const first = newId();
    expect(
      (await upload(client, 'note 1.txt', new TextEncoder().encode('Note 1'), first)).status,
    ).toBe(201);
    // The same id again: what is stored, whatever the body (a retry's body is not read).
    const again = await upload(client, 'note 1.txt', await encryptedPdf(), first);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first, name: 'note 1.txt', kind: 'text' });
    for (const n of [2, 3])
      await upload(client, `note ${n}.txt`, new TextEncoder().encode(`Note ${n}`));
    // A full kit: 409 before the file is read (a password-protected PDF would be a 422).
    const full = await upload(client, 'pricing.pdf', await encryptedPdf());
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('too_many_files');
    expect(await storedFor(user.id)).toEqual({ files: 3, passages: 3 });
  });

  it('limits a rep to 30 uploads in 10 minutes (429)', async () => {
    const { client, user } = await loggedInClient(server);
    const id = newId();
    const note = new TextEncoder().encode('Note');
    for (let n = 1; n <= 30; n++)
      expect((await upload(client, 'note.txt', note, id)).status).toBeLessThan(300);
    const over = await upload(client, 'other.txt', note);
    expect(over.status).toBe(429);
    expect(await storedFor(user.id)).toEqual({ files: 1, passages: 1 });
  });

  it('stores the search configuration by name: no reg* column, which pg_upgrade refuses; a name not known refused', async () => {
    // pg_upgrade refuses user tables holding reg* types other than regclass, regrole and regtype.
    const { rows: regColumns } = await server.pool.query(
      `SELECT c.relname, a.attname, t.typname
         FROM pg_attribute a
         JOIN pg_class c ON c.oid = a.attrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_type t ON t.oid = a.atttypid
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'm') AND a.attnum > 0 AND NOT a.attisdropped
          AND t.typname LIKE 'reg%' AND t.typname NOT IN ('regclass', 'regrole', 'regtype')`,
    );
    expect(regColumns).toEqual([]);
    const { client, user } = await loggedInClient(server);
    const md = await upload(
      client,
      'notes.md',
      new TextEncoder().encode('Detention fees cost more.'),
    );
    expect(md.status).toBe(201);
    const { rows } = await server.pool.query<{ config: string; tsv: string }>(
      `SELECT f.config, p.tsv::text AS tsv FROM kit_files f JOIN kit_passages p ON p.file_id = f.id AND p.user_id = f.user_id
        WHERE f.user_id = $1`,
      [user.id],
    );
    expect(rows).toEqual([{ config: 'english', tsv: "'cost':3 'detent':1 'fee':2" }]);
    for (const config of TEXT_SEARCH_CONFIGS) {
      // A configuration Postgres (and PGlite) has, which the CHECK lets through.
      await server.pool.query(`SELECT to_tsvector($1::regconfig, 'x')`, [config]);
      await server.pool.query(
        `INSERT INTO kit_files (user_id, id, name, kind, bytes, passages, config)
         VALUES ($1, $2, 'x.md', 'text', 1, 0, $2)`,
        [user.id, config],
      );
    }
    await expect(
      server.pool.query(
        `INSERT INTO kit_files (user_id, id, name, kind, bytes, passages, config)
         VALUES ($1, 'klingon', 'x.md', 'text', 1, 0, 'klingon')`,
        [user.id],
      ),
    ).rejects.toThrow(/check/i);
  });

  it('refuses a missing or bad name and a bad id with a 400 naming it', async () => {
    const { client } = await loggedInClient(server);
    const bytes = new TextEncoder().encode('Note');
    const noName = await client.put(`/api/kit/files/${newId()}`, bytes);
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain(`${KIT_FILE_NAME_HEADER}: the file's name is required`);
    const badName = await client.put(`/api/kit/files/${newId()}`, bytes, {
      headers: { [KIT_FILE_NAME_HEADER]: '%E0%A4%A' },
    });
    expect(badName.status).toBe(400);
    const badId = await upload(client, 'note.txt', bytes, 'short');
    expect(badId.status).toBe(400);
    expect(badId.body.message).toContain('id: must be a 21-character id');
    expect((await client.post('/api/kit/search', { query: '  ' })).status).toBe(400);
  });

  it('finds passages with all the words first, and takes any query a rep can type', async () => {
    const { client } = await loggedInClient(server);
    // Paragraphs long enough to be passages of their own.
    const paragraphs = [
      `Dock wait times are the pain.${filler('Trucks queue at the gate.')}`,
      `Acme cut dock wait times by 40 percent.${filler('Drivers were happier.')}`,
      `Acme pays yearly.${filler('Invoices go out in January.')}`,
    ];
    await upload(client, 'notes.md', new TextEncoder().encode(paragraphs.join('\n\n')));
    const found = await search(client, 'Acme dock wait');
    expect(found.map((p) => p.text.split('.')[0])).toEqual([
      'Acme cut dock wait times by 40 percent',
      'Dock wait times are the pain',
      'Acme pays yearly',
    ]);
    for (const query of [
      "'; DROP TABLE kit_files; --",
      '-',
      '""',
      'a:* | b & !',
      'the of and',
      '🙂',
    ])
      expect((await client.post('/api/kit/search', { query })).status).toBe(200);
    expect((await client.get('/api/kit/files')).body).toHaveLength(1);
  });

  it('ranks by the words that tell passages apart: a name on every page lifts no page that repeats it', async () => {
    const { client } = await loggedInClient(server);
    const paragraphs = [
      `Freightly pricing.${filler('Freightly Freightly Freightly.')}`,
      `Pricing by the seat, pricing tiers and yearly pricing at Freightly.${filler('Seats are counted monthly.')}`,
      ...Array.from(
        { length: 100 },
        (_, i) => `Freightly note ${i}.${filler('Freightly books dock slots.')}`,
      ),
    ];
    await upload(client, 'notes.md', new TextEncoder().encode(paragraphs.join('\n\n')));
    const found = await search(client, 'Freightly pricing');
    expect(found.slice(0, 2).map((p) => p.text.split('.')[0])).toEqual([
      'Pricing by the seat, pricing tiers and yearly pricing at Freightly',
      'Freightly pricing',
    ]);
  });

  it('deleting a file deletes its passages at once; another rep can neither delete, read nor find it', async () => {
    const alice = await loggedInClient(server);
    const bob = await loggedInClient(server);
    const id = newId();
    await upload(alice.client, 'Acme case study.pdf', await pdfOf(caseStudy), id);
    const [passage] = await search(alice.client, 'Acme wait times');

    expect(await search(bob.client, 'Acme wait times')).toEqual([]);
    expect((await bob.client.get(`/api/kit/passages/${passage!.id}`)).status).toBe(404);
    expect((await bob.client.get('/api/kit/files')).body).toEqual([]);
    expect((await bob.client.delete(`/api/kit/files/${id}`)).status).toBe(404);
    // Alice's upload queued on a browser where Bob is signed in now is refused, not stored as Bob's.
    const crossed = await bob.client.put(
      `/api/kit/files/${newId()}`,
      new TextEncoder().encode('Alice notes'),
      {
        headers: {
          [KIT_FILE_NAME_HEADER]: 'notes.txt',
          [EXPECTED_USER_HEADER]: String(alice.user.id),
        },
      },
    );
    expect(crossed.status).toBe(409);
    expect(await storedFor(bob.user.id)).toEqual({ files: 0, passages: 0 });

    expect((await alice.client.delete(`/api/kit/files/${id}`)).status).toBe(204);
    expect(await storedFor(alice.user.id)).toEqual({ files: 0, passages: 0 });
    expect(await search(alice.client, 'Acme wait times')).toEqual([]);
    expect((await alice.client.delete(`/api/kit/files/${id}`)).status).toBe(404);
  });
});

describe('files too costly to read', () => {
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startTestServer({ KIT_EXTRACT_TIMEOUT_S: '1', KIT_MAX_FILE_MB: '5' });
  });
  afterAll(() => slow?.close());

  it('ends the reading of a PDF that takes too long (422), the server answering meanwhile', async () => {
    const { client, user } = await loggedInClient(slow);
    // Under a megabyte: one page whose text unpacks to 300 MB of spaces.
    const hostile = pdfOfSpaces(300);
    expect(hostile.length).toBeLessThan(1_000_000);
    const pending = upload(client, 'deck.pdf', hostile);
    expect((await client.get('/api/kit/files')).status).toBe(200);
    const res = await pending;
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'file_unreadable',
      message: '“deck.pdf” is too large or complex to read: reading it took longer than 1 seconds.',
    });
    expect(await storedFor(user.id, slow)).toEqual({ files: 0, passages: 0 });
  });

  it('refuses a file of more than 5,000 passages, naming the limit', async () => {
    const { client, user } = await loggedInClient(slow);
    // Paragraphs of 700 characters: each a passage of its own.
    const paragraph = 'Freightly books docks. '.repeat(30).slice(0, 700);
    const text = Array.from({ length: 5_001 }, () => paragraph).join('\n\n');
    const res = await upload(client, 'everything.txt', new TextEncoder().encode(text));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      '“everything.txt” holds more text than Pitchpad keeps of a file (5,000 passages): split it into smaller documents.',
    );
    expect(await storedFor(user.id, slow)).toEqual({ files: 0, passages: 0 });
  });
});

describe('a reader that fails for a reason that is not the file', () => {
  const captured = captureLog('warn');
  let broken: TestServer;
  beforeAll(async () => {
    broken = await startTestServer({}, { log: captured.log });
  });
  afterAll(() => broken?.close());

  it('answers 503 (the device sends the file again later), stores nothing, logs why; mended, the same upload is stored', async () => {
    const { client, user } = await loggedInClient(broken);
    const id = newId();
    const reader = breakKitReader();
    let res;
    try {
      res = await upload(client, 'Acme case study.pdf', await pdfOf(caseStudy), id);
    } finally {
      reader.restore();
    }
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      code: 'unavailable',
      message: 'Pitchpad could not read “Acme case study.pdf” just now: it will try again shortly.',
    });
    expect(await storedFor(user.id, broken)).toEqual({ files: 0, passages: 0 });
    const failed = captured
      .entries()
      .find((e) => e.msg === 'kit: the reader failed, not for the file');
    expect(failed).toMatchObject({ level: 50, kind: 'pdf', exit: 1 });
    expect(failed!.stderr).toContain('Error: the reader is broken');

    const again = await upload(client, 'Acme case study.pdf', await pdfOf(caseStudy), id);
    expect(again.status).toBe(201);
    expect((await storedFor(user.id, broken)).files).toBe(1);
  });
});
