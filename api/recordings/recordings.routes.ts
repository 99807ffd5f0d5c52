import { randomUUID } from 'node:crypto';
import { Router } from '@koa/router';
import {
  RECORDING_DURATION_HEADER,
  RECORDING_ID,
  RECORDING_TITLE_HEADER,
  RECORDING_TITLE_MAX,
  RecordingErrorCode,
  type RecordingLimitsResponse,
  type RecordingResponse,
  type RecordingsResponse,
} from '../../domain/contract/recordings';
import {
  RECORDING_UPLOAD_WINDOW_MS,
  RECORDING_UPLOADS_PER_USER,
  TRANSCRIPT_STORED_MAX_CHARS,
} from '../../domain/limits';
import type { AppContext, AppDeps, AppState } from '../context';
import { AppError, InvalidRequest, NotFound, RateLimited } from '../errors';
import { ErrorCode } from '../../domain/contract/errors';
import type { LiveGateway } from '../llm/live';
import { formatWait, utcDay } from '../llm/budget';
import { expectedUser } from '../middleware/expectedUser';
import { rateLimit } from '../middleware/rateLimit';
import { requireUser, userOf } from '../middleware/requireUser';
import { audioContainer } from './audio';
import {
  claimRecording,
  deleteRecording,
  finishRecording,
  findRecording,
  heartbeat,
  listRecordings,
  refundTranscription,
  releaseRecording,
  reserveTranscription,
  transcribedBytes,
  type StoredRecording,
} from './recordings.sql';
import { currentSpeechServer, transcribe, TranscriptionError } from './speech';

/** Where a recording is uploaded to: its body is the audio's bytes, not JSON (app.ts leaves it unread). */
export const RECORDING_UPLOAD_PATH = /^\/api\/recordings\/[^/]+$/;

/**
 * A request transcribing a recording says so this often; one silent for STALE_S has died (its
 * process ended mid-call) and the next upload of the recording takes it over.
 */
const HEARTBEAT_MS = 5_000;
const STALE_S = 30;
/** When a device whose recording another request transcribes now asks again. */
const IN_PROGRESS_RETRY_S = 10;

const mb = (bytes: number) => `${Math.round(bytes / 100_000) / 10} MB`;

const noSpeech = () =>
  new AppError(422, RecordingErrorCode.noSpeech, 'We heard no speech in this recording.');

const inProgress = () =>
  new AppError(
    409,
    RecordingErrorCode.inProgress,
    'This recording is being transcribed now: its transcript comes shortly.',
    { 'Retry-After': String(IN_PROGRESS_RETRY_S) },
  );

/** 429 transcribe_budget until midnight UTC (Retry-After in seconds). */
function budgetExceeded(resetsAt: Date, allowance: number, now = Date.now()): AppError {
  const seconds = Math.max(1, Math.ceil((resetsAt.getTime() - now) / 1000));
  return new AppError(
    429,
    RecordingErrorCode.budget,
    `You've used today's transcription allowance (${mb(allowance)} of recordings). It resets at 00:00 UTC (${formatWait(resetsAt, now)}); your recording waits on your device until then.`,
    { 'Retry-After': String(seconds) },
  );
}

/**
 * A recording already on the server, answered without reading the body or asking the model: its
 * transcript (200, true), no speech again (422), or, while another request transcribes it, 409.
 * One whose transcribing request died is not answered here (false): this request takes it over.
 */
function answerStored(ctx: AppContext, stored: StoredRecording): boolean {
  if (stored.state === 'transcribing') {
    if (stored.heartbeatAge < STALE_S) throw inProgress();
    return false;
  }
  if (stored.view.status === 'no_speech') throw noSpeech();
  ctx.status = 200;
  ctx.body = { recording: stored.view } satisfies RecordingResponse;
  return true;
}

const badTitle = () =>
  InvalidRequest(
    `${RECORDING_TITLE_HEADER}: must be the meeting's name, URI-encoded, at most ${RECORDING_TITLE_MAX} characters`,
  );

/** The meeting's name, from its header: URI-encoded text, at most RECORDING_TITLE_MAX characters; null when absent or blank. */
function recordingTitle(ctx: AppContext): string | null {
  const raw = ctx.get(RECORDING_TITLE_HEADER);
  if (!raw) return null;
  let title: string;
  try {
    title = decodeURIComponent(raw).trim();
  } catch {
    throw badTitle();
  }
  if (title.length > RECORDING_TITLE_MAX || /\p{Cc}/u.test(title) || !title.isWellFormed())
    throw badTitle();
  return title || null;
}

/** The recording's length as the device measured it (whole milliseconds), or null. */
function recordingDuration(ctx: AppContext): number | null {
  const raw = ctx.get(RECORDING_DURATION_HEADER).trim();
  if (!raw) return null;
  if (!/^\d{1,9}$/.test(raw))
    throw InvalidRequest(
      `${RECORDING_DURATION_HEADER}: must be the recording's length in whole milliseconds`,
    );
  return Number(raw);
}

/**
 * The body, up to `max` bytes: past it (by Content-Length before a byte is read, or as it arrives
 * for a body sent in chunks) a 413. Held in memory once, never written to disk.
 */
async function recordingBytes(ctx: AppContext, max: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw tooLarge(max);
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

const tooLarge = (max: number) =>
  new AppError(
    413,
    RecordingErrorCode.tooLarge,
    `The recording is larger than ${mb(max)}, the most the server takes.`,
  );

/** Uploads read or transcribed at once: per rep, and per instance (each holds up to 25 MB). */
const UPLOADS_IN_FLIGHT_PER_USER = 2;
const UPLOADS_IN_FLIGHT = 8;
const SLOT_RETRY_S = 10;

/**
 * The uploads this instance holds now. A rep's third at once is a 429, any upload past the
 * instance's eighth a 503, both with Retry-After and before the body is read: thirty parallel
 * uploads of one account cannot hold 750 MB of the server's memory.
 */
function uploadSlots() {
  const byUser = new Map<number, number>();
  let total = 0;
  return {
    take(userId: number): () => void {
      const mine = byUser.get(userId) ?? 0;
      if (mine >= UPLOADS_IN_FLIGHT_PER_USER)
        throw RateLimited(
          SLOT_RETRY_S,
          'Two of your recordings are being transcribed: this one goes next.',
        );
      if (total >= UPLOADS_IN_FLIGHT)
        throw new AppError(
          503,
          ErrorCode.unavailable,
          'The server is transcribing many recordings: yours goes in a moment.',
          { 'Retry-After': String(SLOT_RETRY_S) },
        );
      byUser.set(userId, mine + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (byUser.get(userId) ?? 1) - 1;
        if (left > 0) byUser.set(userId, left);
        else byUser.delete(userId);
      };
    },
  };
}

/**
 * The voice debrief: PUT a recording's audio under the id its device gave it, and get
 * its transcript (the audio is never stored); list, read and delete the transcripts; the limits.
 * `live`: the gateway Settings → Model rebuilds (null when a test hands the app its own), whose
 * server is the speech server's default.
 */
export function recordingRoutes(live: LiveGateway | null) {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/recordings' });
  const slots = uploadSlots();
  // Queued uploads name their owner: never transcribed into another account.
  router.use(expectedUser());

  router.get('/', requireUser(), async (ctx) => {
    const body: RecordingsResponse = { recordings: await listRecordings(ctx.pool, userOf(ctx).id) };
    ctx.body = body;
  });

  router.get('/limits', requireUser(), async (ctx) => {
    const { maxSeconds, maxBytes } = ctx.config.transcribe;
    const body: RecordingLimitsResponse = {
      maxSeconds,
      maxBytes,
      speechConfigured: (await currentSpeechServer(ctx, live)) !== null,
    };
    ctx.body = body;
  });

  router.get('/:id', requireUser(), async (ctx) => {
    const stored = await findRecording(ctx.pool, userOf(ctx).id, ctx.params.id!);
    if (stored?.state !== 'done') throw NotFound('Recording');
    ctx.body = { recording: stored.view } satisfies RecordingResponse;
  });

  const uploadsPerUser = rateLimit(
    {
      name: 'recordings:upload',
      limit: RECORDING_UPLOADS_PER_USER,
      windowMs: RECORDING_UPLOAD_WINDOW_MS,
    },
    (ctx) => String(userOf(ctx).id),
  );

  router.put('/:id', requireUser(), uploadsPerUser, async (ctx) => {
    const user = userOf(ctx);
    const id = ctx.params.id!;
    if (!RECORDING_ID.test(id)) throw InvalidRequest('id: must be a 21-character id');
    const title = recordingTitle(ctx);
    const durationMs = recordingDuration(ctx);
    const { maxBytes, dailyBytes } = ctx.config.transcribe;

    // Before the body is read: a queued upload sent again is answered with what is stored, with no
    // audio read and no model call; then whatever refuses the upload whatever its bytes.
    const before = await findRecording(ctx.pool, user.id, id);
    if (before && answerStored(ctx, before)) return;
    if (Number(ctx.get('content-length') || 0) > maxBytes) throw tooLarge(maxBytes);
    const server = await currentSpeechServer(ctx, live);
    if (!server)
      throw new AppError(
        503,
        RecordingErrorCode.noSpeechModel,
        'Transcription needs a speech model, which this server does not have yet: whoever runs it can connect one in Settings → Model.',
      );
    const { day, resetsAt } = utcDay();
    if (dailyBytes !== null && (await transcribedBytes(ctx.pool, user.id, day)) >= dailyBytes)
      throw budgetExceeded(resetsAt, dailyBytes);

    // Each upload holds its whole body in memory (25 MB at most) while it is read and transcribed.
    const release = slots.take(user.id);
    try {
      const bytes = await recordingBytes(ctx, maxBytes);
      if (!bytes.length)
        throw new AppError(
          422,
          RecordingErrorCode.empty,
          'This recording is empty: nothing was recorded.',
        );
      const container = audioContainer(bytes);
      if (!container)
        throw new AppError(
          415,
          RecordingErrorCode.notAudio,
          'This is not a recording Pitchpad can transcribe: it takes WebM, Ogg, MP4 (M4A), WAV and MP3 audio.',
        );

      // One request transcribes a recording: the one whose claim lands; any other answers what is there.
      const claim = randomUUID();
      const facts = { id, title, container, bytes: bytes.length, durationMs };
      if (!(await claimRecording(ctx.pool, user.id, facts, claim, STALE_S))) {
        const now = await findRecording(ctx.pool, user.id, id);
        if (now && answerStored(ctx, now)) return;
        throw inProgress();
      }
      if (!(await reserveTranscription(ctx.pool, user.id, day, bytes.length, dailyBytes))) {
        await releaseRecording(ctx.pool, user.id, id, claim);
        throw budgetExceeded(resetsAt, dailyBytes!);
      }

      const started = performance.now();
      const beat = setInterval(() => {
        heartbeat(ctx.pool, user.id, id, claim).catch((err: Error) =>
          ctx.log.warn(`recording ${id}: its heartbeat failed: ${err.message}`),
        );
      }, HEARTBEAT_MS);
      let heard: string;
      try {
        heard = await transcribe(server, { bytes, container });
      } catch (error) {
        clearInterval(beat);
        // Nothing kept of a failed call: the device's next upload of it transcribes it anew, and the
        // bytes count against no allowance.
        await releaseRecording(ctx.pool, user.id, id, claim);
        await refundTranscription(ctx.pool, user.id, day, bytes.length);
        if (!(error instanceof TranscriptionError)) throw error;
        ctx.log.warn(`recording ${id} of user ${user.id}: ${error.message}`);
        throw new AppError(
          error.kind === 'timeout' ? 504 : 502,
          error.kind === 'timeout' ? RecordingErrorCode.timeout : RecordingErrorCode.failed,
          error.message,
        );
      } finally {
        clearInterval(beat);
      }
      const transcript = heard
        .replaceAll('\u0000', '')
        .trim()
        .slice(0, TRANSCRIPT_STORED_MAX_CHARS);
      const view = await finishRecording(ctx.pool, user.id, id, claim, {
        status: transcript ? 'transcribed' : 'no_speech',
        transcript,
      });
      ctx.log.info(
        `recording ${id} of user ${user.id}: ${bytes.length} bytes of ${container} transcribed in ${Math.round(performance.now() - started)} ms`,
      );
      if (!view) {
        // Taken over meanwhile (this request was thought dead) or deleted by the rep: what is there.
        const now = await findRecording(ctx.pool, user.id, id);
        if (now && answerStored(ctx, now)) return;
        throw NotFound('Recording');
      }
      if (view.status === 'no_speech') throw noSpeech();
      ctx.status = 201;
      ctx.body = { recording: view } satisfies RecordingResponse;
    } finally {
      release();
    }
  });

  router.delete('/:id', requireUser(), async (ctx) => {
    if (!(await deleteRecording(ctx.pool, userOf(ctx).id, ctx.params.id!)))
      throw NotFound('Recording');
    ctx.status = 204;
  });

  return router;
}
