import { describe, expect, it } from 'vitest';
import {
  TRANSCRIPT_WRONG_TYPE,
  appendAttachedText,
  decodeTranscript,
  transcriptFileProblem,
} from './attach';

describe('transcriptFileProblem', () => {
  it.each(['call.txt', 'notes.md', 'Zoom Meeting.VTT', 'captions.srt'])('reads %s', (name) => {
    expect(transcriptFileProblem({ name, size: 1000 })).toBeNull();
  });

  it.each(['call.pdf', 'call.docx', 'transcript', 'call.vtt.exe'])(
    'refuses %s as not a text transcript',
    (name) => {
      expect(transcriptFileProblem({ name, size: 1000 })).toBe(TRANSCRIPT_WRONG_TYPE);
    },
  );

  it('reads a file of exactly 200 kB and refuses a larger one, saying its size', () => {
    expect(transcriptFileProblem({ name: 'call.vtt', size: 200 * 1024 })).toBeNull();
    expect(transcriptFileProblem({ name: 'call.vtt', size: 200 * 1024 + 1 })).toBe(
      'That file is 201 kB; a transcript can be at most 200 kB.',
    );
    expect(transcriptFileProblem({ name: 'call.vtt', size: 340 * 1024 })).toBe(
      'That file is 340 kB; a transcript can be at most 200 kB.',
    );
  });
});

describe('appendAttachedText', () => {
  it('fills an empty field', () => {
    expect(appendAttachedText('  ', 'Dana: Hi.', 100)).toEqual({ value: 'Dana: Hi.', note: null });
  });

  it('keeps what was typed and adds the text after a blank line', () => {
    expect(appendAttachedText('Discovery call, Freightly\n', 'Dana: Hi.', 100)).toEqual({
      value: 'Discovery call, Freightly\n\nDana: Hi.',
      note: null,
    });
  });

  it('cuts what does not fit and says so', () => {
    const { value, note } = appendAttachedText('abc', 'x'.repeat(2000), 1000);
    expect(value).toHaveLength(1000);
    expect(value.startsWith('abc\n\nxxx')).toBe(true);
    expect(note).toBe(
      "Only the first 995 of the transcript's 2,000 characters fit; the rest was left out.",
    );
  });
});

/** `text` as UTF-16 bytes after a byte-order mark, as Windows Notepad saves "Unicode". */
const utf16 = (text: string, littleEndian: boolean) => {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set(littleEndian ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes.set(littleEndian ? [code & 0xff, code >> 8] : [code >> 8, code & 0xff], 2 + i * 2);
  }
  return bytes;
};

describe('decodeTranscript', () => {
  it('reads UTF-8, with or without a byte-order mark', () => {
    expect(decodeTranscript(new TextEncoder().encode('Dana: We’re on Salesforce.'))).toBe(
      'Dana: We’re on Salesforce.',
    );
    expect(
      decodeTranscript(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Hi')])),
    ).toBe('Hi');
  });

  it("reads Windows Notepad's UTF-16, little- and big-endian", () => {
    expect(decodeTranscript(utf16('Sam: Pricing is the issue.', true))).toBe(
      'Sam: Pricing is the issue.',
    );
    expect(decodeTranscript(utf16('Sam: Pricing is the issue.', false))).toBe(
      'Sam: Pricing is the issue.',
    );
  });

  it('refuses a file that is not text: NUL bytes, or mostly invalid UTF-8', () => {
    expect(decodeTranscript(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02]))).toBeNull();
    expect(
      decodeTranscript(new Uint8Array(Array.from({ length: 64 }, (_, i) => 0x80 + (i % 64)))),
    ).toBeNull();
  });
});
