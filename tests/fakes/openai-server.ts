// Runs the fake OpenAI-compatible server as its own process, for e2e and manual runs:
//   npx tsx tests/fakes/openai-server.ts [port]     (default 8092, or FAKE_OPENAI_PORT)
import { startFakeOpenAI } from './openai';

const port = Number(process.argv[2] ?? process.env.FAKE_OPENAI_PORT ?? 8092);
const fake = await startFakeOpenAI({ port });
console.log(`fake OpenAI listening at ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
