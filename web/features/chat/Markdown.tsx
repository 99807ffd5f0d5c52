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
  // Wide tables and long code lines scroll sideways inside the bubble instead of widening the page.
  // A region that scrolls takes the keyboard's focus, so it can be scrolled without a pointer.
  table: ({ node: _node, ...props }: ComponentProps<'table'> & { node?: unknown }) => (
    <div className="markdown__table" role="region" aria-label="Table" tabIndex={0}>
      <table {...props} />
    </div>
  ),
  pre: ({ node: _node, ...props }: ComponentProps<'pre'> & { node?: unknown }) => <pre {...props} role="region" aria-label="Code" tabIndex={0} />,
};

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
