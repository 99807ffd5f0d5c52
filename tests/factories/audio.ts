// Recordings as the server judges them, by their first bytes: a real WAV of silence, and the real
// opening bytes of the other containers a phone records in (WebM/Opus, Ogg/Opus, M4A, MP3), padded
// to the size a test wants. The fake speech server (tests/fakes/openai.ts) does not decode audio.
import type { AudioContainer } from '../../domain/contract/recordings';

const bytesOf = (...parts: Array<string | number[]>) =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );

/** `head` followed by zeros up to `size` bytes (or as it is when it is longer). */
function padded(head: Uint8Array, size: number): Uint8Array {
  if (head.length >= size) return head;
  const out = new Uint8Array(size);
  out.set(head);
  return out;
}

const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];

/** A real WAV file: `ms` of silence, 16-bit mono PCM at 8 kHz (16 bytes a millisecond, plus 44). */
export const silentWav = (ms = 250): Uint8Array => wavOf(Math.round(8 * ms) * 2);

/** A real WAV file of `data` bytes of silence (44 bytes more in all). */
function wavOf(data: number): Uint8Array {
  const rate = 8000;
  const head = bytesOf(
    'RIFF',
    le32(36 + data),
    'WAVE',
    'fmt ',
    le32(16),
    le16(1), // PCM
    le16(1), // mono
    le32(rate),
    le32(rate * 2),
    le16(2),
    le16(16),
    'data',
    le32(data),
  );
  return padded(head, head.length + data);
}

/** The opening bytes of each container, as MediaRecorder or an encoder writes them. */
const HEADS: Record<Exclude<AudioContainer, 'wav'>, Uint8Array> = {
  // EBML header, DocType 'webm' (what Chrome's MediaRecorder writes first).
  webm: bytesOf(
    [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01],
    [0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84],
    'webm',
    [0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02],
  ),
  // An Ogg page holding Opus's identification header (Firefox).
  ogg: bytesOf(
    'OggS',
    [0, 2],
    Array(8).fill(0),
    [1, 0, 0, 0],
    Array(8).fill(0),
    [1, 19],
    'OpusHead',
    [1, 1],
  ),
  // An ISO media 'ftyp' box of an M4A (Safari and iOS record audio/mp4).
  mp4: bytesOf([0, 0, 0, 0x1c], 'ftyp', 'M4A ', [0, 0, 0, 0], 'M4A ', 'mp42', 'isom'),
  // An ID3v2.4 tag's header, as most MP3 files open.
  mp3: bytesOf('ID3', [4, 0, 0, 0, 0, 0, 0]),
};

/** A recording in `container` of `size` bytes (at least its header). */
export function audioOf(container: AudioContainer, size = 2_000): Uint8Array {
  return container === 'wav' ? wavOf(Math.max(0, size - 44)) : padded(HEADS[container], size);
}

/** An MP3 with no ID3 tag: it opens with an MPEG-1 Layer III frame header (128 kbit/s, 44.1 kHz). */
export const bareMp3 = (size = 2_000) => padded(bytesOf([0xff, 0xfb, 0x90, 0x64]), size);

/** Bytes that are not audio the server takes: a PNG, a PDF, text, raw AAC (ADTS, no container). */
export const NOT_AUDIO: Record<string, Uint8Array> = {
  png: bytesOf([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], Array(20).fill(0)),
  pdf: bytesOf('%PDF-1.7\n%âãÏÓ\n'),
  text: bytesOf('Met Dana at Freightly, she wants a pilot.'),
  adts: bytesOf([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]),
};
