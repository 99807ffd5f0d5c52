import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { exportFileName, exportMarkdown } from '../../domain/exports/files';
import { attachment, exportDocx } from './exports';

const at = new Date('2026-11-29T12:00:00Z');

describe('a share exported as a file', () => {
  it('writes lists, task boxes, nested lists and only safe links into Word', async () => {
    const content = [
      '- [ ] Book the pilot',
      '- [x] Send the deck',
      '- see [notes](/chat) and [site](https://a.example)',
      '',
      '1. one',
      '2. two',
      '   - nested',
    ].join('\n');
    const docx = await exportDocx({ title: 'Plan', content, emailSubject: null }, at);
    const { value: html } = await mammoth.convertToHtml({ buffer: docx });
    expect(html).toContain('<li>☐ Book the pilot</li><li>☑ Send the deck</li>');
    expect(html).toContain('<li>see notes and <a href="https://a.example">site</a></li>');
    expect(html).toContain('<p>1. one</p><p>2. two</p>');
    expect(html).toContain('<li>nested</li>');
    expect(html).not.toContain('/chat');
  });

  it('puts an email’s subject and the date under the title, in Markdown and in Word', async () => {
    const email = { title: 'Cold Email to Dana', content: 'Hi Dana,', emailSubject: 'Ramp time' };
    expect(exportMarkdown(email, at)).toBe(
      '# Cold Email to Dana\n\n*29 November 2026*\n\n**Subject:** Ramp time\n\nHi Dana,',
    );
    const { value: text } = await mammoth.extractRawText({ buffer: await exportDocx(email, at) });
    expect(text).toMatch(/Cold Email to Dana\s+29 November 2026\s+Subject: Ramp time\s+Hi Dana,/);
  });

  it('names the file after its title, safely on every system', () => {
    expect(exportFileName('Plan: Q3 / EU "launch"', 'docx')).toBe('Plan Q3 EU launch.docx');
    expect(exportFileName('   ', 'md')).toBe('Pitchpad.md');
    // A long title is cut by characters: an emoji at the cut stays whole, and the download's
    // header can be made.
    const long = exportFileName(`${'a'.repeat(99)}🚀 and more`, 'pdf');
    expect(long).toBe(`${'a'.repeat(99)}🚀.pdf`);
    expect(() => attachment(long)).not.toThrow();
    expect(attachment('Plan für Q3.docx')).toBe(
      `attachment; filename="Plan f_r Q3.docx"; filename*=UTF-8''Plan%20f%C3%BCr%20Q3.docx`,
    );
  });

  it('writes entities and escaped characters into Word as the characters they are', async () => {
    const docx = await exportDocx(
      { title: 'Plan', content: 'AT&amp;T \\<b> and &copy;', emailSubject: null },
      at,
    );
    const { value: text } = await mammoth.extractRawText({ buffer: docx });
    expect(text).toContain('AT&T <b> and ©');
  });
});
