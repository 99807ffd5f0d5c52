// A fake OpenAI-compatible server on loopback: POST /v1/chat/completions, JSON or streamed SSE
// exactly as OpenAI sends it, and scripted faults. The real `openai` SDK talks to it through
// OPENAI_BASE_URL. Used by API tests, e2e (tests/e2e/fakeOpenAI.ts starts it) and the bench.
//
// Script a reply in two ways:
//  - per request, from the test: `fake.enqueue({ status: 500 })` applies to the next request;
//    `fake.answerWith((request) => script)` answers each request the function knows by its
//    messages, in whatever order they come (the eval's scenarios, several at once);
//  - inside the last user message, for e2e where the test cannot reach the fake directly:
//      [[fail:500]] [[fail:429]] [[fail:401]]   answer with that status (once per distinct message)
//      [[fail:500:3]]  the same, the first 3 times (outlasting the SDK's two retries)
//      [[fail:500:3@1]]  the same, after letting the first request through (a send answered, then
//                      its regenerate failing)
//      [[delay:80]]    wait 80 ms before each token       [[first:3000]] wait before the first token
//      [[cut:5]]       drop the connection after 5 tokens  [[reply:some text]] answer this text
//      [[reply64:eyJhIjpbMV19]]  answer this text, base64-encoded: for JSON, whose brackets a plain
//                      [[reply:...]] cannot hold
//      [[system]]      answer with the request's system message: what the model was told (the
//                      rep's profile, their kit's passages), for e2e that cannot read `requests`
//      [[count]]       end the answer with '(answer N)', N counting the requests for this message
//                      text, so each regenerate's answer differs from the last
//  - 'Fill from text' (the profile's extract prompt) with neither: the fields read from the pasted
//    text by a few plain rules (profileFieldsOf), as JSON, so an e2e pastes real About text.
//  - a research (its instructions) with neither: each numbered page's first sentence as a claim
//    citing it (researchAnswerOf), as JSON, so an e2e researches the fixture site's pages.
//  - a cold email written with the rep's research with neither: an email citing the first sentence
//    of a page that states a number, and one made-up fact with no source, as a model may write
//    (researchedEmailOf), so an e2e sees both in the editor.
//
// POST /v1/audio/transcriptions (the voice debrief) takes multipart/form-data as OpenAI does (file,
// model, response_format) and answers {text}: DEFAULT_TRANSCRIPT unless scripted. Script it with
// `fake.enqueueTranscription({ status: 500 } | { delayMs: 5000 } | { text: '' })` (the next upload),
// or, from an e2e that cannot reach the fake's object, POST the same JSON to /__fake/transcriptions.
// Every upload is noted in `transcriptions` (model, file name, byte count), so a test counts calls.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Script {
  /** Answer with this HTTP status and an OpenAI-style error body. */
  status?: number;
  /** The reply text (default: "You said: <last user message>", word by word). */
  reply?: string;
  /** Milliseconds before the first token, and between tokens. */
  firstTokenDelayMs?: number;
  tokenDelayMs?: number;
  /** Destroy the socket after this many content tokens. */
  cutAfter?: number;
}

export interface ReceivedRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream: boolean;
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  top_p?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  response_format?: { type: string };
  authorization: string | undefined;
  /** The size of the request body as it arrived, in bytes: what the model was sent. */
  bodyBytes: number;
  /** performance.now() just before the first content delta of a stream was written (for the bench). */
  firstContentAt?: number;
}

/** How the next transcription is answered. */
export interface TranscriptionScript {
  /** Answer with this HTTP status and an OpenAI-style error body. */
  status?: number;
  /** Milliseconds before answering (a slow speech server; past the app's timeout, a timeout). */
  delayMs?: number;
  /** Answer only once this settles: a transcription held for as long as the test needs it. */
  until?: Promise<unknown>;
  /** The transcript ('' : a silent recording). */
  text?: string;
}

/** What a speech model heard of a debrief (the default answer): a meeting, as a rep tells it. */
export const DEFAULT_TRANSCRIPT =
  'Just left Freightly. Dana Reyes, their head of operations, and Sam from finance were there. Dana pushed back on price and asked how we compare to DockPro. We agreed on a two-week pilot at their Memphis warehouse starting March 3rd. I send the proposal and the Acme case study by Friday.';

export interface ReceivedTranscription {
  model: string;
  /** The uploaded file's name and type, as the multipart body named them. */
  filename: string;
  contentType: string;
  /** The audio's size as it arrived, and its bytes. */
  bytes: number;
  audio: Buffer;
  responseFormat: string | undefined;
  authorization: string | undefined;
  /** Milliseconds from the request's first byte to its answer: the fake's own part of an upload (bench). */
  handledMs?: number;
}

export interface FakeOpenAI {
  /** The base URL for the SDK: http://127.0.0.1:PORT/v1 */
  url: string;
  requests: ReceivedRequest[];
  enqueue(...scripts: Script[]): void;
  /**
   * Answer every request `answer` has a script for (a test that knows each request by its
   * messages, whatever order they come in); the queue still wins for the next request.
   */
  answerWith(answer: ((request: ReceivedRequest) => Script | undefined) | undefined): void;
  transcriptions: ReceivedTranscription[];
  enqueueTranscription(...scripts: TranscriptionScript[]): void;
  /** Replies that finished or were cut, for tests that wait on the upstream. */
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Words of the profile's 'Fill from text' instructions (api/profile/profile.routes.ts). */
const PROFILE_EXTRACT_PROMPT = 'fill in their company profile';

/**
 * What a model would read from an About page, by plain rules: the company is the first word, the
 * product the first sentence, a calendar link the booking link and any other address the website,
 * a sentence with a percentage the proof points, one with a price the pricing.
 */
export function profileFieldsOf(text: string): Record<string, string> {
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  const fields: Record<string, string> = {};
  const company = text.match(/[A-Z][\w&-]*/)?.[0];
  if (company) fields.company = company;
  if (sentences[0]) fields.product = sentences[0].replace(/[.!?]$/, '');
  for (const address of text.match(/\b[\w-]+(\.[\w-]+)*\.(com|io|ai|app|co)(\/[\w/-]*)?/g) ?? []) {
    const field = /cal\.com|calendly/.test(address) ? 'bookingLink' : 'website';
    fields[field] ??= address;
  }
  const proof = sentences.filter((sentence) => /\d+\s?%/.test(sentence));
  if (proof.length) fields.proofPoints = proof.join(' ');
  const pricing = sentences.find((sentence) => /[$€£]\s?\d/.test(sentence));
  if (pricing) fields.pricing = pricing;
  return fields;
}

/** Words of research's instructions (domain/research/research.ts). */
const RESEARCH_PROMPT = 'You research a company or a person for a sales rep';

/**
 * What a model would answer a research with, by plain rules: each numbered page's first sentence
 * as a claim citing that page, and a line for what no page says.
 */
export function researchAnswerOf(text: string): { claims: unknown[]; unconfirmed: string[] } {
  const claims = [...text.matchAll(/^\[(\d+)\] [^\n]*\n<<<\n([\s\S]*?)\n>>>/gm)].map((page) => ({
    text: (page[2]!.match(/[^.!?]+[.!?]/)?.[0] ?? page[2]!).trim().slice(0, 300),
    sources: [Number(page[1])],
  }));
  return { claims, unconfirmed: ['No page gives their revenue.'] };
}

/** How the server introduces research pages to a cold email (api/research/researchContext.ts). */
const EMAIL_RESEARCH_LEAD = 'Pages from the web the user researched about the recipient.';

/**
 * A cold email as a model might write it from research pages: one fact taken from a page (the
 * first sentence naming the page's site and stating a number), marked with the page's number, and
 * one personal touch no page gives, unmarked.
 */
export function researchedEmailOf(system: string): string {
  const pages = system.slice(system.indexOf(EMAIL_RESEARCH_LEAD));
  let fact = '';
  // A page's heading: '[1] About us | Freightly (Freightly, https://…)': its number and site.
  for (const page of pages.matchAll(
    /^\[(\d+)\] [^\n]*?\(([^,\n]+),[^\n]*\n<<<\n([\s\S]*?)\n>>>/gm,
  )) {
    const site = page[2]!;
    const sentence = page[3]!
      .replace(/\s+/g, ' ')
      .split(/(?<=[.!?])\s+/)
      .find((s) => s.includes(site) && /\d/.test(s) && !/^\d/.test(s) && s.length < 200);
    if (sentence) {
      fact = `Congrats: ${sentence.replace(/[.!?]+$/, '')} [${page[1]}].`;
      break;
    }
  }
  return [
    'Subject: A quick idea for your sales team',
    '',
    'Hi there,',
    '',
    `${fact} I loved your recent podcast on hiring sales reps.`.trim(),
    '',
    'We help teams ramp new reps in ten weeks. Worth a 15-minute call next week?',
    '',
    'Best,',
    'Sam',
  ].join('\n');
}

/** Split like a tokenizer would, roughly: words with their leading space. */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

function scriptFromMessage(
  content: string,
  seenFaults: Map<string, number>,
  asked: Map<string, number>,
): Script {
  const script: Script = {};
  const nth = (asked.get(content) ?? 0) + 1;
  asked.set(content, nth);
  if (content.includes('[[count]]'))
    script.reply = `You said: ${content.replace(/\[\[[^\]]*\]\]/g, '').trim()} (answer ${nth})`;
  const directive = (name: string) =>
    content.match(new RegExp(`\\[\\[${name}:([^\\]]+)\\]\\]`))?.[1];
  const fail = directive('fail');
  // A scripted fault fires a set number of times per message text, so a later Retry succeeds;
  // `@N` lets the first N requests of that text through first (the send, before its regenerate).
  if (fail) {
    const [spec = '', from = '0'] = fail.split('@');
    const [status, times = '1'] = spec.split(':');
    const seen = seenFaults.get(content) ?? 0;
    seenFaults.set(content, seen + 1);
    if (seen >= Number(from) && seen < Number(from) + Number(times)) script.status = Number(status);
  }
  const delay = directive('delay');
  if (delay) script.tokenDelayMs = Number(delay);
  const first = directive('first');
  if (first) script.firstTokenDelayMs = Number(first);
  const cut = directive('cut');
  if (cut) script.cutAfter = Number(cut);
  const reply = directive('reply');
  if (reply) script.reply = reply;
  const reply64 = directive('reply64');
  if (reply64) script.reply = Buffer.from(reply64, 'base64').toString('utf8');
  return script;
}

function errorBody(status: number) {
  const byStatus: Record<number, { type: string; code: string; message: string }> = {
    401: {
      type: 'invalid_request_error',
      code: 'invalid_api_key',
      message: 'Incorrect API key provided.',
    },
    429: {
      type: 'requests',
      code: 'rate_limit_exceeded',
      message: 'Rate limit reached for requests.',
    },
  };
  return {
    error: {
      ...(byStatus[status] ?? {
        type: 'server_error',
        code: 'server_error',
        message: 'The server had an error while processing your request.',
      }),
      param: null,
    },
  };
}

/**
 * The parts of a multipart/form-data body: each one's name, file name, type and bytes. Plain
 * RFC 7578 as the SDK (and curl) write it: parts between `--boundary` lines, headers, a blank line.
 */
export function multipartParts(
  body: Buffer,
  contentType: string,
): Array<{ name: string; filename?: string; type?: string; data: Buffer }> {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) throw new Error('not multipart/form-data: no boundary');
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const parts: Array<{ name: string; filename?: string; type?: string; data: Buffer }> = [];
  // The first delimiter has no CRLF before it: pretend one, so every delimiter looks the same.
  const all = Buffer.concat([Buffer.from('\r\n'), body]);
  let at = all.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (all.subarray(start, start + 2).toString() === '--') break;
    const next = all.indexOf(delimiter, start);
    if (next === -1) throw new Error('multipart body ends without its closing delimiter');
    const part = all.subarray(start + 2, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    parts.push({
      name: /\bname="([^"]*)"/.exec(disposition)?.[1] ?? '',
      filename: /\bfilename="([^"]*)"/.exec(disposition)?.[1],
      type: /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim(),
      data: part.subarray(headerEnd + 4),
    });
    at = next;
  }
  return parts;
}

/**
 * `models`: what GET /v1/models lists (default gpt-4o), as a local server lists what it has pulled.
 * `apiKey`: the key it accepts, as OpenAI does: any other (or none) is answered 401 on every route.
 */
export async function startFakeOpenAI(
  opts: { port?: number; models?: string[]; apiKey?: string } = {},
): Promise<FakeOpenAI> {
  const queue: Script[] = [];
  const requests: ReceivedRequest[] = [];
  const transcriptionQueue: TranscriptionScript[] = [];
  const transcriptions: ReceivedTranscription[] = [];
  const seenFaults = new Map<string, number>();
  const asked = new Map<string, number>();
  const sockets = new Set<Socket>();
  let counter = 0;
  let answering: ((request: ReceivedRequest) => Script | undefined) | undefined;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify(errorBody(401)));
      return;
    }
    if (req.method === 'GET' && req.url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          object: 'list',
          data: (opts.models ?? ['gpt-4o']).map((id) => ({ id, object: 'model' })),
        }),
      );
      return;
    }
    if (req.method === 'POST' && req.url === '/__fake/transcriptions') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      transcriptionQueue.push(JSON.parse(raw) as TranscriptionScript);
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'POST' && req.url === '/v1/audio/transcriptions') {
      await transcribe(req, res);
      return;
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
      return;
    }
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw) as Omit<ReceivedRequest, 'authorization' | 'bodyBytes'>;
    const received: ReceivedRequest = {
      ...body,
      stream: Boolean(body.stream),
      authorization: req.headers.authorization,
      bodyBytes: Buffer.byteLength(raw),
    };
    requests.push(received);
    const lastUser = body.messages.findLast((m) => m.role === 'user')?.content ?? '';
    const script: Script = {
      ...scriptFromMessage(lastUser, seenFaults, asked),
      ...answering?.(received),
      ...queue.shift(),
    };

    if (script.status) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (script.status === 429) headers['retry-after-ms'] = '10';
      res.writeHead(script.status, headers).end(JSON.stringify(errorBody(script.status)));
      return;
    }

    const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
    const text =
      script.reply ??
      (system.includes(PROFILE_EXTRACT_PROMPT)
        ? JSON.stringify(profileFieldsOf(lastUser))
        : system.startsWith(RESEARCH_PROMPT)
          ? JSON.stringify(researchAnswerOf(lastUser))
          : system.includes(EMAIL_RESEARCH_LEAD)
            ? researchedEmailOf(system)
            : lastUser.includes('[[system]]')
              ? `The model was told: ${system}`
              : `You said: ${lastUser.replace(/\[\[[^\]]*\]\]/g, '').trim()}`);
    const id = `chatcmpl-fake${++counter}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model;

    if (!body.stream) {
      if (script.firstTokenDelayMs) await sleep(script.firstTokenDelayMs);
      const promptTokens = body.messages.reduce((n, m) => n + tokenize(m.content).length, 0);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: text, refusal: null },
              logprobs: null,
              finish_reason: 'stop',
            },
          ],
          usage: {
            prompt_tokens: promptTokens,
            completion_tokens: tokenize(text).length,
            total_tokens: promptTokens + tokenize(text).length,
          },
        }),
      );
      return;
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_fake', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '', refusal: null }));
    if (script.firstTokenDelayMs) await sleep(script.firstTokenDelayMs);
    const tokens = tokenize(text);
    for (let i = 0; i < tokens.length; i++) {
      if (res.destroyed) return;
      if (script.cutAfter !== undefined && i >= script.cutAfter) {
        // Let what was written reach the client, then drop the connection without a proper end.
        await sleep(30);
        res.socket?.destroy();
        return;
      }
      if (i > 0 && script.tokenDelayMs) await sleep(script.tokenDelayMs);
      received.firstContentAt ??= performance.now();
      res.write(chunk({ content: tokens[i] }));
    }
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  }

  async function transcribe(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const parts = multipartParts(Buffer.concat(chunks), req.headers['content-type'] ?? '');
    const field = (name: string) => parts.find((p) => p.name === name);
    const file = field('file');
    const model = field('model')?.data.toString('utf8');
    const answer = (status: number, body: unknown) => {
      received.handledMs = performance.now() - started;
      if (!res.destroyed)
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const received: ReceivedTranscription = {
      model: model ?? '',
      filename: file?.filename ?? '',
      contentType: file?.type ?? '',
      bytes: file?.data.length ?? 0,
      audio: file ? Buffer.from(file.data) : Buffer.alloc(0),
      responseFormat: field('response_format')?.data.toString('utf8'),
      authorization: req.headers.authorization,
    };
    transcriptions.push(received);
    // As OpenAI: both fields are required.
    if (!file || !model) {
      answer(400, {
        error: {
          type: 'invalid_request_error',
          code: null,
          message: `Missing required parameter: '${file ? 'model' : 'file'}'.`,
          param: file ? 'model' : 'file',
        },
      });
      return;
    }
    const script = transcriptionQueue.shift() ?? {};
    if (script.delayMs) await sleep(script.delayMs);
    if (script.until) await script.until;
    if (script.status) answer(script.status, errorBody(script.status));
    else answer(200, { text: script.text ?? DEFAULT_TRANSCRIPT });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      if (!res.headersSent)
        res.writeHead(500).end(JSON.stringify({ error: { message: err.message } }));
      else res.destroy();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...scripts) => queue.push(...scripts),
    answerWith: (fn) => {
      answering = fn;
    },
    transcriptions,
    enqueueTranscription: (...scripts) => transcriptionQueue.push(...scripts),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
