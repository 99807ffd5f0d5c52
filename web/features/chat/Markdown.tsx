import { Fragment, memo, useEffect, useMemo, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import ReactMarkdown from 'react-markdown';
import type { Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remend from 'remend';
import { flowPrefill } from '../../routes/prefill';
import type { MarkdownBlocks } from './markdownBlocks';

const REMARK_PLUGINS = [remarkGfm];

/**
 * Model output is untrusted: raw HTML is dropped (skipHtml, no rehype-raw), and react-markdown's
 * default URL filter removes javascript: and other unsafe links. Images become links, so a reply
 * cannot make the browser fetch from (and report the reader to) a third-party host.
 */
const COMPONENTS: Components = {
  a: ({ node: _node, ...props }: ComponentProps<'a'> & { node?: unknown }) =>
    typeof props.href === 'string' && isInAppPath(props.href) ? (
      <InAppLink href={props.href}>{props.children}</InAppLink>
    ) : (
      <a {...props} target="_blank" rel="noopener noreferrer nofollow" />
    ),
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
    <div
      className="markdown__table"
      role="region"
      tabIndex={0}
      aria-label={tableName(node as HastNode | undefined)}
    >
      <table {...props} />
    </div>
  ),
  // Code scrolls sideways too: reachable by keyboard.
  pre: ({ node: _node, ...props }: ComponentProps<'pre'> & { node?: unknown }) => (
    <pre {...props} role="region" aria-label="Code" tabIndex={0} />
  ),
};

/** The app's own screens a reply may link to; anything else (an API path, another site) opens as a plain link. */
const IN_APP_PATHS =
  /^\/(?:chat|onboarding|pricing|pro|competitive|dashboard|about|profile|kit|debrief)(?:[/?#]|$)/;

/** A same-origin path to one of the app's screens: '/chat?flow=email', not '//evil.example' or '/api/…'. */
export function isInAppPath(href: string): boolean {
  return IN_APP_PATHS.test(href) && !/[\\\s]/.test(href);
}

/**
 * A link to one of the app's screens (the no-model answer's 'Write the cold email to Dana Ortiz'):
 * drawn as a button that opens the screen inside the app, in this tab. Not an `<a href>`: the link
 * may carry the first answer it fills in (`prefill`, a person's name), and nothing a rep wrote goes
 * into an address (trust issue, item 1), not even by 'open in a new tab'. The answer travels in the
 * history entry's state instead, where the flow takes it into its draft (FlowPanel.tsx).
 */
function InAppLink({ href, children }: { href: string; children: ReactNode }) {
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  const open = () => {
    const url = new URL(href, 'https://pitchpad.invalid');
    const prefill = flowPrefill(url.searchParams.get('prefill'));
    url.searchParams.delete('prefill');
    router?.history.push(`${url.pathname}${url.search}`, prefill ? { prefill } : undefined);
  };
  return (
    <button type="button" className="markdown__action" onClick={open}>
      {children}
    </button>
  );
}

/** The little of a parsed HTML node (hast) the table's name needs. */
interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  children?: HastNode[];
}

const textOf = (node: HastNode): string =>
  node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join('');

/** 'Table: Plan, Price, Seats' from the first row's headings; 'Table' when it has none. */
export function tableName(table: HastNode | undefined): string {
  const findRow = (node: HastNode): HastNode | undefined =>
    node.tagName === 'tr' ? node : (node.children ?? []).map(findRow).find(Boolean);
  const row = table && findRow(table);
  const headings = (row?.children ?? [])
    .filter((cell) => cell.tagName === 'th')
    .map((cell) => textOf(cell).trim())
    .filter(Boolean);
  return headings.length ? `Table: ${headings.join(', ')}` : 'Table';
}

/** How the reply's Markdown is parsed and drawn, for one block or the whole text alike. */
export const MARKDOWN_OPTIONS = {
  remarkPlugins: REMARK_PLUGINS,
  components: COMPONENTS,
  skipHtml: true,
} as const;

/** One top-level block, parsed again only when its text changes: a finished block never does. */
const Block = memo(function Block({ text }: { text: string }) {
  return <ReactMarkdown {...MARKDOWN_OPTIONS}>{text}</ReactMarkdown>;
});

/**
 * Words still arriving can leave a mark open (`**bold`, `` `code ``, `[link](ht`): the open block
 * is drawn as it will look once closed, rather than flashing the raw marks. An unfinished link shows
 * its text only (a half URL is no place to send the reader), and `$$` is not math here.
 */
const REPAIR_OPTIONS = { linkMode: 'text-only', katex: false, inlineKatex: false } as const;

type BlockSplitter = typeof MarkdownBlocks;
let blockSplitter: BlockSplitter | null = null;
let splitterLoading: Promise<BlockSplitter> | null = null;

/**
 * The block splitter (markdownBlocks.ts), loaded when a reply first streams or the rep first writes,
 * not with the chat: its lexer (marked) builds its rules as it loads, over 100 ms of a slow phone's
 * main thread, and a finished reply needs no splitting. Until it has loaded, a streaming reply is
 * drawn whole, as a finished one is.
 */
export function loadBlockSplitter(): Promise<BlockSplitter> {
  splitterLoading ??= import('./markdownBlocks').then(
    ({ MarkdownBlocks }) => {
      blockSplitter = MarkdownBlocks;
      return MarkdownBlocks;
    },
    (error: unknown) => {
      // Its code could not be fetched: replies stay drawn whole, and the next one asks again.
      splitterLoading = null;
      throw error;
    },
  );
  return splitterLoading;
}

/** A little of everything replies hold: a heading, a list, a table, code, a link, emphasis. */
const WARM_UP_TEXT =
  '# Plan\n\n- **Who** buys and `why`\n\n| Step | When |\n| - | - |\n| Call | Monday |\n\n```\nHi\n```\n\nSee [the kit](https://example.com), *then* reply.';
let warmed = false;

/**
 * Runs the reply's Markdown code once over a sample, drawing nothing: otherwise the first reply's
 * first words are drawn with that code cold (compiled, and its caches filled, on first use), which
 * held a slow phone's main thread for over 100 ms just as the answer started.
 */
export function warmMarkdown(): void {
  if (warmed) return;
  warmed = true;
  // The splitter's code is evaluated in the task that loads it, the warm-up in a later one.
  void loadBlockSplitter()
    .then(
      (Splitter) =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            for (const block of new Splitter().split(WARM_UP_TEXT, false))
              ReactMarkdown({ ...MARKDOWN_OPTIONS, children: remend(block, REPAIR_OPTIONS) });
            resolve();
          }, 0),
        ),
    )
    .catch(() => undefined);
}

/**
 * An assistant reply as GitHub-flavoured Markdown: lists, tables, code, links. Drawn block by block
 * (markdownBlocks.ts) so that a streaming answer costs the phone the last block's parse per frame,
 * not the whole answer's; the blocks side by side render as the whole text does (with the same
 * line break between them that the whole text's top-level elements have).
 */
export const Markdown = memo(function Markdown({
  text,
  streaming = false,
}: {
  text: string;
  streaming?: boolean;
}) {
  // One splitter per reply that streams here: it keeps the finished blocks of the text it saw last.
  // A reply that arrives finished is drawn whole.
  const [splitter, setSplitter] = useState(() =>
    streaming && blockSplitter ? new blockSplitter() : null,
  );
  useEffect(() => {
    if (!streaming || splitter) return;
    let current = true;
    void loadBlockSplitter()
      .then((Splitter) => {
        if (current) setSplitter(new Splitter());
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [streaming, splitter]);
  // When the stream ends, the whole text is split afresh: a block whose string is unchanged keeps
  // its drawing (Block is memoised), one the stream cut wrongly is drawn again.
  const blocks = useMemo(
    () => (splitter ? splitter.split(text, !streaming) : [text]),
    [splitter, text, streaming],
  );
  const last = blocks.length - 1;
  return (
    <div className="markdown">
      {blocks.map((block, index) => (
        <Fragment key={index}>
          {index > 0 && '\n'}
          <Block text={streaming && index === last ? remend(block, REPAIR_OPTIONS) : block} />
        </Fragment>
      ))}
    </div>
  );
});
