import { z } from 'zod';
import { CompetitorAnalysis } from '../contract/playbooks';

export const INPUT_REQUIRED_TITLE = 'Input Required';
export const INPUT_REQUIRED_MESSAGE = 'Please enter a product or market to analyze.';
export const ANALYSIS_FAILED_TITLE = 'Analysis Failed';
export const ANALYSIS_FAILED_MESSAGE =
  'There was an error analyzing competitors. Please try again.';
export const FETCH_FAILED = 'Failed to fetch competitor analysis';
export const BODY_NOT_READABLE = 'Response body is not readable';

/** The chat message sent before the call. */
export function analyzeCompetitorsMessage(description: string): string {
  return `Analyze competitors for: ${description.trim()}`;
}

/** Saved history (every finished workflow is saved): the type label and the item's name. */
export const COMPETITIVE_WORKFLOW_TYPE = 'Competitive Analysis';
export const ANALYSIS_SAVED_TOAST = {
  header: 'Analysis Saved',
  message: 'Your competitive analysis is in your saved history.',
};
export const SAVED_ANALYSIS_MISSING_TOAST = {
  header: 'Analysis not found',
  message: 'This saved analysis is no longer available.',
};
export const SAVED_ANALYSIS_OFFLINE_TITLE = 'Analysis not on this device yet';

export function competitiveWorkflowName(topic: string): string {
  return `${COMPETITIVE_WORKFLOW_TYPE}: ${topic.trim()}`.slice(0, 200);
}

/** What a saved analysis keeps: the description asked about and the result. */
export const SavedAnalysis = z.object({ description: z.string(), analysis: CompetitorAnalysis });
export type SavedAnalysis = z.infer<typeof SavedAnalysis>;

/** A saved analysis from its stored text; null when it is not one (damaged, or another shape). */
export function parseSavedAnalysis(text: string): SavedAnalysis | null {
  try {
    const parsed = SavedAnalysis.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The model's instructions: one CompetitorAnalysis JSON object, 2 to 4 competitors. */
export const COMPETITOR_ANALYSIS_INSTRUCTIONS = [
  'You are a competitive-intelligence analyst. Answer with one JSON object and nothing else:',
  '{"topic": string, "summary": string, "competitors": [{"name": string, "description": string, "strengths": string[], "weaknesses": string[], "pricing": string, "target_customers": string}],',
  ' "comparison_matrix": [{"category": string, "description": string, "<competitor name>": {"score": number 0-10, "notes": string}, ...}], "insights": string[]}',
  'List 2 to 4 real competitors. Give 4 to 6 matrix categories with a score for every competitor.',
].join('\n');

export type ScoreColour = 'green' | 'amber' | 'red';

/** Scores out of 10: 8 or more green, 5 to 7 amber, below 5 red. */
export function scoreColour(score: number): ScoreColour {
  if (score >= 8) return 'green';
  if (score >= 5) return 'amber';
  return 'red';
}

/**
 * The analysis, once the streamed text parses as JSON with a topic and competitors; undefined
 * while it does not (partial JSON is ignored until it parses).
 */
export function parseStreamedAnalysis(text: string): CompetitorAnalysis | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
  const parsed = CompetitorAnalysis.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** A competitor's score in a matrix row, if the row has one. */
export function scoreOf(
  row: Record<string, unknown>,
  competitor: string,
): { score: number; notes: string } | undefined {
  const cell = row[competitor] as { score?: unknown; notes?: unknown } | undefined;
  return cell && typeof cell.score === 'number'
    ? { score: cell.score, notes: typeof cell.notes === 'string' ? cell.notes : '' }
    : undefined;
}

/** A spreadsheet takes a cell starting with one of these as a formula (OWASP: CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. The model writes these texts, so a formula-like start gets a leading quote mark that
 * makes a spreadsheet show it as text; such a cell is always quoted, so the mark survives any reader.
 */
function csvCell(value: string): string {
  const neutralised = FORMULA_START.test(value);
  const text = neutralised ? `'${value}` : value;
  return neutralised || /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The comparison matrix as CSV: a row per category, a score column per competitor. */
export function matrixToCsv(analysis: CompetitorAnalysis): string {
  const names = analysis.competitors.map((c) => c.name);
  const header = ['Category', 'Description', ...names.flatMap((n) => [`${n} score`, `${n} notes`])];
  const rows = analysis.comparison_matrix.map((row) => [
    row.category,
    row.description ?? '',
    ...names.flatMap((n) => {
      const s = scoreOf(row, n);
      return [s ? String(s.score) : '', s?.notes ?? ''];
    }),
  ]);
  return [header, ...rows].map((r) => r.map((v) => csvCell(String(v))).join(',')).join('\n');
}

/**
 * Initials for the locally drawn avatar that stands for a competitor. No logo is fetched: the avatar
 * works offline and leaks no competitor names to a logo service.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** A titled Markdown list, or nothing when it has no items. */
const titledList = (title: string, items: readonly string[]) =>
  items.length ? [`**${title}**`, items.map((item) => `- ${item}`).join('\n')] : [];

/** Text for one Markdown table cell: a '|' would end the cell, a line break the row. */
const tableCell = (text: string) =>
  text
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();

/** One competitor as Markdown: its name as a heading, then what is known of it. */
const competitorMarkdown = (c: CompetitorAnalysis['competitors'][number]) => [
  `### ${c.name}`,
  c.description,
  c.pricing && `**Pricing:** ${c.pricing}`,
  c.target_customers && `**Target customers:** ${c.target_customers}`,
  ...titledList('Strengths', c.strengths),
  ...titledList('Weaknesses', c.weaknesses),
];

/**
 * A saved analysis as Markdown, for its share link and its files: what was asked, the summary, each
 * competitor, the comparison matrix as a table (a score out of 10 and its notes in each cell), and
 * the insights.
 */
export function analysisMarkdown({ description, analysis }: SavedAnalysis): string {
  const names = analysis.competitors.map((c) => c.name);
  const matrix = analysis.comparison_matrix.length
    ? [
        '## Comparison matrix',
        [
          `| Category | ${names.map(tableCell).join(' | ')} |`,
          `|---|${names.map(() => '---').join('|')}|`,
          ...analysis.comparison_matrix.map((row) => {
            const cells = names.map((name) => {
              const score = scoreOf(row, name);
              if (!score) return '';
              return tableCell(`${score.score}/10${score.notes ? ` · ${score.notes}` : ''}`);
            });
            return `| ${tableCell(row.category)} | ${cells.join(' | ')} |`;
          }),
        ].join('\n'),
      ]
    : [];
  return [
    `*Asked about:* ${description.trim()}`,
    analysis.summary,
    '## Competitors',
    ...analysis.competitors.flatMap(competitorMarkdown),
    ...matrix,
    ...(analysis.insights.length
      ? ['## Insights', analysis.insights.map((i) => `- ${i}`).join('\n')]
      : []),
  ]
    .filter((part) => part && part.trim())
    .join('\n\n');
}
