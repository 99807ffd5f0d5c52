// `npm run bench` (voice debrief part). Figures, not tests: the server's own time per
// recording upload, beyond the speech model's. Each PUT /api/recordings/:id is timed from the
// client; the fake speech server (tests/fakes/openai.ts) notes how long it held each request, from
// its headers to its answer; the difference is the server's part: reading the upload, judging its
// bytes, the claim, allowance and transcript queries, and building the multipart request. Median of
// N uploads per size. Client, server and fake share one process (as in the API tests), so time any
// of them spends (the client sending, a garbage collection) counts against the server: an upper
// bound. On the embedded database, or on Postgres when TEST_DATABASE_URL names one
// (a throwaway database: the bench adds users and their recordings, and leaves them).
import { performance } from 'node:perf_hooks';
import { startFakeOpenAI } from '../fakes/openai';
import { audioOf } from '../factories/audio';
import { shortId } from '../factories/accountData';
import { loggedInClient } from '../factories/users';
import { startTestServer, testDatabaseUrl } from '../support/server';

const SIZES = [
  { label: '200 kB', bytes: 200_000, runs: 30 },
  { label: '2 MB', bytes: 2_000_000, runs: 20 },
  { label: '20 MB', bytes: 20_000_000, runs: 6 },
];
/** Uploads per rep: below the per-rep rate limit (30 per 10 minutes). */
const PER_REP = 25;

const median = (values: number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

const fake = await startFakeOpenAI();
const server = await startTestServer({
  OPENAI_BASE_URL: fake.url,
  OPENAI_API_KEY: 'sk-bench',
  LLM_MODELS: 'gpt-4o',
  TRANSCRIBE_DAILY_MB: 'off',
});
const database = testDatabaseUrl() ? 'Postgres' : 'embedded PGlite';
try {
  let rep = await loggedInClient(server);
  let uploads = 0;
  const put = async (bytes: Uint8Array) => {
    if (++uploads % PER_REP === 0) rep = await loggedInClient(server);
    const started = performance.now();
    const res = await rep.client.put(`/api/recordings/${shortId()}`, bytes, {
      headers: { 'content-type': 'audio/webm' },
    });
    const total = performance.now() - started;
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.text}`);
    return { total, model: fake.transcriptions.at(-1)!.handledMs! };
  };
  await put(audioOf('webm', 50_000)); // warm up: the first request compiles and connects
  for (const size of SIZES) {
    const audio = audioOf('webm', size.bytes);
    const added: number[] = [];
    const totals: number[] = [];
    for (let i = 0; i < size.runs; i++) {
      const { total, model } = await put(audio);
      totals.push(total);
      added.push(total - model);
    }
    console.log(
      `recording upload, ${size.label}, ${database}: the server adds ${median(added).toFixed(1)} ms beyond the speech model (PUT ${median(totals).toFixed(1)} ms in all; median of ${size.runs})`,
    );
  }
} finally {
  await server.close();
  await fake.close();
}
