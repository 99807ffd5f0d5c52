import { act, cleanup, render } from '@testing-library/react';
import ReactMarkdown from 'react-markdown';
import { afterEach, expect, it } from 'vitest';
import { gtmAnswer } from '../../../tests/factories/gtmAnswer';
import { loadBlockSplitter, Markdown, MARKDOWN_OPTIONS } from './Markdown';

// A file of its own: the block splitter loads once per page, and these tests need it not loaded.
afterEach(cleanup);

function wholeRender(text: string): string {
  const { container, unmount } = render(
    <div className="markdown">
      <ReactMarkdown {...MARKDOWN_OPTIONS}>{text}</ReactMarkdown>
    </div>,
    { container: document.createElement('div') },
  );
  const html = container.innerHTML;
  unmount();
  return html;
}

it('a reply that streams before the block splitter has loaded is drawn whole, then in kept blocks once it has', async () => {
  const text = gtmAnswer();
  const early = text.slice(0, text.indexOf('## 2.'));
  const view = render(<Markdown text={early} streaming />);
  // Drawn at once, as the whole text so far: the rep sees the first words without waiting.
  expect(view.container.querySelector('h1')?.textContent).toBeTruthy();
  expect(view.container.innerHTML).toBe(wholeRender(early));

  await act(() => loadBlockSplitter());
  const heading = view.container.querySelector('h1');
  view.rerender(<Markdown text={text.slice(0, text.indexOf('## 3.'))} streaming />);
  // Split now: the finished title block is kept as drawn while the answer grows.
  expect(view.container.querySelector('h1')).toBe(heading);

  view.rerender(<Markdown text={text} />);
  expect(view.container.innerHTML).toBe(wholeRender(text));
});

it('a finished reply is drawn whole without loading the block splitter', () => {
  const text = gtmAnswer({ footnotes: true });
  const view = render(<Markdown text={text} />);
  expect(view.container.innerHTML).toBe(wholeRender(text));
});
