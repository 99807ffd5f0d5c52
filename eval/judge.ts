// The optional judge: a second model scores an answer 1–5 on its flow's rubric, with a reason for
// each score. Its prompt and rubrics are data files beside this one (judge/prompt.md,
// judge/rubrics.json), so an operator can read and change what it is asked.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import OpenAI from 'openai';
import { z } from 'zod';
import type { Scenario } from './scenario';

const JUDGE_DIR = join(import.meta.dirname, 'judge');

const Criterion = z.object({ id: z.string().min(1), question: z.string().min(1) });
const Rubrics = z
  .record(z.string(), z.array(Criterion).min(1))
  .refine((r) => 'default' in r, 'must have a default rubric');

/** The judge's answer, as its prompt asks for it. */
const Verdict = z.object({
  scores: z.array(
    z.object({
      criterion: z.string(),
      score: z.coerce.number().int().min(1).max(5),
      reason: z.string().default(''),
    }),
  ),
});

export interface Judgement {
  /** The mean of the scores, 1–5; 0 when the judge gave none that could be read. */
  mean: number;
  scores: Array<{ criterion: string; score: number; reason: string }>;
  /** The judge's answer could not be read: what was wrong. */
  error?: string;
}

export interface Judge {
  client: OpenAI;
  model: string;
  template: string;
  rubrics: Record<string, Array<{ id: string; question: string }>>;
}

export async function loadJudge(
  opts: { model: string; baseUrl: string | undefined; apiKey: string | undefined },
  timeoutMs: number,
  dir = JUDGE_DIR,
): Promise<Judge> {
  const [template, rubricsText] = await Promise.all([
    readFile(join(dir, 'prompt.md'), 'utf8'),
    readFile(join(dir, 'rubrics.json'), 'utf8'),
  ]);
  const rubrics = Rubrics.safeParse(JSON.parse(rubricsText));
  if (!rubrics.success)
    throw new Error(
      `${join(dir, 'rubrics.json')}: ${rubrics.error.issues.map((i) => `${i.path.join('.') || 'the file'} ${i.message}`).join('; ')}`,
    );
  return {
    client: new OpenAI({
      apiKey: opts.apiKey ?? 'not-needed',
      baseURL: opts.baseUrl,
      timeout: timeoutMs,
      maxRetries: 2,
    }),
    model: opts.model,
    template,
    rubrics: rubrics.data,
  };
}

/** The rubric a scenario's answer is judged on: its flow's, an email flow's for both emails, else the default. */
export function rubricFor(judge: Pick<Judge, 'rubrics'>, scenario: Pick<Scenario, 'kind'>) {
  return judge.rubrics[scenario.kind] ?? judge.rubrics.default!;
}

/** The judge's prompt for one answer: the template with the rubric, the inputs and the answer in. */
export function judgePrompt(
  template: string,
  rubric: Judge['rubrics'][string],
  inputs: string,
  answer: string,
): string {
  const slots: Record<string, string> = {
    rubric: rubric.map((c) => `- ${c.id}: ${c.question}`).join('\n'),
    inputs,
    answer,
  };
  // One pass, so text in the inputs or the answer that looks like a slot is left as it is.
  return template.replace(/\{\{(rubric|inputs|answer)\}\}/g, (_, slot: string) => slots[slot]!);
}

export async function judgeAnswer(
  judge: Judge,
  scenario: Scenario,
  inputs: string,
  answer: string,
): Promise<Judgement> {
  const rubric = rubricFor(judge, scenario);
  let text: string;
  try {
    const completion = await judge.client.chat.completions.create({
      model: judge.model,
      temperature: 0,
      max_tokens: 800,
      response_format: { type: 'json_object' },
      messages: [{ role: 'user', content: judgePrompt(judge.template, rubric, inputs, answer) }],
    });
    text = completion.choices[0]?.message.content ?? '';
  } catch (err) {
    return { mean: 0, scores: [], error: `the judge failed: ${(err as Error).message}` };
  }
  return readVerdict(text, rubric);
}

/** The judge's scores for the rubric's criteria; any it left out or made up are said, not guessed. */
export function readVerdict(text: string, rubric: Judge['rubrics'][string]): Judgement {
  let parsed;
  try {
    parsed = Verdict.safeParse(
      JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)),
    );
  } catch {
    return { mean: 0, scores: [], error: 'the judge did not answer JSON' };
  }
  if (!parsed.success)
    return {
      mean: 0,
      scores: [],
      error: `the judge's answer is not a verdict: ${parsed.error.issues[0]?.message}`,
    };
  const wanted = new Set(rubric.map((c) => c.id));
  const scores = parsed.data.scores.filter((s) => wanted.has(s.criterion));
  const missing = rubric.filter((c) => !scores.some((s) => s.criterion === c.id)).map((c) => c.id);
  const mean = scores.length ? scores.reduce((sum, s) => sum + s.score, 0) / scores.length : 0;
  return {
    mean: Math.round(mean * 10) / 10,
    scores,
    ...(missing.length ? { error: `the judge gave no score for ${missing.join(', ')}` } : {}),
  };
}
