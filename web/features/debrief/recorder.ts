/**
 * The microphone, recorded into IndexedDB a second at a time: MediaRecorder with a one
 * second timeslice, each chunk stored as it comes (recordingStore.appendChunk), so the page holds no
 * more than the chunk in hand however long the rep talks. A level meter reads the same stream
 * through an AnalyserNode. Permission is asked by `getUserMedia`, only when the rep taps to record.
 */
import type { PitchpadDb, TranscriptTarget } from '../../data/db';
import { appendChunk, deleteRecording, finishRecording, startRecording } from './recordingStore';

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

/** Why a recording stopped by itself: its time or size limit, the microphone taken away, a full phone. */
export type StopReason = 'limit' | 'interrupted' | 'storage';

export interface StartOptions {
  title?: string;
  target?: TranscriptTarget;
  /** The longest recording: it stops by itself then. */
  maxMs: number;
  /** The largest upload the server takes: the recording stops before it. */
  maxBytes: number;
  /** It stopped by itself (what it kept is finished, as by `stop`). */
  onStopped?: (reason: StopReason) => void;
}

/** A recording stops this far under the upload limit (the last chunk may be larger than the rest). */
const BYTES_MARGIN = 0.95;

/**
 * Ask for the microphone and start recording into `db`. Throws a RecorderError when it cannot; then
 * the microphone is released and nothing is kept.
 */
export async function startRecorder(
  db: PitchpadDb,
  { title, target, maxMs, maxBytes, onStopped }: StartOptions,
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
  let id: string | undefined;
  let meter: LevelMeter | undefined;
  try {
    const type = pickType();
    const recorder = new MediaRecorder(stream, {
      ...(type ? { mimeType: type } : {}),
      audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
    });
    id = await startRecording(db, {
      mimeType: recorder.mimeType || type || 'audio/webm',
      ...(title ? { title } : {}),
      ...(target ? { target } : {}),
    });
    meter = levelMeter(stream);
    return record(db, id, stream, recorder, meter, { maxMs, maxBytes, onStopped });
  } catch (error) {
    // Whatever failed after the microphone was granted (no recorder for this browser, a full or
    // closed database): the microphone is released, and a row already made goes.
    stopTracks(stream);
    meter?.close();
    if (id) await deleteRecording(db, id).catch(() => {});
    throw error instanceof RecorderError ? error : new RecorderError('failed');
  }
}

/** Record `stream` into the recording `id` until stopped, or until it stops by itself. */
function record(
  db: PitchpadDb,
  id: string,
  stream: MediaStream,
  recorder: MediaRecorder,
  meter: LevelMeter,
  { maxMs, maxBytes, onStopped }: Pick<StartOptions, 'maxMs' | 'maxBytes' | 'onStopped'>,
): RecorderSession {
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

  // Chunks are stored one after another, in the order they came. One that cannot be stored (the
  // phone is full) stops the recording: what was stored is kept, and the rep is told.
  let writes = Promise.resolve();
  let bytes = 0;
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size === 0) return;
    const at = elapsed();
    bytes += event.data.size;
    writes = writes.then(async () => {
      const kept = await appendChunk(db, id, event.data, at).catch((error: unknown) => {
        console.warn('A recording chunk could not be stored', error);
        return null;
      });
      if (kept === null) stopBecause('storage');
    });
    if (bytes >= maxBytes * BYTES_MARGIN) stopBecause('limit');
  });
  const stopped = new Promise<void>((resolve) => {
    recorder.addEventListener('stop', () => resolve(), { once: true });
  });
  // The microphone taken away (a phone call, unplugged) or the recorder failing ends it as a stop.
  recorder.addEventListener('error', () => stopBecause('interrupted'));
  for (const track of stream.getAudioTracks())
    track.addEventListener('ended', () => stopBecause('interrupted'));

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
  function stopBecause(reason: StopReason) {
    if (stopping) return;
    void stop().then(() => onStopped?.(reason));
  }
  const limit = setTimeout(() => stopBecause('limit'), maxMs);

  recorder.start(CHUNK_MS);
  runningSince = performance.now();
  return { id, level: meter.level, elapsed, stop };
}

function stopTracks(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop();
}

interface LevelMeter {
  level: () => number;
  close: () => void;
}

/** The microphone's loudness, read when asked (no timer of its own): RMS of the wave, scaled to 0–1. */
function levelMeter(stream: MediaStream): LevelMeter {
  const Context = globalThis.AudioContext ?? undefined;
  if (!Context) return { level: () => 0, close: () => {} };
  const context = new Context();
  // Made after the permission prompt, outside the tap: Safari starts such a context suspended.
  void context.resume().catch(() => {});
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
