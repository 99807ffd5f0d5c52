import { describe, expect, it } from 'vitest';
import type { CompetitorAnalysis } from '../contract/playbooks';
import { analysisMarkdown, matrixToCsv } from './competitive';

/** Parses our CSV back into cells (RFC 4180 quoting), so the test reads what a spreadsheet would. */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    rows.at(-1)!.push(cell);
    cell = '';
  };
  for (let i = 0; i < csv.length; i++) {
    const ch = csv[i]!;
    if (quoted && ch === '"' && csv[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (quoted) cell += ch;
    else if (ch === ',') endCell();
    else if (ch === '\n') {
      endCell();
      rows.push([]);
    } else cell += ch;
  }
  endCell();
  return rows;
}

const HOSTILE = ['=HYPERLINK("http://evil","x")', '+1+1', '-2+3', '@SUM(1)', '\t=1', '\r=1'];

const competitor = (name: string) => ({
  name,
  logo_url: '',
  description: '',
  strengths: [],
  weaknesses: [],
  pricing: '',
  target_customers: '',
});

function hostileAnalysis(): CompetitorAnalysis {
  return {
    topic: 'CRM',
    summary: '',
    competitors: HOSTILE.map(competitor),
    comparison_matrix: HOSTILE.map((text) => ({
      category: text,
      description: text,
      ...Object.fromEntries(HOSTILE.map((name) => [name, { score: 5, notes: text }])),
    })),
    insights: HOSTILE,
  };
}

/** What a spreadsheet would take as a formula: a cell starting with = + - @, tab or carriage return. */
const looksLikeFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell);

describe('competitor CSV export', () => {
  it('a cell the model wrote that starts like a formula is neutralised with a leading quote', () => {
    const rows = parseCsv(matrixToCsv(hostileAnalysis()));
    const cells = rows.flat();
    expect(cells.filter(looksLikeFormula)).toEqual([]);
    // Every hostile text is still there, intact after the quote mark: names in the header, categories, descriptions, notes.
    expect(rows[0]!.slice(2, 4)).toEqual([
      `'=HYPERLINK("http://evil","x") score`,
      `'=HYPERLINK("http://evil","x") notes`,
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(HOSTILE.map((text) => `'${text}`));
    expect(rows.slice(1).map((row) => row[1])).toEqual(HOSTILE.map((text) => `'${text}`));
    expect(rows[1]!.slice(2, 4)).toEqual(['5', `'${HOSTILE[0]}`]);
    // One header row and one row per category: no cell's newline or quote broke the structure.
    expect(rows).toHaveLength(1 + HOSTILE.length);
    expect(rows.every((row) => row.length === 2 + HOSTILE.length * 2)).toBe(true);
  });

  it('a neutralised cell is quoted, so its quote mark and inner quotes survive any reader', () => {
    const csv = matrixToCsv(hostileAnalysis());
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csv).toContain(`"'+1+1"`);
    expect(csv).toContain(`"'\r=1"`);
  });

  it('ordinary text, numbers and a dash inside a cell are left as they were', () => {
    const analysis = hostileAnalysis();
    analysis.competitors = [{ ...analysis.competitors[0]!, name: 'Jobber' }];
    analysis.comparison_matrix = [
      { category: 'Price', description: 'Cost - all in', Jobber: { score: 8, notes: 'a+b' } },
    ];
    expect(matrixToCsv(analysis)).toBe(
      'Category,Description,Jobber score,Jobber notes\nPrice,Cost - all in,8,a+b',
    );
  });
});

describe('a saved analysis as Markdown', () => {
  const analysis: CompetitorAnalysis = {
    topic: 'Team chat',
    summary: 'Mobile wins.',
    competitors: [
      {
        name: 'Slack',
        logo_url: '',
        description: 'Channels.',
        strengths: ['Integrations'],
        weaknesses: [],
        pricing: '$8.75/user',
        target_customers: '',
      },
      {
        name: 'Connect|team',
        logo_url: '',
        description: '',
        strengths: [],
        weaknesses: ['Busy UI'],
        pricing: '',
        target_customers: 'Field teams',
      },
    ],
    comparison_matrix: [
      {
        category: 'Mobile',
        description: '',
        Slack: { score: 6, notes: 'Good\non phones' },
        'Connect|team': { score: 9, notes: '' },
      },
    ],
    insights: [],
  };

  it('keeps the matrix a table whose cells a | or a line break cannot split, and leaves out what is empty', () => {
    const markdown = analysisMarkdown({ description: 'Team chat for shifts', analysis });
    expect(markdown).toContain('| Category | Slack | Connect\\|team |');
    expect(markdown).toContain('| Mobile | 6/10 · Good on phones | 9/10 |');
    expect(markdown).toContain('**Strengths**\n\n- Integrations');
    expect(markdown).toContain('**Target customers:** Field teams');
    expect(markdown).not.toContain('**Weaknesses**\n\n- Integrations');
    expect(markdown).not.toContain('## Insights');
    expect(markdown.startsWith('*Asked about:* Team chat for shifts\n\nMobile wins.')).toBe(true);
  });
});
