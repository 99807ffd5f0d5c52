/**
 * The microphone, recorded into IndexedDB a second at a time (issue 23): MediaRecorder with a one
 * second timeslice, each chunk stored as it comes (recordingStore.appendChunk), so the page holds no
 * more than the chunk in hand however long the rep talks. A level meter reads the same stream
 * through an AnalyserNode. Permission is asked by `getUserMedia`, only when the rep taps to record.
 */
import type { PitchpadDb, TranscriptTarget } from '../../data/db';
import { appendChunk, finishRecording, startRecording } from './recordingStore';

/** Why the recorder could not start, for the screen to say in words. */
export type RecorderProblem =
  /** The rep or the browser refused the microphone. */
  | 'denied'
  /** No microphone on this device. */
  | 'no-microphone'
  /** This browser cannot record (no MediaRecorder, or the page is not https). */
  | 'unsupported'
  /** The microphone is busy or failed (another app holds it). */
  | 'failed';

/** The recorder could not start: `problem` says why. */
export class RecorderError extends Error {
  override name = 'RecorderError';
  constructor(readonly problem: RecorderProblem) {
    super(`The recorder could not start: ${problem}`);
  }
}

/** A running recording. */
export interface RecorderSession {
  id: string;
  /** The microphone's level now, 0–1 (for the meter). */
  level(): number;
  /** Milliseconds recorded so far. */
  elapsed(): number;
  /**
   * Stop, store the last chunk and close the microphone. Answers whether the recording has audio
   * (one with none is dropped).
   */
  stop(): Promise<boolean>;
}

/** Chunks of a second: a closed app loses at most the one being recorded. */
export const CHUNK_MS = 1_000;
/** Speech needs little: 32 kb/s Opus is about 2.4 MB for 10 minutes, far under the 25 MB limit. */
const AUDIO_BITS_PER_SECOND = 32_000;

/** The types tried, in order: Opus in WebM (Chromium, Firefox), MP4/AAC (Safari), Ogg. */
const CANDIDATE_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/mp4',
  'audio/ogg;codecs=opus',
];

/** Whether this browser can record at all (the button is offered only then). */
export function canRecord(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    typeof MediaRecorder !== 'undefined'
  );
}

function pickType(): string {
  return CANDIDATE_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
}

/** A failed getUserMedia, as a problem the screen explains. */
export function problemOf(error: unknown): RecorderProblem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-microphone';
  if (name === 'NotSupportedError') return 'unsupported';
  return 'failed';
}

export interface StartOptions {
  title?: string;
  target?: TranscriptTarget;
  /** The longest recording: it stops by itself then (onLimit is told). */
  maxMs: number;
  onLimit?: () => void;
}

/**
 * Ask for the microphone and start recording into `db`. Throws a RecorderError when it cannot.
 */
export async function startRecorder(
  db: PitchpadDb,
  { title, target, maxMs, onLimit }: StartOptions,
): Promise<RecorderSession> {
  if (!canRecord()) throw new RecorderError('unsupported');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
  } catch (error) {
    throw new RecorderError(problemOf(error));
  }
  const type = pickType();
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, {
      ...(type ? { mimeType: type } : {}),
      audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
    });
  } catch {
    stopTracks(stream);
    throw new RecorderError('unsupported');
  }
  const id = await startRecording(db, {
    mimeType: recorder.mimeType || type || 'audio/webm',
    ...(title ? { title } : {}),
    ...(target ? { target } : {}),
  });
  const meter = levelMeter(stream);

  // Time recorded, paused or not: the clock runs only while recording (a phone call may pause it).
  let recordedMs = 0;
  let runningSince = performance.now();
  const elapsed = () =>
    recordedMs + (recorder.state === 'recording' ? performance.now() - runningSince : 0);
  recorder.addEventListener('pause', () => {
    recordedMs += performance.now() - runningSince;
  });
  recorder.addEventListener('resume', () => {
    runningSince = performance.now();
  });

  // Chunks are stored one after another, in the order they came.
  let writes = Promise.resolve();
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size === 0) return;
    const at = elapsed();
    writes = writes.then(async () => {
      await appendChunk(db, id, event.data, at).catch((error: unknown) => {
        console.warn('A recording chunk could not be stored', error);
      });
    });
  });
  const stopped = new Promise<void>((resolve) => {
    recorder.addEventListener('stop', () => resolve(), { once: true });
  });

  let stopping: Promise<boolean> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      clearTimeout(limit);
      if (recorder.state !== 'inactive') recorder.stop();
      await stopped;
      stopTracks(stream);
      meter.close();
      await writes;
      return finishRecording(db, id);
    })();
    return stopping;
  };
  const limit = setTimeout(() => {
    void stop().then(() => onLimit?.());
  }, maxMs);

  recorder.start(CHUNK_MS);
  runningSince = performance.now();
  return { id, level: meter.level, elapsed, stop };
}

function stopTracks(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop();
}

/** The microphone's loudness, read when asked (no timer of its own): RMS of the wave, scaled to 0–1. */
function levelMeter(stream: MediaStream): { level: () => number; close: () => void } {
  const Context = globalThis.AudioContext ?? undefined;
  if (!Context) return { level: () => 0, close: () => {} };
  const context = new Context();
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  return {
    level() {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) {
        const centred = (sample - 128) / 128;
        sum += centred * centred;
      }
      // Speech sits around 0.05–0.3 RMS: scaled so talking fills most of the meter.
      return Math.min(1, Math.sqrt(sum / samples.length) * 4);
    },
    close() {
      void context.close().catch(() => {});
    },
  };
}
