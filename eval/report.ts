// What an eval run shows: a table per scenario, per flow and in total, the difference from the
// baseline, and the same as a Markdown report.
import type { EvalResults, ScenarioResult } from './run';

export interface Comparison {
  baselineModel: string;
  baselineDate: string;
  /** Every scenario both runs have: its score then and now. */
  deltas: Array<{ id: string; before: number; after: number }>;
  /** The scenarios whose score fell by more than the margin: the run fails. */
  dropped: Array<{ id: string; before: number; after: number }>;
  margin: number;
  /** Kinds whose prompt version changed since the baseline. */
  promptChanges: Array<{ kind: string; before: string; after: string }>;
  totalBefore: number;
}

export function compareWithBaseline(
  baseline: EvalResults,
  run: EvalResults,
  margin: number,
): Comparison {
  const before = new Map(baseline.scenarios.map((s) => [s.id, s.score]));
  const deltas = run.scenarios
    .filter((s) => before.has(s.id))
    .map((s) => ({ id: s.id, before: before.get(s.id)!, after: s.score }));
  return {
    baselineModel: baseline.model,
    baselineDate: baseline.date,
    deltas,
    dropped: deltas.filter((d) => d.before - d.after > margin),
    margin,
    promptChanges: Object.entries(run.promptVersions)
      .filter(([kind, v]) => baseline.promptVersions[kind] && baseline.promptVersions[kind] !== v)
      .map(([kind, after]) => ({ kind, before: baseline.promptVersions[kind]!, after })),
    totalBefore: baseline.total,
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
        ...(comparison ? [delta.has(s.id) ? signed(delta.get(s.id)!) : 'new'] : []),
        ...(judged ? [s.judge ? s.judge.mean.toFixed(1) : '–'] : []),
        `${s.tokens.in}/${s.tokens.out}`,
        clip(lostPoints(s)),
      ]),
    ]),
    '',
    ...columns([
      ['flow', 'scenarios', 'score'],
      ...Object.entries(run.byKind).map(([kind, k]) => [
        kind,
        String(k.scenarios),
        String(k.score),
      ]),
      [
        'total',
        String(run.scenarios.length),
        `${run.total}${comparison ? ` (${signed(run.total - comparison.totalBefore)} on the baseline)` : ''}`,
      ],
    ]),
  ];
  if (comparison) lines.push('', ...comparisonLines(comparison));
  return lines;
}

function comparisonLines(c: Comparison): string[] {
  const lines = [`Compared with the baseline of ${c.baselineDate} on ${c.baselineModel}:`];
  for (const p of c.promptChanges) lines.push(`  prompt ${p.kind}: ${p.before} → ${p.after}`);
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
    `Model **${run.model}**${run.baseUrl ? ` at ${run.baseUrl}` : ''}${run.judgeModel ? `, judged by **${run.judgeModel}**` : ''}. Total **${run.total}**/100 over ${run.scenarios.length} scenarios.`,
    '',
    'Prompt versions: ' +
      Object.entries(run.promptVersions)
        .map(([kind, v]) => `${kind} \`${v}\``)
        .join(', '),
    '',
    '| flow | scenarios | score |',
    '| --- | --- | --- |',
    ...Object.entries(run.byKind).map(([kind, k]) => `| ${kind} | ${k.scenarios} | ${k.score} |`),
    '',
    '| scenario | flow | score | judge | tokens in/out | lost points on |',
    '| --- | --- | --- | --- | --- | --- |',
    ...run.scenarios.map(
      (s) =>
        `| ${s.id} | ${s.kind} | ${s.score} | ${s.judge ? s.judge.mean.toFixed(1) : '–'} | ${s.tokens.in}/${s.tokens.out} | ${markdownCell(lostPoints(s))} |`,
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
    out.push('', '```text', s.error ? `(failed: ${s.error})` : s.answer, '```');
  }
  return `${out.join('\n')}\n`;
}
