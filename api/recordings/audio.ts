// What a recording is, judged by its first bytes (never by the Content-Type a client sends): the
// containers a browser's MediaRecorder writes (WebM/Opus on Chrome and Android, MP4/AAC on Safari
// and iOS, Ogg/Opus on Firefox) and the files a rep could have from elsewhere (WAV, MP3). Each is
// one the usual speech APIs take, under the file name and type it is sent with.
import type { AudioContainer } from '../../domain/contract/recordings';

/** The name and type a container is sent to the speech server with: its extension is what OpenAI reads. */
export const CONTAINER_FILE: Record<AudioContainer, { name: string; type: string }> = {
  webm: { name: 'recording.webm', type: 'audio/webm' },
  ogg: { name: 'recording.ogg', type: 'audio/ogg' },
  mp4: { name: 'recording.m4a', type: 'audio/mp4' },
  wav: { name: 'recording.wav', type: 'audio/wav' },
  mp3: { name: 'recording.mp3', type: 'audio/mpeg' },
};

const ascii = (bytes: Uint8Array, from: number, text: string) =>
  bytes.length >= from + text.length &&
  [...text].every((c, i) => bytes[from + i] === c.charCodeAt(0));

/**
 * An MPEG audio frame header (an MP3 without an ID3 tag): 11 sync bits, then a version and a layer
 * that exist (AAC's ADTS header has layer 00, which is not MPEG audio), a bitrate that is not 'bad'
 * and a sample rate that is not reserved.
 */
function mpegFrame(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || (bytes[1]! & 0xe0) !== 0xe0) return false;
  const version = (bytes[1]! >> 3) & 0b11;
  const layer = (bytes[1]! >> 1) & 0b11;
  const bitrate = bytes[2]! >> 4;
  const sampleRate = (bytes[2]! >> 2) & 0b11;
  return version !== 0b01 && layer !== 0b00 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

/** The container `bytes` are in, or null when they are not audio the server takes. */
export function audioContainer(bytes: Uint8Array): AudioContainer | null {
  // EBML's magic number: WebM (Matroska's subset) is what MediaRecorder writes; a Matroska file goes too.
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return 'webm';
  if (ascii(bytes, 0, 'OggS')) return 'ogg';
  // An ISO media file opens with its 'ftyp' box: MP4, M4A (AAC), 3GP, QuickTime's audio.
  if (ascii(bytes, 4, 'ftyp')) return 'mp4';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return 'wav';
  if (ascii(bytes, 0, 'ID3') || mpegFrame(bytes)) return 'mp3';
  return null;
}
