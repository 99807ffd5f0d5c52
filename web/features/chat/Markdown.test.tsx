import { cleanup, render } from '@testing-library/react';
import ReactMarkdown from 'react-markdown';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gtmAnswer } from '../../../tests/factories/gtmAnswer';
import { isInAppPath, loadBlockSplitter, Markdown, MARKDOWN_OPTIONS } from './Markdown';

afterEach(cleanup);

/** The whole text parsed at once, as one document: what a finished answer must look like. */
function wholeRender(text: string): string {
  const { container } = render(
    <div className="markdown">
      <ReactMarkdown {...MARKDOWN_OPTIONS}>{text}</ReactMarkdown>
    </div>,
  );
  const html = container.innerHTML;
  cleanup();
  return html;
}

/** As wholeRender, leaving what is drawn on the page in place. */
function wholeRenderBeside(text: string): string {
  const whole = render(
    <div className="markdown">
      <ReactMarkdown {...MARKDOWN_OPTIONS}>{text}</ReactMarkdown>
    </div>,
    { container: document.createElement('div') },
  );
  const html = whole.container.innerHTML;
  whole.unmount();
  return html;
}

/** Chunk sizes that vary as a model's and a frame's do: 1 to 80 characters, the same sequence every run. */
function* chunkEnds(length: number): Generator<number> {
  let seed = 7;
  let at = 0;
  while (at < length) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    at = Math.min(length, at + 1 + (seed % 80));
    yield at;
  }
}

describe('a streamed answer', () => {
  // Loaded as the app loads it when the rep starts writing (Markdown.cold.test.tsx: before that).
  beforeAll(async () => {
    await loadBlockSplitter();
  });

  it('a streamed answer renders the same as the finished one', () => {
    for (const text of [gtmAnswer(), gtmAnswer({ footnotes: true })]) {
      const expected = wholeRender(text);
      const view = render(<Markdown text="" streaming />);
      const bubble = () => view.container.querySelector('.markdown')!;
      // Blocks already finished mid-stream: the title, the first table, the first code block.
      let landmarks: Element[] = [];
      for (const end of chunkEnds(text.length)) {
        view.rerender(<Markdown text={text.slice(0, end)} streaming />);
        if (landmarks.length === 0 && end > text.indexOf('## 2.')) {
          landmarks = [
            bubble().querySelector('h1')!,
            bubble().querySelector('table')!,
            bubble().querySelector('pre')!,
          ];
          expect(landmarks.every(Boolean)).toBe(true);
        }
      }
      view.rerender(<Markdown text={text} />);
      expect(view.container.innerHTML).toBe(expected);
      // Finished blocks were drawn once and kept: the very same elements, not new ones.
      if (!text.includes('[^')) {
        expect(bubble().querySelector('h1')).toBe(landmarks[0]);
        expect(bubble().querySelector('table')).toBe(landmarks[1]);
        expect(bubble().querySelector('pre')).toBe(landmarks[2]);
      }
      // And drawn fresh, the finished text is the same too.
      cleanup();
      expect(render(<Markdown text={text} />).container.innerHTML).toBe(expected);
      cleanup();
    }
  }, 60_000);

  it('the parts of an answer render as the whole text does', () => {
    const cases = [
      'Intro line\n2. not a list in CommonMark\n\nnext',
      'Lead-in:\n- a\n- b\n\n  still b\n- c\n\nafter',
      'Title\n===\ntext\n\n---\n\n# H\ntext right under\n> quote\nlazy line\n\n    indented code\n\n    more code\n\nend',
      'See [the doc][doc] and [^1].\n\n- item\n\n[doc]: https://example.com/doc\n\n[^1]: The note.\n',
      '<div>raw html</div>\n\nafter html\n\n<b>inline</b> html',
      'a | b\n--|--\n1 | 2\n\n```\nunclosed fence\n\nstill code',
      'line one\r\nline two\r\n\r\n- crlf list\r\n',
      '1. a\n\n2. b\n\nc',
      '9. a\n\n10. b',
      '\n\nHello\n\nworld',
    ];
    for (const text of cases) {
      const expected = wholeRender(text);
      const view = render(<Markdown text="" streaming />);
      for (let end = 1; end <= text.length; end++)
        view.rerender(<Markdown text={text.slice(0, end)} streaming />);
      view.rerender(<Markdown text={text} />);
      expect(view.container.innerHTML, JSON.stringify(text)).toBe(expected);
      cleanup();
    }
  });

  it('while an answer streams, an unfinished bold, code or link already shows as it will', () => {
    const view = render(<Markdown text="Call the **ten warm" streaming />);
    expect(view.container.querySelector('strong')?.textContent).toBe('ten warm');
    expect(view.container.textContent).not.toContain('*');

    view.rerender(<Markdown text="Call the **ten warmest** leads with `follow" streaming />);
    expect(view.container.querySelector('code')?.textContent).toBe('follow');
    expect(view.container.textContent).not.toContain('`');

    view.rerender(
      <Markdown
        text="Call the **ten warmest** leads with `followUp()`, see [the playbook](https://exa"
        streaming
      />,
    );
    expect(view.container.textContent).toBe(
      'Call the ten warmest leads with followUp(), see the playbook',
    );
    // A half URL is not a link to follow.
    expect(view.container.querySelector('a')).toBeNull();

    view.rerender(
      <Markdown text="Call the **ten warmest** leads with `followUp()`, see [the playbook](https://example.com/p)." />,
    );
    expect(view.container.querySelector('a')?.getAttribute('href')).toBe('https://example.com/p');
  });

  it('a streamed answer still draws no raw HTML', () => {
    const text =
      'Hello <img src=x onerror="alert(1)"> there\n\n<script>alert(2)</script>\n\n<iframe src="https://evil.example"></iframe>\n\nbye';
    const view = render(<Markdown text="" streaming />);
    for (const end of chunkEnds(text.length))
      view.rerender(<Markdown text={text.slice(0, end)} streaming />);
    expect(view.container.querySelector('img, script, iframe')).toBeNull();
    view.rerender(<Markdown text={text} />);
    expect(view.container.querySelector('img, script, iframe')).toBeNull();
  });

  // Loose lists, list items continued after a blank line, indented code after blank lines, a setext
  // underline and a table's delimiter row: later text that changes how the text before it is drawn.
  const LATE_CHANGES = [
    '1. a\n\n2. b\n\nc',
    '9. a\n\n10. b',
    '- a\n\n--\n\n- b\n\n  more b\n\nafter',
    '    code\n\n\n\n    more code\n\nend',
    'First\n\nSecond\n===\n\nthird\n---\n\nx',
    'a | b\n\nc | d\n--|--\n1 | 2',
    '\n\nHello\n\nworld',
  ];

  it('while a loose list streams, every frame draws what the text so far is', () => {
    for (const text of LATE_CHANGES) {
      const view = render(<Markdown text="" streaming />);
      for (let end = 1; end <= text.length; end++) {
        const part = text.slice(0, end);
        // An ending `-`, `=` or `|` may still become a mark: compare only where the part ends a word.
        if (!/[\w\n]$/.test(part)) continue;
        view.rerender(<Markdown text={part} streaming />);
        expect(view.container.innerHTML, JSON.stringify(part)).toBe(wholeRenderBeside(part));
      }
      cleanup();
    }
  });

  it('a loose list cut between `2` and `.` by the stream renders as one list when it ends', () => {
    const streams = [
      ['1. a\n\n2', '. b\n\nc'],
      ['1. Step\n\n2', '.', ' Next'],
      ['9. a\n\n1', '0', '. b'],
      ['    code\n\n', '  ', '  more code'],
      ['- a\n\n', ' ', ' b\n\nafter'],
      ['\n\n', 'Hello'],
    ];
    for (const chunks of streams) {
      const text = chunks.join('');
      const expected = wholeRender(text);
      const view = render(<Markdown text="" streaming />);
      let sofar = '';
      for (const chunk of chunks) {
        sofar += chunk;
        view.rerender(<Markdown text={sofar} streaming />);
      }
      view.rerender(<Markdown text={text} />);
      expect(view.container.innerHTML, JSON.stringify(chunks)).toBe(expected);
      cleanup();
    }
  });
});

describe('links in a reply', () => {
  it("a link to one of the app's screens is a button that stays in the app, its answer in no address; any other link opens in a new tab", () => {
    const { container } = render(
      <Markdown
        text={
          '[Write the cold email to Dana Ortiz at Freightly](/chat?flow=email&prefill=Dana%20Ortiz%20at%20Freightly) [Docs](https://example.com/docs) [API](/api/health) [Other](//evil.example/chat)'
        }
      />,
    );
    const action = container.querySelector('button.markdown__action');
    expect(action?.textContent).toBe('Write the cold email to Dana Ortiz at Freightly');
    expect(container.innerHTML).not.toContain('Dana%20Ortiz');
    const [docs, apiLink, other] = [...container.querySelectorAll('a')];
    for (const link of [docs!, apiLink!, other!]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.className).toBe('');
    }
    expect(isInAppPath('/onboarding')).toBe(true);
    // The no-model answer's 'add it to your profile' opens the profile in this tab.
    expect(isInAppPath('/profile')).toBe(true);
    expect(isInAppPath('/profiles')).toBe(false);
    expect(isInAppPath('/chatroom')).toBe(false);
    expect(isInAppPath('/chat\\evil')).toBe(false);
  });
});
