import { describe, expect, it } from 'vitest';
import { emailHtml } from './emailHtml';

describe('an email as the HTML a mail app pastes', () => {
  it('keeps paragraphs and line breaks, links addresses, and escapes the rest', () => {
    expect(
      emailHtml(
        'Subject: Ramp <time>\n\nHi Dana,\n\nBook here: https://cal.com/sam/20min.\nOr write to sam@pipewise.io.\n\nBest,\nSam',
      ),
    ).toBe(
      '<p>Subject: Ramp &lt;time&gt;</p><p>Hi Dana,</p>' +
        '<p>Book here: <a href="https://cal.com/sam/20min">https://cal.com/sam/20min</a>.<br>' +
        'Or write to <a href="mailto:sam@pipewise.io">sam@pipewise.io</a>.</p><p>Best,<br>Sam</p>',
    );
  });

  it('never makes a link of script or a quote that would end its attribute', () => {
    const html = emailHtml('javascript:alert(1) and https://x.example/"onmouseover="alert(1)');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain(
      '<a href="https://x.example/">https://x.example/</a>&quot;onmouseover=&quot;alert(1)',
    );
  });

  it('reads a 200 kB paste of dots after an address in linear time', () => {
    const html = emailHtml(`https://x.example/${'.'.repeat(1_999)} ${'a.'.repeat(100_000)}`);
    expect(html.startsWith('<p><a href="https://x.example/">')).toBe(true);
  });
});
