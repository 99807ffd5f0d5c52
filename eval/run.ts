// One eval run: every scenario's call sent to the model, its answer checked (and judged, when a
// judge is named), the results compared with the baseline, and the report written. The CLI
// (eval/cli.ts) reads the options; tests call runEval directly against the fake model.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import OpenAI from 'openai';
import { scenarioCall } from './calls';
import { checkAnswer, scoreOf, type CheckResult } from './checks';
import { judgeAnswer, loadJudge, type Judgement } from './judge';
import { compareWithBaseline, markdownReport, tableOf, type Comparison } from './report';
import { loadScenarios, SCENARIOS_DIR, type Scenario, type ScenarioKind } from './scenario';

export interface EvalOptions {
  /** The OpenAI-compatible server and the model judged. */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  /** A second model that scores each answer on its flow's rubric (another model than `model`). */
  judge?: { model: string; baseUrl: string | undefined; apiKey: string | undefined };
  /** Where the report, the results and the baseline go. */
  outDir: string;
  /** Keep this run as the baseline later runs are compared with. */
  saveBaseline?: boolean;
  /** How many points a scenario's score may drop below the baseline's before the run fails. */
  margin: number;
  /** Only the scenarios whose id or kind holds this. */
  only?: string;
  /** Calls in flight at once: a local model serves one or two well. */
  concurrency: number;
  scenariosDir?: string;
  /** Where the table and the comparison are printed. */
  print?: (line: string) => void;
}

export interface ScenarioResult {
  id: string;
  kind: ScenarioKind;
  title: string;
  promptVersion: string;
  /** The scenario's file as run: a baseline's score for a scenario changed since is no comparison. */
  scenarioHash: string;
  /** The deterministic checks' mean, out of 100. */
  score: number;
  checks: CheckResult[];
  tokens: { in: number; out: number };
  ms: number;
  /** The judge's mean (1–5) and its scores, when a judge was named. */
  judge?: Judgement;
  answer: string;
  /** The call failed: what the server said (the scenario scores 0). */
  error?: string;
}

export interface EvalResults {
  model: string;
  baseUrl: string | null;
  judgeModel: string | null;
  date: string;
  /** Each prompt version the run used, by the kinds that used it. */
  promptVersions: Record<string, string>;
  scenarios: ScenarioResult[];
  byKind: Record<string, FlowSummary>;
  total: FlowSummary;
}

/** A flow's scenarios (or all of them) together. */
export interface FlowSummary {
  scenarios: number;
  /** The mean score, out of 100. */
  score: number;
  /** The judge's mean, 1–5, over the answers it scored; null without a judge. */
  judge: number | null;
  tokens: { in: number; out: number };
  /** Scenarios whose call failed. */
  failed: number;
}

/** What a run ends with: its results, the comparison with the baseline, and the exit code. */
export interface EvalOutcome {
  results: EvalResults;
  comparison?: Comparison;
  exitCode: 0 | 1;
  reportPath: string;
}

export const BASELINE_FILE = 'baseline.json';

export async function runEval(options: EvalOptions): Promise<EvalOutcome> {
  const print = options.print ?? ((line: string) => console.log(line));
  if (options.judge && options.judge.model === options.model)
    throw new Error(
      `--judge ${options.judge.model}: the judge must be another model than the one judged`,
    );
  const scenarios = (await loadScenarios(options.scenariosDir ?? SCENARIOS_DIR)).filter(
    (s) => !options.only || s.id.includes(options.only) || s.kind === options.only,
  );
  if (!scenarios.length) throw new Error(`no scenario matches '${options.only}'`);
  const client = new OpenAI({
    // Local servers (Ollama, llama.cpp, vLLM) need no key, but the SDK insists on one.
    apiKey: options.apiKey ?? 'not-needed',
    baseURL: options.baseUrl,
    timeout: options.timeoutMs,
    maxRetries: 2,
  });
  const judge = options.judge ? await loadJudge(options.judge, options.timeoutMs) : undefined;

  const results: ScenarioResult[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < scenarios.length; i = next++) {
      results[i] = await runScenario(client, options.model, scenarios[i]!, judge);
      print(`  ${results[i]!.id}: ${results[i]!.error ? 'failed' : results[i]!.score}`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));

  const run = summarize(
    {
      model: options.model,
      baseUrl: options.baseUrl ?? null,
      judgeModel: options.judge?.model ?? null,
      date: new Date().toISOString(),
    },
    results,
  );
  const failed = run.scenarios.filter((s) => s.error);
  const baselinePath = join(options.outDir, BASELINE_FILE);
  // A baseline that cannot be read is said, unless this run is to replace it.
  const baseline = await readBaseline(baselinePath).catch((err: unknown) => {
    if (options.saveBaseline) return undefined;
    throw err;
  });
  const comparison =
    baseline && !options.saveBaseline
      ? compareWithBaseline(baseline, run, options.margin)
      : undefined;

  await mkdir(options.outDir, { recursive: true });
  const stamp = run.date.replace(/[:.]/g, '-');
  const reportPath = join(options.outDir, `eval-${stamp}.md`);
  await writeFile(join(options.outDir, `eval-${stamp}.json`), JSON.stringify(run, null, 2));
  await writeFile(reportPath, markdownReport(run, comparison));

  for (const line of tableOf(run, comparison)) print(line);
  // A run with failed calls measured nothing for them: it is never kept as the baseline.
  if (options.saveBaseline && !failed.length) {
    await writeFile(baselinePath, JSON.stringify(keptAsBaseline(baseline, run), null, 2));
    print(`Saved as the baseline: ${baselinePath}`);
  }
  if (failed.length)
    print(
      `${failed.length} call(s) failed (${failed.map((s) => s.id).join(', ')}): is the model server up, and the model named right?` +
        (options.saveBaseline ? ' Nothing was kept as the baseline.' : ''),
    );
  print(`Report: ${reportPath}`);
  return {
    results: run,
    comparison,
    exitCode: failed.length || comparison?.dropped.length ? 1 : 0,
    reportPath,
  };
}

/**
 * What a run saved as the baseline keeps: its scenarios, and those of the earlier baseline it did
 * not run (a run of one flow, `--only`, leaves the others' baseline as it was).
 */
function keptAsBaseline(earlier: EvalResults | undefined, run: EvalResults): EvalResults {
  if (!earlier) return run;
  const ran = new Set(run.scenarios.map((s) => s.id));
  const scenarios = [...earlier.scenarios.filter((s) => !ran.has(s.id)), ...run.scenarios];
  const kept = summarize(run, scenarios);
  return { ...kept, promptVersions: { ...earlier.promptVersions, ...kept.promptVersions } };
}

/** A scenario file as a short hash of what it holds. */
function scenarioHash(scenario: Scenario): string {
  return createHash('sha256').update(JSON.stringify(scenario)).digest('hex').slice(0, 12);
}

async function runScenario(
  client: OpenAI,
  model: string,
  scenario: Scenario,
  judge: Awaited<ReturnType<typeof loadJudge>> | undefined,
): Promise<ScenarioResult> {
  const call = await scenarioCall(scenario);
  const started = performance.now();
  const base = {
    id: scenario.id,
    kind: scenario.kind,
    title: scenario.title,
    promptVersion: call.promptVersion,
    scenarioHash: scenarioHash(scenario),
  };
  let answer: string;
  let tokens: ScenarioResult['tokens'];
  try {
    const completion = await client.chat.completions.create({
      model,
      messages: call.messages,
      ...call.params,
      ...(call.json ? { response_format: { type: 'json_object' as const } } : {}),
    });
    answer = completion.choices[0]?.message.content ?? '';
    if (!answer.trim()) throw new Error('the model answered nothing');
    tokens = {
      in: completion.usage?.prompt_tokens ?? 0,
      out: completion.usage?.completion_tokens ?? 0,
    };
  } catch (err) {
    return {
      ...base,
      score: 0,
      checks: [],
      tokens: { in: 0, out: 0 },
      ms: Math.round(performance.now() - started),
      answer: '',
      error: err instanceof Error ? err.message : String(err),
    };
  }
  const ms = Math.round(performance.now() - started);
  const inputs = call.messages.map((m) => m.content).join('\n\n');
  const checks = checkAnswer(scenario, answer);
  return {
    ...base,
    score: scoreOf(checks),
    checks,
    tokens,
    ms,
    answer,
    ...(judge ? { judge: await judgeAnswer(judge, scenario, inputs, answer) } : {}),
  };
}

const mean = (values: readonly number[]) =>
  values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : 0;

function summaryOf(of: readonly ScenarioResult[]): FlowSummary {
  const judged = of.flatMap((s) => (s.judge?.scores.length ? [s.judge.mean] : []));
  return {
    scenarios: of.length,
    score: mean(of.map((s) => s.score)),
    judge: judged.length
      ? Math.round((10 * judged.reduce((a, b) => a + b, 0)) / judged.length) / 10
      : null,
    tokens: {
      in: of.reduce((n, s) => n + s.tokens.in, 0),
      out: of.reduce((n, s) => n + s.tokens.out, 0),
    },
    failed: of.filter((s) => s.error).length,
  };
}

/** The run's results: each scenario, each flow's and the whole run's summary. */
function summarize(
  head: Pick<EvalResults, 'model' | 'baseUrl' | 'judgeModel' | 'date'>,
  scenarios: ScenarioResult[],
): EvalResults {
  const byKind: EvalResults['byKind'] = {};
  const promptVersions: Record<string, string> = {};
  for (const kind of new Set(scenarios.map((s) => s.kind))) {
    const of = scenarios.filter((s) => s.kind === kind);
    byKind[kind] = summaryOf(of);
    promptVersions[kind] = of.at(-1)!.promptVersion;
  }
  return { ...head, promptVersions, scenarios, byKind, total: summaryOf(scenarios) };
}

/** The baseline, if one was saved; a file that is not one is said, not taken for none. */
async function readBaseline(path: string): Promise<EvalResults | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const baseline = JSON.parse(text) as EvalResults;
    if (!Array.isArray(baseline.scenarios)) throw new Error('it holds no scenarios');
    return baseline;
  } catch (err) {
    throw new Error(
      `${path} is not a baseline (${(err as Error).message}): save one again with --save-baseline`,
      {
        cause: err,
      },
    );
  }
}
