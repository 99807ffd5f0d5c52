// The yardstick of `overhead.bench.ts`: a bare node:http handler answering every request with the
// bytes in BENCH_BODY_FILE, as JSON. What our server does beyond this is its own overhead.
// With BENCH_DATABASE_URL and BENCH_QUERIES=n, it first asks Postgres n trivial questions in turn
// (a prepared `SELECT $1::int`, through a pool of 10 as the app's): the least any handler pays for
// n round trips to the database, so the figures separate the database's cost from our code's.
import { createServer, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { Pool } from 'pg';

const body = readFileSync(process.env.BENCH_BODY_FILE!);
const queries = Number(process.env.BENCH_QUERIES ?? 0);
const pool =
  queries > 0 ? new Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 }) : null;

async function ask(): Promise<void> {
  for (let i = 0; i < queries; i++)
    await pool!.query({ name: 'bench-round-trip', text: 'SELECT $1::int AS n', values: [i] });
}

function answer(res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  res.end(body);
}

// With no queries the answer goes at once, as a bare handler's would: no promise in between.
createServer((_req, res) => (pool ? void ask().then(() => answer(res)) : answer(res))).listen(
  Number(process.env.PORT),
  process.env.HOST ?? '127.0.0.1',
);
