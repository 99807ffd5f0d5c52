// Voice debriefs on the device (recordingStore.ts, transcriptTargets.ts) on fake-indexeddb: what the
// phone keeps while recording, after a crash, when queued and deleted, and where a transcript goes.
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { RecordingErrorCode } from '../../../domain/contract/recordings';
import { ApiError, RateLimitedError, UnauthorizedError } from '../../data/api';
import { PitchpadDb } from '../../data/db';
import { loadDraft } from '../../data/drafts';
import { countUnsentWork } from '../../data/unsentWork';
import { loadFlowProgress } from '../playbooks/flowDrafts';
import {
  ABANDONED_AFTER_MS,
  answerForRecording,
  cleanTitle,
  mayTryNow,
  appendChunk,
  deleteRecording,
  finishRecording,
  isCutOff,
  queueRecording,
  RECORDING_UPLOAD,
  recordingAudio,
  recordingLine,
  startRecording,
  transcribeRetryDelay,
} from './recordingStore';
import { claimTranscript, pendingTranscriptsFor, watchTranscript } from './transcriptTargets';
import { applyWaitingTranscripts } from '../../app/transcripts';

let n = 0;
const freshDb = () => new PitchpadDb(`recordings-test-${++n}`);
const bytes = (text: string) => new Blob([text], { type: 'audio/webm' });

/** A recording of `chunks` stored a second apart, finished unless `running`. */
async function recorded(
  db: PitchpadDb,
  chunks: string[],
  { running = false, target = undefined as Parameters<typeof startRecording>[1]['target'] } = {},
) {
  const id = await startRecording(db, {
    mimeType: 'audio/webm;codecs=opus',
    title: '  Freightly \n pilot ',
    ...(target ? { target } : {}),
  });
  for (const [i, chunk] of chunks.entries())
    await appendChunk(db, id, bytes(chunk), (i + 1) * 1000);
  if (!running) await finishRecording(db, id);
  return id;
}

describe('a recording on the device', () => {
  it('keeps its chunks in order as they come, with its length and size, and plays them as one', async () => {
    const db = freshDb();
    const id = await recorded(db, ['one', 'two', 'three']);
    const row = await db.recordings.get(id);
    expect(row).toMatchObject({
      state: 'ready',
      title: 'Freightly pilot',
      chunks: 3,
      bytes: 11,
      durationMs: 3000,
    });
    const audio = await recordingAudio(db, id);
    expect(audio!.type).toBe('audio/webm');
    expect(await audio!.text()).toBe('onetwothree');
  });

  it('cut off by a closed app, keeps every chunk stored so far and is offered back once no chunk has come for a while', async () => {
    const db = freshDb();
    const id = await recorded(db, ['a', 'b'], { running: true });
    const row = (await db.recordings.get(id))!;
    expect(isCutOff(row, row.updatedAt + 1000)).toBe(false);
    expect(isCutOff(row, row.updatedAt + ABANDONED_AFTER_MS + 1)).toBe(true);
    // 'Keep it'
    expect(await finishRecording(db, id)).toBe(true);
    expect(await (await recordingAudio(db, id))!.text()).toBe('ab');
  });

  it('with no audio at all is not kept, and a chunk for a discarded recording is dropped', async () => {
    const db = freshDb();
    const empty = await recorded(db, []);
    expect(await db.recordings.get(empty)).toBeUndefined();

    const id = await recorded(db, ['a'], { running: true });
    expect(await deleteRecording(db, id)).toBe(true);
    expect(await appendChunk(db, id, bytes('late'), 2000)).toBe(false);
    expect(await db.recordingChunks.count()).toBe(0);
  });

  it('is queued once on its own line, counts as unsent work until transcribed, and deleting it drops its place in the outbox', async () => {
    const db = freshDb();
    const id = await recorded(db, ['a']);
    expect((await countUnsentWork(db)).recordings).toBe(1);
    expect(await queueRecording(db, id)).toBe(true);
    // Already queued: not twice.
    expect(await queueRecording(db, id)).toBe(false);
    const entries = await db.outbox.toArray();
    expect(entries).toMatchObject([
      { clientId: id, kind: RECORDING_UPLOAD, line: recordingLine(id), state: 'queued' },
    ]);
    expect(await db.recordings.get(id)).toMatchObject({ state: 'queued' });

    expect(await deleteRecording(db, id)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.recordingChunks.count()).toBe(0);
    expect((await countUnsentWork(db)).recordings).toBe(0);
  });

  it('on its way to the server is not deleted (the server may be transcribing it)', async () => {
    const db = freshDb();
    const id = await recorded(db, ['a']);
    await queueRecording(db, id);
    await db.outbox.where('clientId').equals(id).modify({ state: 'sending' });
    expect(await deleteRecording(db, id)).toBe(false);
    expect(await db.recordings.get(id)).toBeDefined();
  });
});

const failure = (status: number, code: string, message = 'Nope') =>
  new ApiError(message, status, { message, code });

describe('the rep’s own words', () => {
  it('keep a meeting’s name to one line of 120 characters, never cut inside a character', () => {
    expect(cleanTitle('  Dana \n at   Freightly ')).toBe('Dana at Freightly');
    const emoji = `${'x'.repeat(119)}🚚 and more`;
    expect(cleanTitle(emoji)).toBe('x'.repeat(119));
    expect(() => encodeURIComponent(cleanTitle(emoji))).not.toThrow();
    expect(cleanTitle('lone \uD83D surrogate')).toBe('lone \uFFFD surrogate');
  });

  it('may try a waiting recording now, but not before a time the server named', () => {
    const entry = { state: 'queued', notBefore: 2_000 } as Parameters<typeof mayTryNow>[0];
    expect(mayTryNow(entry, 1_000)).toBe(false);
    expect(mayTryNow(entry, 3_000)).toBe(true);
    expect(mayTryNow({ ...entry, state: 'sending' }, 3_000)).toBe(false);
  });
});

describe('a failed upload', () => {
  it('waits long with no speech model, longer after each speech server failure, briefly while another request transcribes it', () => {
    const now = 1_000;
    expect(
      answerForRecording(failure(503, RecordingErrorCode.noSpeechModel), 1, now),
    ).toMatchObject({
      kind: 'retry',
      delayMs: 15 * 60_000,
    });
    const first = answerForRecording(failure(502, RecordingErrorCode.failed), 1, now);
    const third = answerForRecording(failure(504, RecordingErrorCode.timeout), 3, now);
    expect(first).toMatchObject({ kind: 'retry', delayMs: 20_000 });
    expect(third).toMatchObject({ kind: 'retry', delayMs: 80_000 });
    expect(transcribeRetryDelay(20)).toBe(10 * 60_000);
    expect(answerForRecording(failure(409, RecordingErrorCode.inProgress), 1, now)).toMatchObject({
      kind: 'retry',
      delayMs: 15_000,
    });
  });

  it('is refused for good when no retry would help, and waits for its owner when signed out', () => {
    for (const [status, code] of [
      [415, RecordingErrorCode.notAudio],
      [413, RecordingErrorCode.tooLarge],
      [422, RecordingErrorCode.noSpeech],
    ] as const)
      expect(answerForRecording(failure(status, code), 1, 0)).toMatchObject({ kind: 'refused' });
    const signedOut = answerForRecording(new UnauthorizedError('Signed out', 401, {}), 1, 0);
    expect(signedOut).toMatchObject({ kind: 'retry' });
    expect((signedOut as { detail: unknown }).detail).toBeInstanceOf(UnauthorizedError);
    const budget = answerForRecording(
      new RateLimitedError(
        'Allowance used',
        429,
        { message: 'Allowance used', code: RecordingErrorCode.budget },
        60_000,
      ),
      1,
      1_000,
    );
    expect(budget).toMatchObject({ kind: 'retry', notBefore: 61_000 });
  });
});

async function transcribed(
  db: PitchpadDb,
  target: Parameters<typeof startRecording>[1]['target'],
  transcript: string,
) {
  const id = await recorded(db, ['a'], { target });
  await db.recordings.update(id, { state: 'transcribed', transcript });
  return id;
}

describe('a transcript back for a field', () => {
  it('goes into the call analysis’ saved transcript answer, after what was typed, once', async () => {
    const db = freshDb();
    const { saveFlowAnswer } = await import('../playbooks/flowDrafts');
    await saveFlowAnswer(db, 'call', 'transcript', 'Typed before.');
    const id = await transcribed(
      db,
      { kind: 'flow', flow: 'call', answer: 'transcript' },
      'Dana: We need it by March.',
    );
    expect(await applyWaitingTranscripts(db)).toBe(1);
    expect((await loadFlowProgress(db, 'call'))!.answers!.transcript).toBe(
      'Typed before.\n\nDana: We need it by March.',
    );
    // Never twice: not by the sync again, not by the screen.
    expect(await applyWaitingTranscripts(db)).toBe(0);
    expect(await claimTranscript(db, id)).toBeNull();
  });

  it('waits for a flow with nothing saved to be opened, and never fills a run of the flow begun after its own finished', async () => {
    const db = freshDb();
    const { saveFlowAnswer, clearFlowProgress } = await import('../playbooks/flowDrafts');
    const target = { kind: 'flow', flow: 'call', answer: 'transcript' } as const;
    const waiting = await transcribed(db, target, 'Waits for the field.');
    // Nothing saved of the call analysis: the field takes it when the flow opens (MicButton).
    expect(await applyWaitingTranscripts(db)).toBe(0);
    expect((await pendingTranscriptsFor(db, target)).map((r) => r.id)).toEqual([waiting]);

    // The rep finishes that call analysis without it: the transcript stays on /debrief only.
    await saveFlowAnswer(db, 'call', 'transcript', 'Typed instead.');
    await clearFlowProgress(db, 'call');
    expect(await pendingTranscriptsFor(db, target)).toEqual([]);
    await saveFlowAnswer(db, 'call', 'transcript', 'The next meeting.');
    expect(await applyWaitingTranscripts(db)).toBe(0);
    expect((await loadFlowProgress(db, 'call'))!.answers!.transcript).toBe('The next meeting.');
    expect(await db.recordings.get(waiting)).toMatchObject({ transcript: 'Waits for the field.' });
  });

  it('goes into a chat’s message box as one line', async () => {
    const db = freshDb();
    await transcribed(db, { kind: 'chat', chatId: 'chat-1' }, 'Line one.\nLine two.');
    await applyWaitingTranscripts(db);
    expect((await loadDraft(db, 'chat:chat-1'))?.text).toBe('Line one. Line two.');
  });

  it('is left to the field on screen while it waits for it', async () => {
    const db = freshDb();
    const id = await transcribed(db, { kind: 'chat' }, 'On screen.');
    const stop = watchTranscript(id);
    expect(await applyWaitingTranscripts(db)).toBe(0);
    expect(await claimTranscript(db, id)).toBe('On screen.');
    stop();
    expect(await loadDraft(db, 'chat:new')).toBeNull();
  });
});
