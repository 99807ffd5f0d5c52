import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECORDING_DURATION_HEADER,
  RECORDING_TITLE_HEADER,
  type AudioContainer,
} from '../../domain/contract/recordings';
import { CSRF_HEADER } from '../../domain/contract/errors';
import { EXPECTED_USER_HEADER } from '../../domain/contract/session';
import { RECORDING_MAX_BYTES } from '../../domain/limits';
import { withLocalModel } from '../llm/localModel';
import { captureLog } from '../../tests/support/logs';
import { DEFAULT_TRANSCRIPT, startFakeOpenAI, type FakeOpenAI } from '../../tests/fakes/openai';
import { audioOf, bareMp3, NOT_AUDIO, silentWav } from '../../tests/factories/audio';
import { shortId } from '../../tests/factories/accountData';
import { loggedInClient } from '../../tests/factories/users';
import { TestClient } from '../../tests/support/client';
import { startAnotherInstance, startTestServer, type TestServer } from '../../tests/support/server';

let fake: FakeOpenAI;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  // The chat model's server is the speech server (TRANSCRIBE_BASE_URL unset); a short timeout.
  server = await startTestServer({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    LLM_MODELS: 'gpt-4o',
    TRANSCRIBE_TIMEOUT_S: '1.5',
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const upload = (
  client: TestClient,
  bytes: Uint8Array,
  id = shortId(),
  headers: Record<string, string> = {},
) =>
  client.put(`/api/recordings/${id}`, bytes, {
    headers: { 'content-type': 'audio/webm', ...headers },
  });

async function rowOf(userId: number, id: string, on: TestServer = server) {
  const { rows } = await on.pool.query(
    'SELECT title, container, bytes, duration_ms, status, transcript, claim FROM recordings WHERE user_id = $1 AND id = $2',
    [userId, id],
  );
  return rows[0] as Record<string, unknown> | undefined;
}

async function usageOf(userId: number): Promise<number> {
  const { rows } = await server.pool.query(
    'SELECT coalesce(sum(bytes), 0)::int AS n FROM transcription_usage WHERE user_id = $1',
    [userId],
  );
  return rows[0].n;
}

/** The speech model's calls during `run`. */
async function callsDuring<T>(run: () => Promise<T>, on = fake) {
  const before = on.transcriptions.length;
  const result = await run();
  return { result, calls: on.transcriptions.slice(before) };
}

/**
 * A PUT by hand (node:http), for what fetch does not send: a Content-Length larger than what is
 * written, or a body in chunks. Writes `chunks` one by one until the server answers.
 */
async function rawPut(
  client: TestClient,
  path: string,
  opts: { contentLength?: number; chunks: Iterable<Uint8Array> },
): Promise<{ status: number; body: any; written: number }> {
  const token = await client.token();
  const url = new URL(client.baseUrl + path);
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'PUT',
        headers: {
          'content-type': 'audio/webm',
          'x-forwarded-for': client.ip,
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          [CSRF_HEADER]: token,
          ...(opts.contentLength === undefined
            ? { 'transfer-encoding': 'chunked' }
            : { 'content-length': String(opts.contentLength) }),
        },
      },
      (res) => {
        answered = true;
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), written }));
        res.on('error', reject);
      },
    );
    // The server may close the connection once it has answered: not this test's failure.
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const chunks = opts.chunks[Symbol.iterator]();
    const writeNext = () => {
      if (answered) return;
      const next = chunks.next();
      if (next.done) {
        if (opts.contentLength === undefined) req.end();
        return;
      }
      written += next.value.length;
      if (req.write(next.value)) setImmediate(writeNext);
      else req.once('drain', writeNext);
    };
    writeNext();
  });
}

function* megabytes(count: number, head = audioOf('webm', 1_000_000)) {
  yield head;
  for (let i = 1; i < count; i++) yield new Uint8Array(1_000_000);
}

describe('recordings: the voice debrief on the server', () => {
  it('answers 401 with no session on every route, and calls no model', async () => {
    const guest = new TestClient(server.url);
    const { calls } = await callsDuring(async () => {
      expect((await guest.get('/api/recordings')).status).toBe(401);
      expect((await guest.get('/api/recordings/limits')).status).toBe(401);
      expect((await guest.get(`/api/recordings/${shortId()}`)).status).toBe(401);
      expect((await upload(guest, audioOf('webm'))).status).toBe(401);
      expect((await guest.delete(`/api/recordings/${shortId()}`)).status).toBe(401);
    });
    expect(calls).toHaveLength(0);
  });

  it('transcribes a recording: 201 with the transcript, stored with its title and length (never its audio); the speech model got the bytes', async () => {
    const { client, user } = await loggedInClient(server);
    const id = shortId();
    const audio = audioOf('webm', 4_321);
    const { result: res, calls } = await callsDuring(() =>
      upload(client, audio, id, {
        [RECORDING_TITLE_HEADER]: encodeURIComponent('Dana at Freightly — Q3 pilot'),
        [RECORDING_DURATION_HEADER]: '61500',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.recording).toEqual({
      id,
      title: 'Dana at Freightly — Q3 pilot',
      container: 'webm',
      bytes: 4_321,
      durationMs: 61_500,
      status: 'transcribed',
      transcript: DEFAULT_TRANSCRIPT,
      createdAt: expect.any(String),
      transcribedAt: expect.any(String),
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      model: 'whisper-1',
      filename: 'recording.webm',
      contentType: 'audio/webm',
      bytes: 4_321,
      responseFormat: 'json',
      // The chat model's key, to the chat model's own server.
      authorization: 'Bearer sk-test',
    });
    expect(new Uint8Array(calls[0]!.audio)).toEqual(audio);
    expect(await rowOf(user.id, id)).toEqual({
      title: 'Dana at Freightly — Q3 pilot',
      container: 'webm',
      bytes: 4_321,
      duration_ms: 61_500,
      status: 'transcribed',
      transcript: DEFAULT_TRANSCRIPT,
      claim: null,
    });
    // No column of the table can hold the audio.
    const { rows } = await server.pool.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'recordings' AND data_type = 'bytea'`,
    );
    expect(rows).toEqual([]);
    expect((await client.get(`/api/recordings/${id}`)).body).toEqual(res.body);
    expect((await client.get('/api/recordings')).body).toEqual({
      recordings: [res.body.recording],
    });
    expect(await usageOf(user.id)).toBe(4_321);
  });

  it.each<[AudioContainer, Uint8Array, string, string]>([
    ['webm', audioOf('webm'), 'recording.webm', 'audio/webm'],
    ['ogg', audioOf('ogg'), 'recording.ogg', 'audio/ogg'],
    ['mp4', audioOf('mp4'), 'recording.m4a', 'audio/mp4'],
    ['wav', silentWav(100), 'recording.wav', 'audio/wav'],
    ['mp3', audioOf('mp3'), 'recording.mp3', 'audio/mpeg'],
    ['mp3', bareMp3(), 'recording.mp3', 'audio/mpeg'],
  ])(
    'takes %s audio by its bytes, whatever the Content-Type says, and names it so to the speech model',
    async (container, bytes, filename, type) => {
      const { client } = await loggedInClient(server);
      const { result: res, calls } = await callsDuring(() =>
        upload(client, bytes, shortId(), { 'content-type': 'application/octet-stream' }),
      );
      expect(res.status).toBe(201);
      expect(res.body.recording).toMatchObject({ container, bytes: bytes.length });
      expect(calls.map((c) => [c.filename, c.contentType, c.bytes])).toEqual([
        [filename, type, bytes.length],
      ]);
    },
  );

  it('refuses bytes that are not audio (415) and an empty body (422), naming what it takes; nothing stored, no model call', async () => {
    const { client, user } = await loggedInClient(server);
    const { calls } = await callsDuring(async () => {
      for (const [kind, bytes] of Object.entries(NOT_AUDIO)) {
        const res = await upload(client, bytes, shortId(), { 'content-type': 'audio/webm' });
        expect(res.status, kind).toBe(415);
        expect(res.body).toEqual({
          code: 'not_audio',
          message:
            'This is not a recording Pitchpad can transcribe: it takes WebM, Ogg, MP4 (M4A), WAV and MP3 audio.',
        });
      }
      const empty = await upload(client, new Uint8Array(0));
      expect(empty.status).toBe(422);
      expect(empty.body).toEqual({
        code: 'recording_empty',
        message: 'This recording is empty: nothing was recorded.',
      });
    });
    expect(calls).toHaveLength(0);
    const { rows } = await server.pool.query('SELECT 1 FROM recordings WHERE user_id = $1', [
      user.id,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('refuses an upload over 25 MB by its Content-Length before reading it, and a chunked one as it arrives (413)', async () => {
    // Its own server with time to send 25 MB to the speech model: this suite's 1.5 s is for the
    // stories of a speech server that does not answer, and 25 MB can take longer on a busy machine.
    const roomy = await startTestServer({
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      LLM_MODELS: 'gpt-4o',
      TRANSCRIBE_TIMEOUT_S: '60',
    });
    try {
      const { client, user } = await loggedInClient(roomy);
      const tooLarge = {
        code: 'recording_too_large',
        message: 'The recording is larger than 25 MB, the most the server takes.',
      };
      const { calls } = await callsDuring(async () => {
        // It says 30 MB and sends 1 MB: answered at once, without waiting for the rest.
        const declared = await rawPut(client, `/api/recordings/${shortId()}`, {
          contentLength: 30_000_000,
          chunks: megabytes(1),
        });
        expect(declared.status).toBe(413);
        expect(declared.body).toEqual(tooLarge);
        // No length said: refused once what arrived passed 25 MB.
        const chunked = await rawPut(client, `/api/recordings/${shortId()}`, {
          chunks: megabytes(40),
        });
        expect(chunked.status).toBe(413);
        expect(chunked.body).toEqual(tooLarge);
        // Exactly the limit is taken.
        const atLimit = await upload(client, audioOf('ogg', RECORDING_MAX_BYTES));
        expect(atLimit.status).toBe(201);
      });
      expect(calls.map((c) => c.bytes)).toEqual([RECORDING_MAX_BYTES]);
      const { rows } = await roomy.pool.query('SELECT bytes FROM recordings WHERE user_id = $1', [
        user.id,
      ]);
      expect(rows).toEqual([{ bytes: RECORDING_MAX_BYTES }]);
    } finally {
      await roomy.close();
    }
  });

  it('answers a replay with the same transcript (200) and no second model call, whatever its body', async () => {
    const { client } = await loggedInClient(server);
    const id = shortId();
    const first = await upload(client, audioOf('mp4'), id);
    expect(first.status).toBe(201);
    const { result: again, calls } = await callsDuring(() =>
      // A replay's body is not read: even bytes that are not audio are answered with what is stored.
      upload(client, NOT_AUDIO.text!, id),
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(calls).toHaveLength(0);
  });

  it('two uploads of one recording at once, on two instances, make ONE model call: the other is told to come back (409 Retry-After), then gets the transcript', async () => {
    const { client, user } = await loggedInClient(server);
    const other = await startAnotherInstance(server);
    const id = shortId();
    fake.enqueueTranscription({ delayMs: 500, text: 'One call only.' });
    const { result, calls } = await callsDuring(() =>
      Promise.all([
        upload(client, audioOf('webm'), id),
        upload(client.at(other.url), audioOf('webm'), id),
      ]),
    ).finally(() => other.close());
    expect(calls).toHaveLength(1);
    expect(result.map((r) => r.status).toSorted()).toEqual([201, 409]);
    const waiting = result.find((r) => r.status === 409)!;
    expect(waiting.body.code).toBe('transcription_in_progress');
    expect(waiting.headers.get('retry-after')).toBe('10');
    const later = await callsDuring(() => upload(client, audioOf('webm'), id));
    expect(later.result.status).toBe(200);
    expect(later.result.body.recording.transcript).toBe('One call only.');
    expect(later.calls).toHaveLength(0);
    expect(await usageOf(user.id)).toBe(2_000);
  });

  it('takes over a recording whose transcribing request died (its heartbeat stopped); one still alive is waited for', async () => {
    const { client, user } = await loggedInClient(server);
    const dead = shortId();
    const alive = shortId();
    await server.pool.query(
      `INSERT INTO recordings (user_id, id, container, bytes, status, claim, heartbeat_at)
       VALUES ($1, $2, 'webm', 10, 'transcribing', 'gone', now() - interval '2 minutes'),
              ($1, $3, 'webm', 10, 'transcribing', 'busy', now())`,
      [user.id, dead, alive],
    );
    const { result, calls } = await callsDuring(async () => [
      await upload(client, audioOf('wav', 3_000), dead),
      await upload(client, audioOf('wav', 3_000), alive),
    ]);
    expect(result.map((r) => r.status)).toEqual([201, 409]);
    expect(calls).toHaveLength(1);
    expect(await rowOf(user.id, dead)).toMatchObject({
      status: 'transcribed',
      bytes: 3_000,
      claim: null,
    });
    expect(await rowOf(user.id, alive)).toMatchObject({ status: 'transcribing', claim: 'busy' });
    // In the hands of a request: not listed, not found.
    expect((await client.get(`/api/recordings/${alive}`)).status).toBe(404);
    expect(
      (await client.get('/api/recordings')).body.recordings.map((r: { id: string }) => r.id),
    ).toEqual([dead]);
  });

  it("keeps recordings per user: Bob cannot read or delete Alice's, and his upload under her id makes his own", async () => {
    const alice = await loggedInClient(server);
    const bob = await loggedInClient(server);
    const id = shortId();
    fake.enqueueTranscription({ text: 'Alice met Acme.' });
    expect((await upload(alice.client, audioOf('webm'), id)).status).toBe(201);
    expect((await bob.client.get(`/api/recordings/${id}`)).status).toBe(404);
    expect((await bob.client.delete(`/api/recordings/${id}`)).status).toBe(404);
    expect((await bob.client.get('/api/recordings')).body).toEqual({ recordings: [] });
    fake.enqueueTranscription({ text: 'Bob met Globex.' });
    const { result: his, calls } = await callsDuring(() => upload(bob.client, audioOf('ogg'), id));
    expect(his.status).toBe(201);
    expect(calls).toHaveLength(1);
    expect(his.body.recording).toMatchObject({
      id,
      transcript: 'Bob met Globex.',
      container: 'ogg',
    });
    expect(await rowOf(alice.user.id, id)).toMatchObject({ transcript: 'Alice met Acme.' });
    expect(await rowOf(bob.user.id, id)).toMatchObject({ transcript: 'Bob met Globex.' });
  });

  it('refuses a request an outbox queued for another account (409 session_mismatch) before reading it', async () => {
    const { client, user } = await loggedInClient(server);
    const res = await upload(client, audioOf('webm'), shortId(), {
      [EXPECTED_USER_HEADER]: String(user.id + 1),
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('session_mismatch');
  });

  it('deletes a recording (204): gone from the list; deleting it again, or one never made, is 404', async () => {
    const { client, user } = await loggedInClient(server);
    const id = shortId();
    await upload(client, audioOf('webm'), id);
    expect((await client.delete(`/api/recordings/${id}`)).status).toBe(204);
    expect(await rowOf(user.id, id)).toBeUndefined();
    expect((await client.get(`/api/recordings/${id}`)).status).toBe(404);
    expect((await client.get('/api/recordings')).body).toEqual({ recordings: [] });
    expect((await client.delete(`/api/recordings/${id}`)).status).toBe(404);
    expect((await client.delete(`/api/recordings/${shortId()}`)).status).toBe(404);
  });

  it('keeps a transcript whole up to 200,000 characters (the client cuts where a flow needs less), without NULs', async () => {
    const { client, user } = await loggedInClient(server);
    const id = shortId();
    const long = `Dana\u0000 said ${'we need a pilot. '.repeat(12_000)}`;
    fake.enqueueTranscription({ text: long });
    const res = await upload(client, audioOf('webm'), id);
    expect(res.status).toBe(201);
    const kept = long.replaceAll('\u0000', '').slice(0, 200_000);
    expect(res.body.recording.transcript).toBe(kept);
    expect((await rowOf(user.id, id))!.transcript).toBe(kept);
  });

  it('lists transcribed and silent recordings, newest first', async () => {
    const { client } = await loggedInClient(server);
    const [a, b, c] = [shortId(), shortId(), shortId()];
    fake.enqueueTranscription({ text: 'First.' }, { text: '' }, { text: 'Third.' });
    await upload(client, audioOf('webm'), a);
    await upload(client, audioOf('webm'), b);
    await upload(client, audioOf('webm'), c);
    const listed = (await client.get('/api/recordings')).body.recordings;
    expect(listed.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [c, 'transcribed'],
      [b, 'no_speech'],
      [a, 'transcribed'],
    ]);
  });

  it('a speech server error is a 502 with a plain reason; nothing is kept or counted, and the retry transcribes', async () => {
    const { client, user } = await loggedInClient(server);
    const id = shortId();
    fake.enqueueTranscription({ status: 500 });
    const { result: failed, calls } = await callsDuring(() => upload(client, audioOf('webm'), id));
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({
      code: 'transcription_failed',
      message: 'The speech server failed (500): Pitchpad will try again.',
    });
    // One request: the SDK does not send the recording again by itself.
    expect(calls).toHaveLength(1);
    expect(await rowOf(user.id, id)).toBeUndefined();
    expect(await usageOf(user.id)).toBe(0);
    fake.enqueueTranscription({ status: 401 });
    const refused = await upload(client, audioOf('webm'), id);
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe(
      "The speech server refused Pitchpad's credentials (401): Pitchpad will try again.",
    );
    const retry = await upload(client, audioOf('webm'), id);
    expect(retry.status).toBe(201);
    expect(await rowOf(user.id, id)).toMatchObject({ status: 'transcribed' });
    expect(await usageOf(user.id)).toBe(2_000);
  });

  it('an e2e scripts the fake speech server over HTTP: a 503 there is a 502 here', async () => {
    const { client } = await loggedInClient(server);
    const scripted = await fetch(`${new URL(fake.url).origin}/__fake/transcriptions`, {
      method: 'POST',
      body: JSON.stringify({ status: 503 }),
    });
    expect(scripted.status).toBe(204);
    const res = await upload(client, audioOf('webm'));
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('The speech server failed (503): Pitchpad will try again.');
  });

  it('counts uploads per rep: past 30 in 10 minutes, 429 rate_limited before anything is read', async () => {
    const { client } = await loggedInClient(server);
    for (let i = 0; i < 30; i++)
      expect((await upload(client, audioOf('webm'), 'bad')).status).toBe(400);
    const { result: res, calls } = await callsDuring(() => upload(client, audioOf('webm')));
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('rate_limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it('holds two uploads of a rep at once: a third is 429 with Retry-After before its body is read, and goes once one is done', async () => {
    const { client, user } = await loggedInClient(server);
    // Both transcriptions are held until the third upload has had its answer.
    let releaseTranscriptions!: () => void;
    const thirdAnswered = new Promise<void>((resolve) => (releaseTranscriptions = resolve));
    fake.enqueueTranscription({ until: thirdAnswered }, { until: thirdAnswered });
    const heardBefore = fake.transcriptions.length;
    const first = upload(client, audioOf('webm'));
    const second = upload(client, audioOf('webm'));
    // Both are at the speech server before the third is sent, so no call of theirs is taken for
    // one of the third's.
    await expect
      .poll(
        async () =>
          (
            await server.pool.query(
              "SELECT count(*)::int AS n FROM recordings WHERE user_id = $1 AND status = 'transcribing'",
              [user.id],
            )
          ).rows[0].n,
      )
      .toBe(2);
    await expect.poll(() => fake.transcriptions.length - heardBefore).toBe(2);
    const id = shortId();
    const { result: third, calls } = await callsDuring(() => upload(client, audioOf('webm'), id));
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('10');
    expect(calls).toHaveLength(0);
    expect(await rowOf(user.id, id)).toBeUndefined();
    releaseTranscriptions();
    expect((await first).status).toBe(201);
    expect((await second).status).toBe(201);
    expect((await upload(client, audioOf('webm'), id)).status).toBe(201);
  });

  it('a speech server that does not answer in TRANSCRIBE_TIMEOUT_S is a 504; the retry transcribes', async () => {
    const { client, user } = await loggedInClient(server);
    const id = shortId();
    fake.enqueueTranscription({ delayMs: 3_000 });
    const started = Date.now();
    const res = await upload(client, audioOf('webm'), id);
    expect(res.status).toBe(504);
    expect(res.body).toEqual({
      code: 'transcription_timeout',
      message: 'The speech server did not answer within 1.5 s: Pitchpad will try again.',
    });
    expect(Date.now() - started).toBeLessThan(2_900);
    expect(await rowOf(user.id, id)).toBeUndefined();
    expect((await upload(client, audioOf('webm'), id)).status).toBe(201);
  });

  it('a silent recording is 422 no_speech, kept so: its replay answers the same with no model call', async () => {
    const { client, user } = await loggedInClient(server);
    const id = shortId();
    fake.enqueueTranscription({ text: '  \n ' });
    const res = await upload(client, silentWav(2_000), id);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'no_speech',
      message: 'We heard no speech in this recording.',
    });
    expect(await rowOf(user.id, id)).toMatchObject({ status: 'no_speech', transcript: '' });
    const { result: again, calls } = await callsDuring(() => upload(client, silentWav(2_000), id));
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('no_speech');
    expect(calls).toHaveLength(0);
    expect((await client.get(`/api/recordings/${id}`)).body.recording).toMatchObject({
      status: 'no_speech',
      transcript: '',
    });
  });

  it("refuses past the day's allowance (429 transcribe_budget, Retry-After to midnight UTC) with no model call; a recording that fits goes", async () => {
    const { client, user } = await loggedInClient(server);
    const allowance = server.config.transcribe.dailyBytes!;
    const today = new Date().toISOString().slice(0, 10);
    await server.pool.query(
      'INSERT INTO transcription_usage (user_id, day, bytes) VALUES ($1, $2, $3)',
      [user.id, today, allowance - 1_000],
    );
    const midnight = Date.UTC(
      new Date().getUTCFullYear(),
      new Date().getUTCMonth(),
      new Date().getUTCDate() + 1,
    );
    const id = shortId();
    const { result: over, calls } = await callsDuring(() =>
      upload(client, audioOf('webm', 2_000), id),
    );
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('transcribe_budget');
    expect(over.body.message).toMatch(
      /^You've used today's transcription allowance \(100 MB of recordings\)\. It resets at 00:00 UTC \(in .+\); your recording waits on your device until then\.$/,
    );
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(Math.abs(retryAfter - (midnight - Date.now()) / 1000)).toBeLessThan(5);
    expect(calls).toHaveLength(0);
    expect(await rowOf(user.id, id)).toBeUndefined();
    expect(await usageOf(user.id)).toBe(allowance - 1_000);

    expect((await upload(client, audioOf('webm', 1_000), id)).status).toBe(201);
    expect(await usageOf(user.id)).toBe(allowance);
    // Used up: refused before the body is read.
    const full = await upload(client, audioOf('webm', 10), shortId());
    expect(full.status).toBe(429);
  });

  it.each([
    [
      { [RECORDING_TITLE_HEADER]: encodeURIComponent('Dana\u0007 at Acme') },
      RECORDING_TITLE_HEADER,
    ],
    [
      { [RECORDING_TITLE_HEADER]: encodeURIComponent('Line one\nline two') },
      RECORDING_TITLE_HEADER,
    ],
    [{ [RECORDING_TITLE_HEADER]: '%E0%A4%A' }, RECORDING_TITLE_HEADER],
    [{ [RECORDING_TITLE_HEADER]: 'x'.repeat(121) }, RECORDING_TITLE_HEADER],
    [{ [RECORDING_DURATION_HEADER]: '61.5s' }, RECORDING_DURATION_HEADER],
  ])('refuses a bad header %j (400 naming it), with no model call', async (headers, named) => {
    const { client } = await loggedInClient(server);
    const { result: res, calls } = await callsDuring(() =>
      upload(client, audioOf('webm'), shortId(), headers),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
    expect(res.body.message.startsWith(`${named}: `)).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('refuses an id that is not a device id (400), and a PUT without the CSRF token (403)', async () => {
    const { client } = await loggedInClient(server);
    for (const id of ['short', 'x'.repeat(22), 'abc.def.ghi.jkl.mno.pq'])
      expect((await upload(client, audioOf('webm'), id)).status, id).toBe(400);
    const noToken = await client.put(`/api/recordings/${shortId()}`, audioOf('webm'), {
      csrf: false,
    });
    expect(noToken.status).toBe(403);
  });

  it('states its limits, and that a speech model is configured', async () => {
    const { client } = await loggedInClient(server);
    expect((await client.get('/api/recordings/limits')).body).toEqual({
      maxSeconds: 600,
      maxBytes: RECORDING_MAX_BYTES,
      speechConfigured: true,
    });
    expect((await client.get('/api/capabilities')).body.speechConfigured).toBe(true);
  });
});

describe('recordings: where the speech model is', () => {
  it('with no model configured: 503 no_speech_model giving the fix, no row left transcribing; a replay of one done still answers', async () => {
    const bare = await startTestServer({ DEBRIEF_MAX_MINUTES: '3' });
    try {
      const { client, user } = await loggedInClient(bare);
      const id = shortId();
      const res = await upload(client, audioOf('webm'), id);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        code: 'no_speech_model',
        message:
          'Transcription needs a speech model, which this server does not have yet: whoever runs it can connect one in Settings → Model.',
      });
      expect(await rowOf(user.id, id, bare)).toBeUndefined();
      expect((await client.get('/api/recordings/limits')).body).toEqual({
        maxSeconds: 180,
        maxBytes: RECORDING_MAX_BYTES,
        speechConfigured: false,
      });
      expect((await client.get('/api/capabilities')).body.speechConfigured).toBe(false);
      // Transcribed while a model was configured: its replay is answered from what is stored.
      const done = shortId();
      await bare.pool.query(
        `INSERT INTO recordings (user_id, id, container, bytes, status, transcript, transcribed_at)
         VALUES ($1, $2, 'webm', 2000, 'transcribed', 'Kept from before.', now())`,
        [user.id, done],
      );
      const replay = await upload(client, audioOf('webm'), done);
      expect(replay.status).toBe(200);
      expect(replay.body.recording.transcript).toBe('Kept from before.');
    } finally {
      await bare.close();
    }
  });

  it('the operator connects a speech server in Settings → Model, tests it with one button, and the next upload is transcribed there', async () => {
    // The speech settings and the operator are one per database: a database of its own.
    const bare = await startTestServer({}, { ownDatabase: true });
    const speech = await startFakeOpenAI();
    try {
      const operator = await loggedInClient(bare);
      await bare.pool.query('UPDATE users SET is_operator = true WHERE id = $1', [
        operator.user.id,
      ]);
      const rep = await loggedInClient(bare);
      expect((await operator.client.get('/api/settings/speech')).body).toEqual({
        baseUrl: null,
        hasApiKey: false,
        model: 'whisper-1',
        inUse: null,
        locked: { baseUrl: false, apiKey: false, model: false },
        updatedAt: null,
      });

      // Bad input is refused by name, and only the operator may change or test it.
      const badUrl = await operator.client.put('/api/settings/speech', {
        baseUrl: 'ftp://speech.example',
        model: 'whisper-1',
      });
      expect(badUrl.status).toBe(400);
      expect(badUrl.body.message).toContain('baseUrl');
      const badModel = await operator.client.put('/api/settings/speech', {
        baseUrl: null,
        model: 'whisper 1',
      });
      expect(badModel.status).toBe(400);
      expect(badModel.body.message).toContain('model');
      expect((await rep.client.get('/api/settings/speech')).status).toBe(403);
      expect((await rep.client.post('/api/settings/speech/test', {})).status).toBe(403);
      expect((await new TestClient(bare.url).get('/api/settings/speech')).status).toBe(401);

      // Nothing to test yet; then a server that is down; then the real one.
      expect((await operator.client.post('/api/settings/speech/test', {})).body).toMatchObject({
        ok: false,
        message: expect.stringContaining('no speech server to test'),
      });
      const down = await operator.client.post('/api/settings/speech/test', {
        baseUrl: 'http://127.0.0.1:9/v1',
      });
      expect(down.body).toEqual({
        ok: false,
        message: 'Pitchpad could not reach the speech server.',
      });
      const tested = await operator.client.post('/api/settings/speech/test', {
        baseUrl: speech.url,
        apiKey: 'sk-speech',
        model: 'whisper-large',
      });
      expect(tested.body).toEqual({ ok: true, model: 'whisper-large' });
      expect(speech.transcriptions.at(-1)).toMatchObject({ model: 'whisper-large' });

      const saved = await operator.client.put('/api/settings/speech', {
        baseUrl: speech.url,
        apiKey: 'sk-speech',
        model: 'whisper-large',
      });
      expect(saved.body).toMatchObject({
        baseUrl: speech.url,
        hasApiKey: true,
        inUse: { baseUrl: speech.url, model: 'whisper-large' },
      });
      const { rows } = await bare.pool.query('SELECT api_key_encrypted FROM speech_settings');
      expect(rows[0].api_key_encrypted).not.toContain('sk-speech');

      // The rep's next upload is transcribed on the saved server, with its key and model.
      expect((await rep.client.get('/api/capabilities')).body.speechConfigured).toBe(true);
      speech.enqueueTranscription({ text: 'We met Globex about the depot.' });
      const res = await upload(rep.client, audioOf('webm'), shortId());
      expect(res.status).toBe(201);
      expect(res.body.recording.transcript).toBe('We met Globex about the depot.');
      expect(speech.transcriptions.at(-1)).toMatchObject({
        model: 'whisper-large',
        authorization: 'Bearer sk-speech',
      });
    } finally {
      await bare.close();
      await speech.close();
    }
  });

  it('a speech model set by the environment shows read-only and cannot be changed in the browser', async () => {
    const locked = await startTestServer(
      { TRANSCRIBE_BASE_URL: fake.url, TRANSCRIBE_MODEL: 'whisper-env' },
      { ownDatabase: true },
    );
    try {
      const operator = await loggedInClient(locked);
      await locked.pool.query('UPDATE users SET is_operator = true WHERE id = $1', [
        operator.user.id,
      ]);
      expect((await operator.client.get('/api/settings/speech')).body).toMatchObject({
        baseUrl: fake.url,
        model: 'whisper-env',
        inUse: { baseUrl: fake.url, model: 'whisper-env' },
        locked: { baseUrl: true, apiKey: false, model: true },
      });
      const refused = await operator.client.put('/api/settings/speech', {
        baseUrl: null,
        model: 'whisper-other',
      });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('set_by_environment');
    } finally {
      await locked.close();
    }
  });

  it('a chat model the start-up probe found on this machine is not a speech server', async () => {
    const local = await startFakeOpenAI({ models: ['llama3.2'] });
    const { log } = captureLog();
    const probed = await startTestServer(
      { LOCAL_LLM_URL: local.url },
      { prepare: async (config) => (await withLocalModel(config, log)).config },
    );
    try {
      expect(probed.config.llm.baseUrl).toBe(local.url);
      const { client } = await loggedInClient(probed);
      expect((await client.get('/api/capabilities')).body).toMatchObject({
        modelConnected: true,
        speechConfigured: false,
      });
      const res = await upload(client, audioOf('webm'), shortId());
      expect(res.status).toBe(503);
      expect(local.transcriptions).toHaveLength(0);
    } finally {
      await probed.close();
      await local.close();
    }
  });

  it("TRANSCRIBE_BASE_URL and TRANSCRIBE_MODEL name the speech server; the chat model's key never goes to it, TRANSCRIBE_API_KEY does", async () => {
    const speech = await startFakeOpenAI();
    const env = {
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-chat-only',
      LLM_MODELS: 'gpt-4o',
      TRANSCRIBE_BASE_URL: `${speech.url}/`,
      TRANSCRIBE_MODEL: 'Systran/faster-whisper-small',
    };
    const keyless = await startTestServer(env);
    const keyed = await startTestServer({ ...env, TRANSCRIBE_API_KEY: 'sk-speech' });
    try {
      for (const [on, authorization] of [
        [keyless, 'Bearer not-needed'],
        [keyed, 'Bearer sk-speech'],
      ] as const) {
        const { client } = await loggedInClient(on);
        const { result: res, calls } = await callsDuring(
          () => upload(client, audioOf('mp3'), shortId()),
          speech,
        );
        expect(res.status).toBe(201);
        expect(calls.map((c) => [c.model, c.authorization])).toEqual([
          ['Systran/faster-whisper-small', authorization],
        ]);
      }
      expect(fake.transcriptions.some((c) => c.authorization === 'Bearer sk-chat-only')).toBe(
        false,
      );
    } finally {
      await keyless.close();
      await keyed.close();
      await speech.close();
    }
  });

  it('a long transcription says it is alive every few seconds, so a replay waits (409) instead of taking it over', async () => {
    const patient = await startTestServer({ TRANSCRIBE_BASE_URL: fake.url });
    try {
      const { client, user } = await loggedInClient(patient);
      const id = shortId();
      const heartbeatOf = async () =>
        (
          await patient.pool.query(
            'SELECT heartbeat_at FROM recordings WHERE user_id = $1 AND id = $2',
            [user.id, id],
          )
        ).rows[0]?.heartbeat_at as Date | undefined;
      fake.enqueueTranscription({ delayMs: 5_800, text: 'A long meeting.' });
      const { result, calls } = await callsDuring(async () => {
        const first = upload(client, audioOf('webm'), id);
        await new Promise((r) => setTimeout(r, 400));
        const claimed = await heartbeatOf();
        await new Promise((r) => setTimeout(r, 5_000));
        const later = await heartbeatOf();
        const replay = await upload(client, audioOf('webm'), id);
        return { first: await first, claimed, later, replay };
      });
      expect(result.later!.getTime() - result.claimed!.getTime()).toBeGreaterThanOrEqual(4_000);
      expect(result.replay.status).toBe(409);
      expect(result.first.status).toBe(201);
      expect(calls).toHaveLength(1);
    } finally {
      await patient.close();
    }
  }, 20_000);

  it('a speech server that cannot be reached is a 502 saying so', async () => {
    const gone = await startFakeOpenAI();
    const url = gone.url;
    await gone.close();
    const unreachable = await startTestServer({ TRANSCRIBE_BASE_URL: url });
    try {
      const { client, user } = await loggedInClient(unreachable);
      const id = shortId();
      const res = await upload(client, audioOf('webm'), id);
      expect(res.status).toBe(502);
      expect(res.body).toEqual({
        code: 'transcription_failed',
        message: 'Pitchpad could not reach the speech server: it will try again.',
      });
      expect(await rowOf(user.id, id, unreachable)).toBeUndefined();
    } finally {
      await unreachable.close();
    }
  });
});
