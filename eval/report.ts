// What an eval run shows: a table per scenario, per flow and in total, the difference from the
// baseline, and the same as a Markdown report.
import type { EvalResults, FlowSummary, ScenarioResult } from './run';

export interface Comparison {
  baselineModel: string;
  baselineDate: string;
  /** Every scenario both runs have, unchanged since: its score then and now. */
  deltas: Array<{ id: string; before: number; after: number }>;
  /** The scenarios whose score fell by more than the margin: the run fails. */
  dropped: Array<{ id: string; before: number; after: number }>;
  margin: number;
  /** Scenarios whose file changed since the baseline: their scores are not compared. */
  changed: string[];
  /** The baseline's scenarios this run did not run. */
  notRun: string[];
  /** Kinds whose prompt version changed since the baseline. */
  promptChanges: Array<{ kind: string; before: string; after: string }>;
  /** The mean score over the scenarios compared, then and now. */
  meanBefore: number;
  meanAfter: number;
}

const meanOf = (values: readonly number[]) =>
  values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : 0;

export function compareWithBaseline(
  baseline: EvalResults,
  run: EvalResults,
  margin: number,
): Comparison {
  const before = new Map(baseline.scenarios.map((s) => [s.id, s]));
  const ran = new Set(run.scenarios.map((s) => s.id));
  const both = run.scenarios.filter((s) => before.has(s.id));
  const changed = both.filter((s) => before.get(s.id)!.scenarioHash !== s.scenarioHash);
  const deltas = both
    .filter((s) => !changed.includes(s))
    .map((s) => ({ id: s.id, before: before.get(s.id)!.score, after: s.score }));
  return {
    baselineModel: baseline.model,
    baselineDate: baseline.date,
    deltas,
    dropped: deltas.filter((d) => d.before - d.after > margin),
    margin,
    changed: changed.map((s) => s.id),
    notRun: baseline.scenarios.filter((s) => !ran.has(s.id)).map((s) => s.id),
    promptChanges: Object.entries(run.promptVersions)
      .filter(([kind, v]) => baseline.promptVersions[kind] && baseline.promptVersions[kind] !== v)
      .map(([kind, after]) => ({ kind, before: baseline.promptVersions[kind]!, after })),
    meanBefore: meanOf(deltas.map((d) => d.before)),
    meanAfter: meanOf(deltas.map((d) => d.after)),
  };
}

const clip = (text: string) => (text.length > 90 ? `${text.slice(0, 89)}…` : text);
const markdownCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The checks that lost points, briefly: 'one-ask (2 asks); placeholders (left: [Name])'. */
function lostPoints(s: ScenarioResult): string {
  if (s.error) return `failed: ${s.error}`;
  return s.checks
    .filter((c) => c.score < 1)
    .map((c) => `${c.name} (${c.detail})`)
    .join('; ');
}

function columns(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) =>
    r
      .map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
}

function summaryRow(name: string, k: FlowSummary, judged: boolean): string[] {
  return [
    name,
    String(k.scenarios),
    String(k.score),
    ...(judged ? [k.judge === null ? '–' : k.judge.toFixed(1)] : []),
    `${k.tokens.in}/${k.tokens.out}`,
    String(k.failed),
  ];
}

/** The run as the terminal shows it. */
export function tableOf(run: EvalResults, comparison?: Comparison): string[] {
  const delta = new Map(comparison?.deltas.map((d) => [d.id, d.after - d.before]));
  const judged = run.judgeModel !== null;
  const lines = [
    `Pitchpad eval: ${run.scenarios.length} scenarios on ${run.model}${run.baseUrl ? ` at ${run.baseUrl}` : ''}${judged ? `, judged by ${run.judgeModel}` : ''}`,
    '',
    ...columns([
      [
        'scenario',
        'flow',
        'score',
        ...(comparison ? ['Δ'] : []),
        ...(judged ? ['judge'] : []),
        'tokens in/out',
        'lost points on',
      ],
      ...run.scenarios.map((s) => [
        s.id,
        s.kind,
        String(s.score),
        ...(comparison
          ? [
              delta.has(s.id)
                ? signed(delta.get(s.id)!)
                : comparison.changed.includes(s.id)
                  ? 'changed'
                  : 'new',
            ]
          : []),
        ...(judged ? [s.judge?.scores.length ? s.judge.mean.toFixed(1) : '–'] : []),
        `${s.tokens.in}/${s.tokens.out}`,
        clip(lostPoints(s)),
      ]),
    ]),
    '',
    ...columns([
      ['flow', 'scenarios', 'score', ...(judged ? ['judge'] : []), 'tokens in/out', 'failed'],
      ...Object.entries(run.byKind).map(([kind, k]) => summaryRow(kind, k, judged)),
      summaryRow('total', run.total, judged),
    ]),
  ];
  if (comparison) lines.push('', ...comparisonLines(comparison));
  return lines;
}

function comparisonLines(c: Comparison): string[] {
  const lines = [
    `Compared with the baseline of ${c.baselineDate} on ${c.baselineModel}: ${c.deltas.length} scenario(s), mean ${c.meanBefore} → ${c.meanAfter}.`,
  ];
  for (const p of c.promptChanges) lines.push(`  prompt ${p.kind}: ${p.before} → ${p.after}`);
  if (c.changed.length) lines.push(`  changed since, not compared: ${c.changed.join(', ')}`);
  if (c.notRun.length) lines.push(`  in the baseline, not run now: ${c.notRun.length}`);
  if (!c.dropped.length) lines.push(`  no scenario fell more than ${c.margin} points.`);
  else
    lines.push(
      `  ${c.dropped.length} scenario(s) fell more than ${c.margin} points:`,
      ...c.dropped.map((d) => `    ${d.id}: ${d.before} → ${d.after}`),
    );
  return lines;
}

/** The run as a Markdown report: the table, the comparison, and each answer with its checks. */
export function markdownReport(run: EvalResults, comparison?: Comparison): string {
  const out = [
    `# Pitchpad eval, ${run.date}`,
    '',
    `Model **${run.model}**${run.baseUrl ? ` at ${run.baseUrl}` : ''}${run.judgeModel ? `, judged by **${run.judgeModel}**` : ''}. Total **${run.total.score}**/100 over ${run.scenarios.length} scenarios, ${run.total.tokens.in} tokens in and ${run.total.tokens.out} out${run.total.failed ? `, ${run.total.failed} failed` : ''}.`,
    '',
    'Prompt versions: ' +
      Object.entries(run.promptVersions)
        .map(([kind, v]) => `${kind} \`${v}\``)
        .join(', '),
    '',
    '| flow | scenarios | score | judge | tokens in/out | failed |',
    '| --- | --- | --- | --- | --- | --- |',
    ...[...Object.entries(run.byKind), ['total', run.total] as const].map(
      ([kind, k]) =>
        `| ${kind} | ${k.scenarios} | ${k.score} | ${k.judge === null ? '–' : k.judge.toFixed(1)} | ${k.tokens.in}/${k.tokens.out} | ${k.failed} |`,
    ),
    '',
    '| scenario | flow | score | judge | tokens in/out | lost points on |',
    '| --- | --- | --- | --- | --- | --- |',
    ...run.scenarios.map(
      (s) =>
        `| ${s.id} | ${s.kind} | ${s.score} | ${s.judge?.scores.length ? s.judge.mean.toFixed(1) : '–'} | ${s.tokens.in}/${s.tokens.out} | ${markdownCell(lostPoints(s))} |`,
    ),
  ];
  if (comparison) out.push('', '## Against the baseline', '', ...comparisonLines(comparison));
  out.push('', '## Answers');
  for (const s of run.scenarios) {
    out.push(
      '',
      `### ${s.id}: ${s.title}`,
      '',
      `Score ${s.score} (prompt \`${s.promptVersion}\`).`,
      '',
    );
    for (const c of s.checks) out.push(`- ${c.name}: ${Math.round(c.score * 100)}%, ${c.detail}`);
    for (const j of s.judge?.scores ?? [])
      out.push(`- judge, ${j.criterion}: ${j.score}/5, ${j.reason}`);
    if (s.judge?.error) out.push(`- judge: ${s.judge.error}`);
    out.push('', '```text', s.error ? `(failed: ${s.error})` : s.answer, '```');
  }
  return `${out.join('\n')}\n`;
}
