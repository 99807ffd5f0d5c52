// The floor of `burst.bench.ts`: the least a send can cost with the parts the server must use. Koa
// with @koa/bodyparser, and the `openai` SDK streaming the model's answer back as server-sent
// events, as POST /api/chat does; no session, limits, allowance, database, helmet or compression.
// What our server costs a send beyond this is its own work.
import { PassThrough } from 'node:stream';
import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import OpenAI from 'openai';

const openai = new OpenAI({
  baseURL: process.env.OPENAI_BASE_URL,
  apiKey: process.env.OPENAI_API_KEY,
  maxRetries: 0,
});

const app = new Koa();
app.use(bodyParser());
app.use(async (ctx) => {
  if (ctx.path === '/api/health') {
    ctx.body = { ok: true };
    return;
  }
  const { messages } = ctx.request.body as { messages: Array<{ content: string }> };
  const stream = await openai.chat.completions.create({
    model: 'gpt-4o',
    stream: true,
    messages: [{ role: 'user', content: messages.at(-1)!.content }],
  });
  const out = new PassThrough();
  ctx.type = 'text/event-stream';
  ctx.body = out;
  void (async () => {
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta?.content;
      if (text) out.write(`event: delta\ndata: ${JSON.stringify({ text })}\n\n`);
    }
    out.end('event: done\ndata: {}\n\n');
  })().catch((err: Error) => out.destroy(err));
});
app.listen(Number(process.env.PORT), '127.0.0.1');
