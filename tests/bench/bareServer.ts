// The yardstick of `overhead.bench.ts`: a bare node:http handler answering every request with the
// bytes in BENCH_BODY_FILE, as JSON. What our server does beyond this is its own overhead.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const body = readFileSync(process.env.BENCH_BODY_FILE!);
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
