// The voice debrief. A recording made on the device (offline too), uploaded once through
// the outbox, transcribed by any OpenAI-compatible speech endpoint. Shared by the API and the web app.

/** A recording's id: what the device makes (nanoid's alphabet, 21 characters), so a replay is one. */
export const RECORDING_ID = /^[A-Za-z0-9_-]{21}$/;

/** The header the meeting's name travels in (URI-encoded, optional): 'Freightly', 'Dana at Acme'. */
export const RECORDING_TITLE_HEADER = 'x-recording-title';
/** The header the recording's length travels in, in whole milliseconds (optional, as the device measured it). */
export const RECORDING_DURATION_HEADER = 'x-recording-duration-ms';
/** The longest meeting name kept. */
export const RECORDING_TITLE_MAX = 120;

/** The containers the server takes, judged by their bytes (never by the Content-Type alone). */
export type AudioContainer = 'webm' | 'ogg' | 'mp4' | 'wav' | 'mp3';

/**
 * Where a recording stands on the server.
 *  - transcribed: the transcript is stored (a replay answers it, with no second model call);
 *  - no_speech: the speech model heard nothing (a silent recording): a replay answers the same.
 */
export type RecordingStatus = 'transcribed' | 'no_speech';

/** A recording as the server keeps it: never its audio, which stays on the rep's device. */
export interface RecordingView {
  id: string;
  /** The meeting's name the rep gave, or null. */
  title: string | null;
  container: AudioContainer;
  bytes: number;
  /** As the device measured it; null when it did not say. */
  durationMs: number | null;
  status: RecordingStatus;
  /** The transcript ('' for no_speech). */
  transcript: string;
  createdAt: string;
  transcribedAt: string;
}

/**
 * PUT /api/recordings/:id with the audio's bytes as the body: 201 with the new transcript, 200 for a
 * replay of one already transcribed (the same answer, no second model call).
 */
export interface RecordingResponse {
  recording: RecordingView;
}

/** GET /api/recordings: the rep's transcribed recordings, newest first. */
export interface RecordingsResponse {
  recordings: RecordingView[];
}

/** GET /api/recordings/limits: what this server takes, for the recorder and the debrief screen. */
export interface RecordingLimitsResponse {
  /** The longest recording the recorder makes (DEBRIEF_MAX_MINUTES, default 10). */
  maxSeconds: number;
  /** The largest upload (25 MB, the usual speech API limit). */
  maxBytes: number;
  /** Whether a speech model is configured: TRANSCRIBE_BASE_URL, or the connected chat model's server. */
  speechConfigured: boolean;
}

/** Error codes of these endpoints, for the web app to branch on. */
export const RecordingErrorCode = {
  /** The bytes are not audio in a container the server takes. 415. */
  notAudio: 'not_audio',
  /** No bytes at all. 422. */
  empty: 'recording_empty',
  /** Over maxBytes. 413. */
  tooLarge: 'recording_too_large',
  /** The speech model heard no speech. 422; a replay answers the same with no model call. */
  noSpeech: 'no_speech',
  /** No speech model is configured: the device keeps the recording and tries again later. 503. */
  noSpeechModel: 'no_speech_model',
  /** The speech server answered with an error, or could not be reached. 502; tried again later. */
  failed: 'transcription_failed',
  /** The speech server did not answer in time. 504; tried again later. */
  timeout: 'transcription_timeout',
  /** Another request transcribes this recording now. 409 with Retry-After; tried again then. */
  inProgress: 'transcription_in_progress',
  /** Today's transcription allowance is used up. 429 with Retry-After (midnight UTC). */
  budget: 'transcribe_budget',
} as const;
