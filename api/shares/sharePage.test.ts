import { describe, expect, it } from 'vitest';
import { renderSharedMarkdown } from './sharePage';

describe('a shared page’s content', () => {
  it('sits its headings one level under the page’s own title, never past h6', () => {
    const html = renderSharedMarkdown(
      '# Go-to-Market Plan\n\n## Executive Summary\n\n###### Notes',
    );
    expect(html).toContain('<h2>Go-to-Market Plan</h2>');
    expect(html).toContain('<h3>Executive Summary</h3>');
    expect(html).toContain('<h6>Notes</h6>');
    expect(html).not.toContain('<h1>');
  });

  it('shows a task’s box as a mark, not as a form field without a label', () => {
    const html = renderSharedMarkdown('- [ ] Book the pilot\n- [x] Send the deck');
    expect(html).toContain('☐ Book the pilot');
    expect(html).toContain('☑ Send the deck');
    expect(html).not.toContain('<input');
  });

  it('reads entities as the chat does, and code as it is written', () => {
    const html = renderSharedMarkdown('AT&amp;T, &copy; 2026, 5 < 6 and `a&amp;b`');
    expect(html).toContain('AT&amp;T, © 2026, 5 &lt; 6 and <code>a&amp;amp;b</code>');
  });

  it('shows backslash-escaped markup as the text it is, never as an element', () => {
    const html = renderSharedMarkdown(
      '\\<meta/http-equiv=refresh/content=0;url=//evil.example\\> and \\<style\\>body{display:none}\\</style\\>',
    );
    expect(html).not.toMatch(/<meta|<style/);
    expect(html).toContain('&lt;meta/http-equiv=refresh/content=0;url=//evil.example&gt;');
    expect(html).toContain('&lt;style&gt;body{display:none}&lt;/style&gt;');
  });
});
