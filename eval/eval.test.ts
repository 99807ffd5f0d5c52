// The eval harness, end to end on the fake model: its numbers mean nothing there (the fake answers
// with the scenarios' own sample answers), but it proves the run, the checks, the baseline and the
// judge work, and that the checks tell a bad answer from a good one for the reasons they claim.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI, type ReceivedRequest } from '../tests/fakes/openai';
import { scenarioCall } from './calls';
import { checkAnswer, inventedFacts, scoreOf } from './checks';
import { judgePrompt, loadJudge, readVerdict, rubricFor } from './judge';
import { promptFingerprints, type PromptFingerprint } from './promptVersions';
import { draftGtmPlan } from '../domain/drafts/gtmPlan';
import { runEval, type EvalOptions, type EvalResults } from './run';
import {
  loadScenarios,
  parseScenario,
  SCENARIO_KINDS,
  SCENARIOS_DIR,
  type Scenario,
} from './scenario';

let scenarios: Scenario[];
/** Each scenario's call as the model receives it, by its last message. */
const byPrompt = new Map<string, Scenario>();
let fake: FakeOpenAI;
let out: string;

beforeAll(async () => {
  scenarios = await loadScenarios();
  for (const s of scenarios) {
    const call = await scenarioCall(s);
    byPrompt.set(call.messages.at(-1)!.content, s);
  }
  fake = await startFakeOpenAI();
  out = await mkdtemp(join(tmpdir(), 'pitchpad-eval-'));
});
afterAll(async () => {
  await fake?.close();
  await rm(out, { recursive: true, force: true });
});

const sampled = () => scenarios.filter((s) => s.samples);
const scenarioOf = (request: ReceivedRequest) => byPrompt.get(request.messages.at(-1)!.content);

/** The fake answers each scenario with its good or its bad sample (the rest: the fake's own echo). */
const answerWithSamples = (which: 'good' | 'bad') =>
  fake.answerWith((request) => {
    const sample = scenarioOf(request)?.samples?.[which];
    return sample ? { reply: sample } : undefined;
  });

const options = (more: Partial<EvalOptions> = {}): EvalOptions => ({
  baseUrl: fake.url,
  apiKey: 'sk-test',
  model: 'gpt-4o',
  timeoutMs: 10_000,
  outDir: out,
  margin: 10,
  concurrency: 4,
  print: () => {},
  ...more,
});

const format = (s: Scenario, answer: string) =>
  checkAnswer(s, answer).find((c) => c.name === 'format')!;
/** A matrix row scoring the competitors named. */
const row = (category: string, scored: string[]) => ({
  category,
  ...Object.fromEntries(scored.map((n) => [n, { score: 7, notes: '' }])),
});
const analysis = (rows: object[]) =>
  JSON.stringify({
    topic: 'Cards',
    competitors: [{ name: 'Ramp' }, { name: 'Brex' }],
    comparison_matrix: rows,
  });

/** A flow's (or the total's) row of the table: scenarios, score, tokens in/out, calls failed. */
const summaryRow = (name: string) => new RegExp(`^${name}\\s+\\d+\\s+\\d+\\s+\\d+/\\d+\\s+0$`, 'm');

/** The keys a judge's server was sent. */
const judgeKeysSeen = (server: FakeOpenAI) =>
  server.requests.filter((r) => r.model === 'judge-model').map((r) => r.authorization);

/** `npm run eval` as a shell runs it, with only the environment given. */
const cli = (args: string[], env: Record<string, string> = {}) =>
  promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'cli.ts'), ...args],
    { env: { PATH: process.env.PATH!, NODE_ENV: 'test', ...env } },
  ).then(
    (r) => ({ code: 0, ...r }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );

describe('the scenarios', () => {
  it('are at least 30 valid files covering every flow the eval scores', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(30);
    expect(new Set(scenarios.map((s) => s.kind))).toEqual(new Set(SCENARIO_KINDS));
    expect(scenarios.filter((s) => s.expect.citesKit).length).toBeGreaterThanOrEqual(2);
  });

  it('a file with a wrong field is refused, naming the file and the field', () => {
    expect(() =>
      parseScenario(JSON.stringify({ id: 'a-b', title: 'T', kind: 'mail' }), 'a-b.json'),
    ).toThrow(/^a-b\.json: kind must be one of chat, valueprops/);
    expect(() =>
      parseScenario(
        JSON.stringify({ id: 'a-b', title: 'T', kind: 'email', profile: { colour: 'red' } }),
        'a-b.json',
      ),
    ).toThrow('a-b.json: profile.colour is no profile field');
    expect(() => parseScenario('{"id": ', 'broken.json')).toThrow(/^broken\.json: not JSON/);
  });
});

describe('the prompts', () => {
  it('a prompt whose text changed has a new version: results never credit it to the old one', async () => {
    const recorded = JSON.parse(
      await readFile(join(import.meta.dirname, 'prompt-versions.json'), 'utf8'),
    ) as Record<string, PromptFingerprint>;
    const now = await promptFingerprints();
    for (const kind of SCENARIO_KINDS) {
      const [was, is] = [recorded[kind], now[kind]];
      // A changed text under the same version: raise the version (PROMPT_VERSIONS in
      // domain/playbooks/systemPrompts.ts, or domain/playbooks/modelCalls.ts), then record
      // eval/promptVersions.ts's new fingerprints in eval/prompt-versions.json.
      expect({ kind, ...is }).toEqual({ kind, ...was });
    }
  });

  it('every flow the eval scores has a rubric of its own for the judge', async () => {
    const judge = await loadJudge({ model: 'judge', baseUrl: fake.url, apiKey: undefined }, 1000);
    for (const kind of SCENARIO_KINDS)
      expect({ kind, own: rubricFor(judge, { kind }) !== judge.rubrics.default }).toEqual({
        kind,
        own: true,
      });
  });
});

describe('the checks', () => {
  it('every sample pair: the bad answer loses on each check that should catch it, and overall', () => {
    expect(sampled().length).toBeGreaterThanOrEqual(10);
    for (const s of sampled()) {
      const good = checkAnswer(s, s.samples!.good);
      const bad = checkAnswer(s, s.samples!.bad);
      for (const name of s.samples!.caughtBy) {
        const [g, b] = [good, bad].map((r) => r.find((c) => c.name === name)?.score);
        expect({
          scenario: s.id,
          check: name,
          caught: b !== undefined && g !== undefined && b < g,
        }).toEqual({
          scenario: s.id,
          check: name,
          caught: true,
        });
      }
      expect({ scenario: s.id, worse: scoreOf(bad) < scoreOf(good) }).toEqual({
        scenario: s.id,
        worse: true,
      });
    }
  });

  it('the samples catch an invented fact, two asks and a blank left in, each more than once', () => {
    const caught = sampled().flatMap((s) => s.samples!.caughtBy);
    for (const name of ['invented-facts', 'one-ask', 'placeholders'] as const)
      expect(caught.filter((c) => c === name).length).toBeGreaterThanOrEqual(3);
  });

  it('an invented name or number is flagged; the inputs’ own, a call’s length and sentence starts are not', () => {
    const known = 'Dana Ortiz at Freightly cut ramp time 32% with Acme; pricing $40,000 a year.';
    expect(
      inventedFacts(
        'Hi Dana. Freightly could see 32% faster ramp, as Acme did, for $40,000. **Response:** “Fair point.” Worth a 20-minute call?',
        known,
      ),
    ).toMatchObject({ score: 1 });
    const invented = inventedFacts(
      'Like Globex, teams see 47% more meetings. Ask Priya at Freightly.',
      known,
    );
    expect(invented.score).toBeLessThan(1);
    expect(invented.detail).toContain('47');
    expect(invented.detail).toContain('Priya');
    expect(invented.detail).not.toContain('Freightly');
  });

  it('on a Markdown answer: headings, bold labels, tables, times, dates and short amounts name nothing new', () => {
    const known =
      'Dana Ortiz at Freightly; ramp cut from 6 months to 10 weeks; $38,000 a year; demo June 3.';
    const answer = [
      '## Key Takeaways for Freightly',
      '**Next Step Owner:** Dana Ortiz',
      '',
      '| Metric | Before | After |',
      '| --- | --- | --- |',
      '| Ramp | 6 months | 10 weeks |',
      '',
      'Dana can expect $38k a year, on an iPhone too. The demo is 2025-06-03 at 2:00 pm.',
    ].join('\n');
    expect(inventedFacts(answer, known)).toMatchObject({ score: 1 });
    const invented = inventedFacts(
      `${answer}\nMaria Lopez signed. Our partner Globex paid $52k.`,
      known,
    );
    expect(invented.detail).toBe('not in the inputs: Lopez, Globex, 52000');
  });

  it('reads a GTM plan and a competitor matrix as the app does: whole ones pass, broken ones fail', () => {
    const plan = scenarios.find((s) => s.kind === 'gtmplan')!;
    expect(format(plan, JSON.stringify(draftGtmPlan(plan.answers))).score).toBe(1);
    expect(format(plan, JSON.stringify(draftGtmPlan(plan.answers)).slice(0, -40)).detail).toBe(
      'not JSON',
    );

    const matrix = scenarios.find((s) => s.kind === 'competitors')!;
    expect(
      format(matrix, analysis([row('Price', ['Ramp', 'Brex']), row('Fit', ['Ramp', 'Brex'])])),
    ).toMatchObject({
      score: 1,
      detail: '2 competitors, 2 rows, 4/4 cells scored',
    });
    expect(format(matrix, analysis([row('Price', ['Ramp']), row('Fit', ['Brex'])])).score).toBe(
      0.5,
    );
    expect(format(matrix, 'Here is the matrix you asked for.').score).toBe(0);
  });
});

describe('a run on the fake model', () => {
  it('prints a table per scenario, per flow and in total, and writes the report and results', async () => {
    answerWithSamples('good');
    const lines: string[] = [];
    const outcome = await runEval(options({ print: (l) => lines.push(l) }));
    expect(outcome.exitCode).toBe(0);
    const printed = lines.join('\n');
    for (const s of scenarios) expect(printed).toContain(s.id);
    for (const kind of [...SCENARIO_KINDS, 'total']) expect(printed).toMatch(summaryRow(kind));
    expect(outcome.results.promptVersions.email).toBe('cold-email-1');
    const files = await readdir(out);
    expect(files.filter((f) => f.endsWith('.md'))).toHaveLength(1);
    const report = await readFile(outcome.reportPath, 'utf8');
    expect(report).toContain(`Model **gpt-4o**`);
    expect(report).toContain(sampled()[0]!.samples!.good.split('\n')[0]);
    // Tokens in and out, as the server counted them.
    expect(outcome.results.scenarios.every((s) => s.tokens.in > 0 && s.tokens.out > 0)).toBe(true);
  });

  it('a run whose answers got worse fails against the saved baseline, naming the scenarios that fell', async () => {
    answerWithSamples('good');
    const before = await runEval(options({ saveBaseline: true }));
    expect(before.exitCode).toBe(0);

    answerWithSamples('bad');
    const lines: string[] = [];
    const after = await runEval(options({ print: (l) => lines.push(l) }));
    const fell = after.results.scenarios
      .filter((s) => before.results.scenarios.find((b) => b.id === s.id)!.score - s.score > 10)
      .map((s) => s.id);
    expect(fell.length).toBeGreaterThan(0);
    // Only answers that changed can fall: the scenarios the fake answered with a worse sample.
    const worsened = new Set(sampled().map((s) => s.id));
    expect(fell.filter((id) => !worsened.has(id))).toEqual([]);
    expect(after.exitCode).toBe(1);
    expect(after.comparison!.dropped.map((d) => d.id)).toEqual(fell);
    for (const id of fell)
      expect(lines.join('\n')).toMatch(new RegExp(`^    ${id}: \\d+ → \\d+$`, 'm'));

    // The same answers again: nothing fell, the run passes.
    answerWithSamples('good');
    expect((await runEval(options())).exitCode).toBe(0);
  });

  it('a judge scores each answer on its flow’s rubric; the model judged cannot judge itself', async () => {
    answerWithSamples('good');
    const judged: ReceivedRequest[] = [];
    fake.answerWith((request) => {
      if (request.model !== 'judge-model') {
        const sample = scenarioOf(request)?.samples?.good;
        return sample ? { reply: sample } : undefined;
      }
      judged.push(request);
      const ids = [...request.messages[0]!.content.matchAll(/^- ([a-z-]+): /gm)].map((m) => m[1]);
      return {
        reply: JSON.stringify({
          scores: ids.map((criterion) => ({ criterion, score: 4, reason: 'Names the prospect.' })),
        }),
      };
    });
    const outcome = await runEval(
      options({
        only: 'email',
        judge: { model: 'judge-model', baseUrl: fake.url, apiKey: 'sk-test' },
      }),
    );
    const emails = outcome.results.scenarios;
    expect(emails.length).toBeGreaterThan(0);
    expect(judged).toHaveLength(emails.length);
    expect(judged[0]!.messages[0]!.content).toContain(
      'one-ask: Does it end with one clear, easy ask',
    );
    for (const s of emails) expect(s.judge).toMatchObject({ mean: 4 });

    await expect(
      runEval(options({ judge: { model: 'gpt-4o', baseUrl: fake.url, apiKey: undefined } })),
    ).rejects.toThrow('the judge must be another model than the one judged');
  });

  it('a call that fails or answers nothing fails the run and is never kept as the baseline', async () => {
    const dir = await mkdtemp(join(out, 'failed-'));
    const [first, second] = scenarios.filter((s) => s.kind === 'email');
    fake.answerWith((request) => {
      const s = scenarioOf(request);
      if (s === first) return { status: 500 };
      if (s === second) return { reply: '' };
      return undefined;
    });
    const lines: string[] = [];
    const outcome = await runEval(
      options({ outDir: dir, only: 'email', saveBaseline: true, print: (l) => lines.push(l) }),
    );
    expect(outcome.exitCode).toBe(1);
    const byId = new Map(outcome.results.scenarios.map((s) => [s.id, s]));
    expect(byId.get(first!.id)).toMatchObject({ score: 0, error: expect.stringContaining('500') });
    expect(byId.get(second!.id)).toMatchObject({ score: 0, error: 'the model answered nothing' });
    expect(outcome.results.byKind.email!.failed).toBe(2);
    expect(lines.join('\n')).toContain(
      `2 call(s) failed (${first!.id}, ${second!.id}): is the model server up, and the model named right? Nothing was kept as the baseline.`,
    );
    expect(await readdir(dir)).not.toContain('baseline.json');
  });

  it('a baseline saved for one flow keeps the others; a scenario changed since is not compared', async () => {
    const dir = await mkdtemp(join(out, 'partial-'));
    const copy = await mkdtemp(join(out, 'scenarios-'));
    for (const file of await readdir(SCENARIOS_DIR))
      await writeFile(join(copy, file), await readFile(join(SCENARIOS_DIR, file)));
    const run = (more: Partial<EvalOptions>) =>
      runEval(options({ outDir: dir, scenariosDir: copy, ...more }));

    answerWithSamples('good');
    await run({ saveBaseline: true });
    answerWithSamples('bad');
    expect((await run({ only: 'email', saveBaseline: true })).exitCode).toBe(0);
    const kept = JSON.parse(await readFile(join(dir, 'baseline.json'), 'utf8')) as EvalResults;
    expect(kept.scenarios).toHaveLength(scenarios.length);

    // Bad emails are now the baseline for emails only: the good ones rise, nothing else moves.
    answerWithSamples('good');
    const again = await run({});
    expect(again.exitCode).toBe(0);
    const moved = again.comparison!.deltas.filter((d) => d.after !== d.before);
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((d) => d.after > d.before && d.id.startsWith('email-'))).toBe(true);

    // An email scenario rewritten since: its answer now scores worse, but it is no comparison.
    const file = join(copy, `${sampled().find((s) => s.kind === 'email')!.id}.json`);
    const edited = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...edited, title: `${edited.title}, again` }));
    await run({ saveBaseline: true });
    await writeFile(file, JSON.stringify({ ...edited, title: `${edited.title}, once more` }));
    answerWithSamples('bad');
    const lines: string[] = [];
    const changed = await run({ only: edited.id, print: (l) => lines.push(l) });
    expect(changed.exitCode).toBe(0);
    expect(changed.comparison).toMatchObject({ changed: [edited.id], deltas: [] });
    expect(lines.join('\n')).toContain(`changed since, not compared: ${edited.id}`);
  });

  it('a judge that fails leaves its column empty and says so in the report; the run still scores', async () => {
    const dir = await mkdtemp(join(out, 'judge-failed-'));
    fake.answerWith((request) => (request.model === 'judge-model' ? { status: 500 } : undefined));
    const lines: string[] = [];
    const outcome = await runEval(
      options({
        outDir: dir,
        only: 'crmnote',
        judge: { model: 'judge-model', baseUrl: fake.url, apiKey: 'sk-test' },
        print: (l) => lines.push(l),
      }),
    );
    expect(outcome.exitCode).toBe(0);
    const crm = outcome.results.scenarios[0]!;
    expect(crm.judge).toMatchObject({
      scores: [],
      error: expect.stringContaining('the judge failed'),
    });
    expect(lines.join('\n')).toMatch(new RegExp(`^${crm.id}\\s+crmnote\\s+\\d+\\s+–\\s`, 'm'));
    expect(await readFile(outcome.reportPath, 'utf8')).toContain('- judge: the judge failed');
  });

  it('a baseline file that is no baseline is said, and a run saving a new one replaces it', async () => {
    const dir = await mkdtemp(join(out, 'broken-baseline-'));
    await writeFile(join(dir, 'baseline.json'), '{"not": "a baseline"}');
    fake.answerWith(undefined);
    await expect(runEval(options({ outDir: dir, only: 'crmnote' }))).rejects.toThrow(
      'baseline.json is not a baseline (it holds no scenarios): save one again with --save-baseline',
    );
    expect(
      (await runEval(options({ outDir: dir, only: 'crmnote', saveBaseline: true }))).exitCode,
    ).toBe(0);
    expect(
      (await runEval(options({ outDir: dir, only: 'crmnote' }))).comparison?.deltas,
    ).toHaveLength(scenarios.filter((s) => s.kind === 'crmnote').length);
  });

  it('a judge’s answer that leaves a criterion out or is not JSON is said, not guessed', () => {
    const rubric = [
      { id: 'specific', question: '?' },
      { id: 'one-ask', question: '?' },
    ];
    expect(
      readVerdict('{"scores":[{"criterion":"specific","score":5,"reason":"ok"}]}', rubric),
    ).toEqual({
      mean: 5,
      scores: [{ criterion: 'specific', score: 5, reason: 'ok' }],
      error: 'the judge gave no score for one-ask',
    });
    expect(readVerdict('I think it is good', rubric)).toMatchObject({
      mean: 0,
      error: 'the judge did not answer JSON',
    });
    // Text in the answer that looks like a slot of the template stays as it is.
    expect(judgePrompt('{{answer}} / {{inputs}}', rubric, 'in', 'Hi {{inputs}}')).toBe(
      'Hi {{inputs}} / in',
    );
  });
});

describe('npm run eval', () => {
  it('runs on the model server it is given and prints the table', async () => {
    fake.answerWith(undefined);
    const run = await cli(['--out', join(out, 'cli')], {
      OPENAI_BASE_URL: fake.url,
      LLM_MODELS: 'gpt-4o',
      // A production server's settings the eval does not need are not asked for.
      NODE_ENV: 'production',
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    for (const kind of [...SCENARIO_KINDS, 'total']) expect(run.stdout).toMatch(summaryRow(kind));
    expect(run.stdout).not.toContain('failed (');
  });

  it("sends the model's key to a judge only on the model's own server", async () => {
    const other = await startFakeOpenAI();
    try {
      fake.answerWith(undefined);
      const judged = (judgeFlags: string[]) =>
        cli(
          [
            '--only',
            'crmnote-routewise',
            '--judge',
            'judge-model',
            ...judgeFlags,
            '--out',
            join(out, 'cli'),
          ],
          { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-model-secret' },
        );

      expect((await judged([])).code).toBe(0);
      expect(judgeKeysSeen(fake).at(-1)).toBe('Bearer sk-model-secret');
      expect((await judged(['--judge-base-url', other.url])).code).toBe(0);
      expect(judgeKeysSeen(other)).toEqual(['Bearer not-needed']);
      expect(
        (await judged(['--judge-base-url', other.url, '--judge-api-key', 'sk-judge'])).code,
      ).toBe(0);
      expect(judgeKeysSeen(other).at(-1)).toBe('Bearer sk-judge');
    } finally {
      await other.close();
    }
  });

  it('a flag with a bad value is named, and nothing is asked of the model', async () => {
    const asked = fake.requests.length;
    const env = { OPENAI_BASE_URL: fake.url };
    for (const [args, said] of [
      [['--margin=-3'], '--margin -3: must be a number of points, 0 or more'],
      [['--timeout', 'soon'], '--timeout soon: must be a number of seconds, more than 0'],
      [['--concurrency', '0'], '--concurrency 0: must be a whole number, 1 or more'],
      [['--only', 'no-such-scenario'], "no scenario matches 'no-such-scenario'"],
      [['--colour'], "Unknown option '--colour'"],
    ] as const) {
      const run = await cli([...args, '--out', join(out, 'cli')], env);
      expect({ args, code: run.code, said: run.stderr.includes(said) }).toEqual({
        args,
        code: 2,
        said: true,
      });
    }
    expect(fake.requests.length).toBe(asked);
  });

  it('with no model, says how to name one and exits 2', async () => {
    const run = await cli(['--out', join(out, 'cli')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('No model to evaluate');
    expect(run.stderr).toContain('OPENAI_BASE_URL');
  });
});
