import { describe, expect, it } from 'vitest';
import {
  docxOf,
  pdfOf,
  pdfOfLines,
  pdfOfSpaces,
  pdfWithNoPageListed,
} from '../../tests/factories/documents';
import { KIT_FILE_TYPES, notAKitFile } from '../../domain/contract/kit';
import { breakKitReader } from '../../tests/support/brokenReader';
import { captureLog } from '../../tests/support/logs';
import {
  extractText,
  KitFileError,
  KitReaderError,
  PASSAGE_MAX_CHARS,
  READER_STDERR_MAX_CHARS,
  splitPassages,
} from './extract';

/** A paragraph of `n` lines of about 70 characters, each a sentence about `topic`. */
const paragraph = (topic: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) => `The ${topic} rule number ${i + 1} keeps shippers and carriers on the same page.`,
  );

const heading = (text: string) => ({ text, size: 16 });

describe('a PDF cut into passages at its headings and paragraphs', () => {
  it('starts each passage at a heading or a paragraph, with its page, never cutting one in two', async () => {
    const pricing = paragraph('pricing', 9);
    const support = paragraph('support', 9);
    const overview = paragraph('overview', 2);
    const onboarding = paragraph('onboarding', 3);
    const pdf = await pdfOf([
      // A heading in larger type right above its paragraph; a paragraph's space before the next heading.
      [heading('Pricing'), ...pricing, '', heading('Support'), ...support],
      // A heading in the text's own type, told apart by the space above it.
      [...overview, '', 'Onboarding', ...onboarding],
    ]);

    const passages = splitPassages((await extractText('deck.pdf', pdf)).pages);

    expect(passages).toEqual([
      { page: 1, text: `Pricing\n\n${pricing.join('\n')}` },
      // Both paragraphs together are more than a passage: the second heading goes with its own.
      { page: 1, text: `Support\n\n${support.join('\n')}` },
      { page: 2, text: `${overview.join('\n')}\n\nOnboarding\n${onboarding.join('\n')}` },
    ]);
    expect(`${pricing.join('\n')}\n\nSupport\n\n${support.join('\n')}`.length).toBeGreaterThan(
      PASSAGE_MAX_CHARS,
    );
  });
});

describe('a reader that runs out of memory', () => {
  it('refuses the file as too large or complex to read, and the server reads the next one', async () => {
    // A page whose text unpacks to 50 MB, read with a heap of 4 MB: the reader's process dies of it.
    await expect(
      extractText('deck.pdf', pdfOfSpaces(50), { heapMb: 4, timeoutMs: 60_000 }),
    ).rejects.toThrow(
      '“deck.pdf” is too large or complex to read: it needs more memory than a file may.',
    );
    const next = await extractText('next.pdf', await pdfOf([['Freightly books docks.']]));
    expect(next.pages).toEqual([{ page: 1, text: 'Freightly books docks.' }]);
  });
});

describe('a page of very many lines', () => {
  it('reads all 200,000 lines of one page', async () => {
    const { pages } = await extractText('log.pdf', pdfOfLines(200_000), { timeoutMs: 60_000 });
    const lines = pages[0]!.text.split('\n');
    expect(lines).toHaveLength(200_000);
    expect([lines[0], lines.at(-1)]).toEqual(['Line 1', 'Line 200000']);
  });
});

describe('a reader that fails for a reason that is not the file', () => {
  it('is a KitReaderError, not a refusal of the file, its stderr logged with its start and end kept', async () => {
    const captured = captureLog();
    const broken = breakKitReader({ noise: 50_000 });
    let failure: unknown;
    try {
      await extractText('deck.pdf', await pdfOf([['Freightly books docks.']]), {
        log: captured.log,
      }).catch((error: unknown) => (failure = error));
      await expect(
        extractText('battlecard.docx', await docxOf(['Freightly vs DockPro'])),
      ).rejects.toBeInstanceOf(KitReaderError);
    } finally {
      broken.restore();
    }
    expect(failure).toBeInstanceOf(KitReaderError);
    expect(failure).not.toBeInstanceOf(KitFileError);
    const [entry, ...more] = captured.entries();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ level: 50, kind: 'pdf', exit: 1 });
    const stderr = String(entry!.stderr);
    expect(stderr.length).toBeLessThan(READER_STDERR_MAX_CHARS + 100);
    expect(stderr.startsWith('.....')).toBe(true);
    expect(stderr).toContain('characters left out');
    expect(stderr).toContain('Error: the reader is broken');

    // Mended, the reader reads the same file.
    const again = await extractText('deck.pdf', await pdfOf([['Freightly books docks.']]));
    expect(again.pages).toEqual([{ page: 1, text: 'Freightly books docks.' }]);
  });
});

describe('a PDF the reader fails on with an error of no known kind', () => {
  it('is refused for good, naming the file, when the reader still reads a known-good PDF', async () => {
    const failure = await extractText('pipeline.pdf', pdfWithNoPageListed()).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(KitFileError);
    expect((failure as Error).message).toBe(
      '“pipeline.pdf” could not be read: the PDF reader fails on this file. Save it again as a PDF (print it to PDF) and upload the copy.',
    );
  });

  it('is tried again later when the reader cannot read the known-good PDF either', async () => {
    const broken = breakKitReader();
    try {
      await expect(extractText('pipeline.pdf', pdfWithNoPageListed())).rejects.toBeInstanceOf(
        KitReaderError,
      );
    } finally {
      broken.restore();
    }
  });
});

describe('the kinds of file the kit reads are the contract’s list', () => {
  const LINE = 'Freightly books docks.';
  const bytesOf = async (kind: string) =>
    kind === 'pdf'
      ? pdfOf([[LINE]])
      : kind === 'docx'
        ? docxOf([LINE])
        : new TextEncoder().encode(LINE);

  it.each(KIT_FILE_TYPES.flatMap(({ kind, extensions }) => extensions.map((ext) => [ext, kind])))(
    'reads a .%s file as %s',
    async (ext, kind) => {
      const extracted = await extractText(`battlecard.${ext}`, await bytesOf(kind));
      expect(extracted).toEqual({ kind, pages: [{ page: kind === 'pdf' ? 1 : null, text: LINE }] });
    },
  );

  it('refuses a file of a kind the contract does not list, in the contract’s words', async () => {
    for (const name of ['deck.pptx', 'notes', 'notes.constructor'])
      await expect(extractText(name, await bytesOf('text'))).rejects.toThrow(notAKitFile(name));
  });
});
