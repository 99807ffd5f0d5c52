import { memo } from 'react';
import type { ComponentProps } from 'react';
import ReactMarkdown from 'react-markdown';
import type { Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const REMARK_PLUGINS = [remarkGfm];

/**
 * Model output is untrusted: raw HTML is dropped (skipHtml, no rehype-raw), and react-markdown's
 * default URL filter removes javascript: and other unsafe links. Images become links, so a reply
 * cannot make the browser fetch from (and report the reader to) a third-party host.
 */
const COMPONENTS: Components = {
  a: ({ node: _node, ...props }: ComponentProps<'a'> & { node?: unknown }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <a href={src} target="_blank" rel="noopener noreferrer nofollow">
        {alt || src}
      </a>
    ) : null,
  // Wide tables scroll sideways inside the bubble instead of widening the page or breaking words
  // (chat.css). A scrolling box must be reachable by keyboard, and a focusable region needs a name:
  // the table's column headings.
  table: ({ node, ...props }: ComponentProps<'table'> & { node?: unknown }) => (
    <div className="markdown__table" role="region" tabIndex={0} aria-label={tableName(node as HastNode | undefined)}>
      <table {...props} />
    </div>
  ),
  // Code scrolls sideways too: reachable by keyboard.
  pre: ({ node: _node, ...props }: ComponentProps<'pre'> & { node?: unknown }) => <pre {...props} role="region" aria-label="Code" tabIndex={0} />,
};

/** The little of a parsed HTML node (hast) the table's name needs. */
interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  children?: HastNode[];
}

const textOf = (node: HastNode): string => (node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join(''));

/** 'Table: Plan, Price, Seats' from the first row's headings; 'Table' when it has none. */
export function tableName(table: HastNode | undefined): string {
  const findRow = (node: HastNode): HastNode | undefined => (node.tagName === 'tr' ? node : (node.children ?? []).map(findRow).find(Boolean));
  const row = table && findRow(table);
  const headings = (row?.children ?? [])
    .filter((cell) => cell.tagName === 'th')
    .map((cell) => textOf(cell).trim())
    .filter(Boolean);
  return headings.length ? `Table: ${headings.join(', ')}` : 'Table';
}

/** An assistant reply as GitHub-flavoured Markdown: lists, tables, code, links. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={REMARK_PLUGINS} components={COMPONENTS} skipHtml>
        {text}
      </ReactMarkdown>
    </div>
  );
});
