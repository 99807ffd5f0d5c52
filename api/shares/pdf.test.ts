import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { exportPdf, MISSING_SCRIPT_NOTE, pdfDefinition, visualOrder } from './pdf';
import type { Snapshot } from '../../domain/exports/files';

const at = new Date('2026-11-29T12:00:00Z');

async function pdfText(snapshot: Snapshot): Promise<{ text: string; pages: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await exportPdf(snapshot, at)) as AsyncIterable<Buffer>)
    chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(doc, { mergePages: true });
  return { text, pages: totalPages };
}

const words = (list: string) => list.split(' ').map((text) => ({ text }));
const seen = (list: { text: string }[]) => list.map((w) => w.text).join(' ');

describe('words in the order they are seen', () => {
  it.each([
    ['a left-to-right line keeps its order', 'We met Dana', false, 'We met Dana'],
    [
      'an Arabic name in an English line reads right to left',
      'met محمد علي today',
      false,
      'met علي محمد today',
    ],
    ['a right-to-left line starts at the right', 'محمد علي هو', true, 'هو علي محمد'],
    [
      'a Latin name in an Arabic line keeps its own order',
      'شركة Acme Corp هي',
      true,
      'هي Acme Corp شركة',
    ],
    ['a number between Arabic words moves with them', 'عدد 25 شخص', true, 'شخص 25 عدد'],
  ])('%s', (_name, line, rtl, expected) => {
    expect(seen(visualOrder(words(line), rtl))).toBe(expected);
  });
});

describe('a share exported as a PDF', () => {
  it('writes the title, the date, an email’s subject and the text, Hebrew and Greek included', async () => {
    const { text } = await pdfText({
      title: 'Cold Email to Dana',
      content: 'Hi Dana,\n\nMeet שלום and Ελλάδα, then a [link](https://a.example).',
      emailSubject: 'Ramp time',
    });
    expect(text).toMatch(/Cold Email to Dana\s+29 November 2026\s+Subject: Ramp time\s+Hi Dana,/);
    expect(text).toContain('Meet שלום and Ελλάδα, then a link.');
    expect(text).toContain('Made with Pitchpad · 1 of 1');
    expect(text).not.toContain(MISSING_SCRIPT_NOTE);
  });

  it('says when some characters have no font in it, and still writes the rest', async () => {
    const { text } = await pdfText({
      title: 'Plan',
      content: 'Our partner in 上海 signs on Monday.',
      emailSubject: null,
    });
    expect(text).toContain(MISSING_SCRIPT_NOTE);
    expect(text).toContain('signs on Monday.');
  });

  it('prints hostile HTML as the words it is, never as markup or a fetched image', async () => {
    const content = [
      '<script>alert(1)</script>',
      '',
      '<img src="http://127.0.0.1:1/x.png" onerror="alert(2)">',
      '',
      '![tracker](http://127.0.0.1:1/pixel.png) and [bad](javascript:alert(3))',
    ].join('\n');
    const definition = pdfDefinition({ title: 'x', content, emailSubject: null }, at);
    expect(JSON.stringify(definition)).not.toMatch(/"image"|javascript:/);
    const { text } = await pdfText({ title: 'x', content, emailSubject: null });
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('tracker and bad');
  });

  it('lays a 40-column table on its side, every column a real column', async () => {
    const columns = Array.from({ length: 40 }, (_, i) => `C${i + 1}`);
    const content = [
      `| ${columns.join(' | ')} |`,
      `|${columns.map(() => '---').join('|')}|`,
      `| ${columns.map((_, i) => `v${i + 1}`).join(' | ')} |`,
    ].join('\n');
    const definition = pdfDefinition({ title: 'Wide', content, emailSubject: null }, at);
    expect(definition.pageOrientation).toBe('landscape');
    const table = (definition.content as { table?: { widths: unknown[]; body: unknown[][] } }[])
      .map((c) => c.table)
      .find(Boolean)!;
    expect(table.widths).toHaveLength(40);
    expect(table.body[1]).toHaveLength(40);
    const { text } = await pdfText({ title: 'Wide', content, emailSubject: null });
    expect(text).toContain('v40');
  });

  it('writes a 500 kB chat across pages, its last words included', async () => {
    const paragraph = 'Freightly ships pallets across the EU and wants a pilot in March. '.repeat(
      20,
    );
    const content = Array.from({ length: 380 }, (_, i) => `${paragraph}(${i + 1})`).join('\n\n');
    expect(content.length).toBeGreaterThan(500_000);
    const { text, pages } = await pdfText({ title: 'Long chat', content, emailSubject: null });
    expect(pages).toBeGreaterThan(100);
    expect(text).toContain('(380)');
  });
});
