import { describe, expect, it } from 'vitest';
import { fileProblem, kindOfName } from './kitFiles';

describe('sales kit: a picked file is checked before it is queued', () => {
  it('takes a PDF, a Word document, Markdown and text, by their names', () => {
    expect(kindOfName('Deck.PDF')).toBe('pdf');
    expect(kindOfName('Case study.docx')).toBe('docx');
    expect(kindOfName('battlecard.md')).toBe('text');
    expect(kindOfName('pricing.txt')).toBe('text');
    expect(fileProblem({ name: 'Deck.pdf', size: 10_000_000 })).toBeNull();
  });

  it('names the file and what is wrong: a kind Pitchpad does not read, empty, too large', () => {
    expect(fileProblem({ name: 'Pricing.xlsx', size: 2000 })).toBe(
      '“Pricing.xlsx” is not a file Pitchpad reads: upload a PDF, a Word document (.docx), Markdown (.md) or plain text (.txt).',
    );
    // A name ending in a word every object knows is no kind either.
    expect(fileProblem({ name: 'notes.constructor', size: 2000 })).toBe(
      '“notes.constructor” is not a file Pitchpad reads: upload a PDF, a Word document (.docx), Markdown (.md) or plain text (.txt).',
    );
    expect(fileProblem({ name: 'notes.txt', size: 0 })).toBe('“notes.txt” is empty.');
    expect(fileProblem({ name: 'Deck.pdf', size: 12_340_000 })).toBe(
      '“Deck.pdf” is 12.3 MB: a file may be at most 10 MB.',
    );
  });

  it('holds a file to the limit the server said', () => {
    const limits = { maxFiles: 3, maxFileBytes: 2_000_000 };
    expect(fileProblem({ name: 'Deck.pdf', size: 2_000_000 }, limits)).toBeNull();
    expect(fileProblem({ name: 'Deck.pdf', size: 2_500_000 }, limits)).toBe(
      '“Deck.pdf” is 2.5 MB: a file may be at most 2 MB.',
    );
  });
});
