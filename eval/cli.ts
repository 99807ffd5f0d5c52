// `npm run eval`: Pitchpad's answers on the operator's model, scored. Reads the model the server
// would use from the environment (OPENAI_BASE_URL, OPENAI_API_KEY, LLM_MODELS), or from the flags;
// writes its report under eval-results/. Exits 1 when a scenario fell more than the margin below
// the saved baseline or a call failed, 2 when it could not run at all.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, modelInUse } from '../api/config';
import { sameServer } from '../api/llm/live';
import { runEval } from './run';

const USAGE = `Usage: npm run eval -- [options]

  --model <id>          the model to judge (default: the server's, from LLM_MODELS)
  --base-url <url>      its OpenAI-compatible server (default: OPENAI_BASE_URL, else OpenAI)
  --api-key <key>       its key (default: OPENAI_API_KEY; a local server needs none)
  --judge <model>       also score each answer 1–5 on its flow's rubric with this other model
  --judge-base-url <url>, --judge-api-key <key>   the judge's server (default: the model's; the
                        model's key goes to the judge only on the same server)
  --save-baseline       keep this run as the baseline later runs are compared with
  --margin <points>     how far a scenario may fall below the baseline before the run fails (default 10)
  --only <text>         only the scenarios whose id holds it, or of that flow (email, chat, …)
  --concurrency <n>     calls at once (default 2)
  --timeout <seconds>   how long one answer may take (default 600: a local model writing a plan is slow)
  --out <dir>           where the report goes (default eval-results/)`;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        model: { type: 'string' },
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        judge: { type: 'string' },
        'judge-base-url': { type: 'string' },
        'judge-api-key': { type: 'string' },
        'save-baseline': { type: 'boolean', default: false },
        margin: { type: 'string', default: '10' },
        only: { type: 'string' },
        concurrency: { type: 'string', default: '2' },
        timeout: { type: 'string', default: '600' },
        out: { type: 'string', default: 'eval-results' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  // The model's settings read as the server reads them; a production server's own requirements (a
  // session secret, its public origin) are not the eval's, so they are not asked for here.
  const config = loadConfig({ ...process.env, NODE_ENV: 'development' });
  const baseUrl = args['base-url'] ?? config.llm.baseUrl;
  const apiKey = args['api-key'] ?? config.llm.apiKey;
  if (!baseUrl && !apiKey) {
    console.error(
      'No model to evaluate: the eval scores answers a model wrote. Set OPENAI_API_KEY (OpenAI), or ' +
        'OPENAI_BASE_URL for a local server (Ollama: http://127.0.0.1:11434/v1), or pass --base-url ' +
        'and --model.',
    );
    return 2;
  }
  const margin = Number(args.margin);
  const concurrency = Number(args.concurrency);
  if (!Number.isFinite(margin) || margin < 0) {
    console.error(`--margin ${args.margin}: must be a number of points, 0 or more`);
    return 2;
  }
  const timeout = Number(args.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0) {
    console.error(`--timeout ${args.timeout}: must be a number of seconds, more than 0`);
    return 2;
  }
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    console.error(`--concurrency ${args.concurrency}: must be a whole number, 1 or more`);
    return 2;
  }
  const model = args.model ?? modelInUse({ ...config, llm: { ...config.llm, baseUrl, apiKey } });
  try {
    const outcome = await runEval({
      baseUrl,
      apiKey,
      model,
      timeoutMs: timeout * 1000,
      judge: args.judge ? judgeServer(args.judge, args, { baseUrl, apiKey }) : undefined,
      outDir: resolve(args.out),
      saveBaseline: args['save-baseline'],
      margin,
      only: args.only,
      concurrency,
    });
    return outcome.exitCode;
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
}

/**
 * The judge's server: its own flags, else the judged model's. A key goes only to the server it was
 * given for: a judge on another server gets the model's key only if it is the same server.
 */
function judgeServer(
  model: string,
  args: { 'judge-base-url'?: string; 'judge-api-key'?: string },
  judged: { baseUrl: string | undefined; apiKey: string | undefined },
) {
  const baseUrl = args['judge-base-url'] ?? judged.baseUrl;
  const apiKey =
    args['judge-api-key'] ?? (sameServer(baseUrl, judged.baseUrl) ? judged.apiKey : undefined);
  return { model, baseUrl, apiKey };
}

process.exitCode = await main();
