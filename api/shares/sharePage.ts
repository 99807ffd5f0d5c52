/**
 * The shared page at /s/<id>: plain HTML made on the server, readable before (and without) any
 * script, styled as the app. The content is a model's and a rep's Markdown, so it is untrusted: raw
 * HTML in it is shown as text, links go only to http(s) and mailto addresses (rel noopener nofollow
 * ugc, no referrer), images become links (the page fetches nothing from another host), and the page
 * runs no script at all (its Content-Security-Policy allows none). It carries nothing of the rep but
 * the name they chose to show.
 */
import { decodeHTML } from 'entities';
import { Marked, type Tokens } from 'marked';
import { dated } from '../../domain/exports/files';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** An address a shared page may link to: http(s) or mailto, nothing else (no javascript:, no data:). */
function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (!URL.canParse(trimmed)) return null;
  const { protocol } = new URL(trimmed);
  return protocol === 'https:' || protocol === 'http:' || protocol === 'mailto:' ? trimmed : null;
}

const link = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" rel="noopener nofollow ugc" referrerpolicy="no-referrer">${label}</a>`;

const markdown = new Marked({ gfm: true, async: false });
markdown.use({
  // No raw HTML at all: '<kbd>' or '<script>' is read as the text it is. (Left on, marked would
  // also pass the text after an inline <pre> or <script> through as it stands.)
  tokenizer: {
    html: () => undefined,
    tag: () => undefined,
  },
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    text(
      this: { parser: { parseInline(tokens: Tokens.Generic[]): string } },
      token: Tokens.Text | Tokens.Escape,
    ) {
      if (token.type === 'text' && token.tokens?.length)
        return this.parser.parseInline(token.tokens);
      // A backslash escape's text is the bare character ('\\<' is '<'): escaped like any text.
      // Other text is read as the chat reads it ('AT&amp;T' is AT&T), then escaped.
      return escapeHtml(token.type === 'escape' ? token.text : decodeHTML(token.text));
    },
    link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
      const label = this.parser.parseInline(token.tokens);
      const href = safeHref(token.href);
      return href ? link(href, label) : label;
    },
    image({ href, text }: Tokens.Image) {
      const safe = safeHref(href);
      const label = escapeHtml(text || href);
      return safe ? link(safe, label) : label;
    },
    // A task's box as the mark it is: a form control here would be a field with no label.
    checkbox({ checked }: Tokens.Checkbox) {
      return checked ? '☑ ' : '☐ ';
    },
    // The page's title is its one h1: the content's headings sit one level under it.
    heading(
      this: { parser: { parseInline(tokens: Tokens.Generic[]): string } },
      token: Tokens.Heading,
    ) {
      const level = Math.min(token.depth + 1, 6);
      return `<h${level}>${this.parser.parseInline(token.tokens)}</h${level}>\n`;
    },
    table(
      this: { parser: { parseInline(tokens: Tokens.Generic[]): string } },
      token: Tokens.Table,
    ) {
      const cell = (c: Tokens.TableCell, tag: 'th' | 'td') =>
        `<${tag}${c.align ? ` style="text-align:${c.align}"` : ''}>${this.parser.parseInline(c.tokens)}</${tag}>`;
      const head = `<tr>${token.header.map((c) => cell(c, 'th')).join('')}</tr>`;
      const body = token.rows.map((row) => `<tr>${row.map((c) => cell(c, 'td')).join('')}</tr>`);
      // A wide table (a competitor matrix) scrolls sideways inside its own box, never the page.
      return `<div class="table" role="region" aria-label="Table" tabindex="0"><table><thead>${head}</thead><tbody>${body.join('')}</tbody></table></div>`;
    },
  },
});

/** Markdown as safe HTML for a shared page. */
export function renderSharedMarkdown(text: string): string {
  return markdown.parse(text) as string;
}

const STYLE = `
:root{color-scheme:light;--text:#1a1730;--muted:#5f5b7a;--border:#e4e1ef;--surface:#fff;--bg:#f6f5fb;--brand:#5b3df5}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic","Noto Sans Hebrew","Noto Color Emoji",sans-serif;overflow-wrap:anywhere}
header,main,footer{max-width:760px;margin:0 auto;padding:0 16px}
header{display:flex;align-items:center;gap:8px;min-height:56px;font-weight:700;color:var(--brand)}
.mark{display:inline-grid;place-items:center;width:28px;height:28px;border-radius:8px;background:var(--brand);color:#fff;font-size:14px}
article{background:var(--surface);border:1px solid var(--border);border-radius:16px;padding:16px 18px;margin:8px 0 24px}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 4px}
.meta{color:var(--muted);margin:0 0 16px;font-size:.9rem}
.subject{font-weight:700;margin:0 0 12px}
.notice{background:#fff7e6;border:1px solid #f0d9a8;border-radius:12px;padding:10px 12px;margin:8px 0}
blockquote{margin:0;padding:0 0 0 12px;border-left:3px solid var(--border);color:var(--muted)}
hr{border:0;border-top:1px solid var(--border);margin:20px 0}
a{color:var(--brand)}
.table{overflow-x:auto;margin:12px 0}
table{border-collapse:collapse;min-width:100%}
th,td{border:1px solid var(--border);padding:6px 8px;text-align:left;vertical-align:top}
th{background:var(--bg)}
pre{overflow-x:auto;background:var(--bg);padding:10px;border-radius:8px}
footer{color:var(--muted);font-size:.9rem;padding-bottom:32px}
footer a{display:inline-block;min-height:44px;line-height:44px}
p,li,h1,h2,h3,h4,h5,h6,td,th,blockquote{unicode-bidi:plaintext}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><span class="mark" aria-hidden="true">P</span>Pitchpad</header>
<main>
${body}
</main>
<footer><a href="/" rel="noopener">Made with Pitchpad</a></footer>
</body>
</html>`;
}

/** 'Shared on 29 November 2026 by Sam Lee'. */
function sharedLine(snapshotAt: Date, shownName: string | null): string {
  return `Shared on ${dated(snapshotAt)}${shownName ? ` by <bdi>${escapeHtml(shownName)}</bdi>` : ''}`;
}

/**
 * The content's HTML, kept for the snapshots read most recently (by share and snapshot time, so a
 * new copy is rendered anew), up to `RENDERED_MAX_CHARS` in all: a link passed around a team is
 * rendered once, not at each opening.
 */
const RENDERED_MAX_CHARS = 8_000_000;
const rendered = new Map<string, string>();
let renderedChars = 0;

/**
 * Drop a share's rendered content from this instance's memory (turned off here). It could not be
 * served again anyway: every page is looked up in the database first.
 */
export function forgetRendered(id: string): void {
  for (const [key, html] of rendered)
    if (key.startsWith(`${id}:`)) {
      rendered.delete(key);
      renderedChars -= html.length;
    }
}

function renderedContent(key: string, content: string): string {
  const kept = rendered.get(key);
  if (kept !== undefined) {
    // Most recently read last: the first in the map is the one to drop.
    rendered.delete(key);
    rendered.set(key, kept);
    return kept;
  }
  const html = renderSharedMarkdown(content);
  rendered.set(key, html);
  renderedChars += html.length;
  for (const [oldKey, old] of rendered) {
    if (renderedChars <= RENDERED_MAX_CHARS || oldKey === key) break;
    rendered.delete(oldKey);
    renderedChars -= old.length;
  }
  return html;
}

/** The page of a live share. `own`: its rep is reading it (a private one says who else may). */
export function sharedPage(share: {
  /** The share's id: its rendered content is kept by it and `snapshotAt`. */
  id: string;
  title: string;
  content: string;
  emailSubject: string | null;
  shownName: string | null;
  snapshotAt: Date;
  anyone: boolean;
  own: boolean;
}): string {
  const notice =
    share.own && !share.anyone
      ? '<p class="notice" role="note">Only you can open this page. To let others read it, choose ‘Let anyone with the link open it’ on your account page, under Shared links.</p>'
      : '';
  return page(
    `${share.title} · Pitchpad`,
    `${notice}<article>
<h1>${escapeHtml(share.title)}</h1>
<p class="meta">${sharedLine(share.snapshotAt, share.shownName)}</p>
${share.emailSubject !== null ? `<p class="subject">Subject: ${escapeHtml(share.emailSubject)}</p>` : ''}
${renderedContent(`${share.id}:${share.snapshotAt.getTime()}`, share.content)}
</article>`,
  );
}

export const SHARE_GONE_TITLE = 'This link no longer works';
export const SHARE_GONE_TEXT =
  'Whoever shared it has turned it off or deleted what it showed, or the time they gave it has run out. Ask them for a new link.';
export const SHARE_NONE_TITLE = 'Nothing is shared here';
export const SHARE_NONE_TEXT =
  'There is no shared page at this address. Check the link you were sent, or ask for a new one.';

/** A page that says one thing, under its title. */
const noticePage = (title: string, text: string) =>
  page(`${title} · Pitchpad`, `<article><h1>${title}</h1><p>${text}</p></article>`);

/** The page of a revoked or expired share (410), or of no share (404). */
export const missingSharePage = (kind: 'gone' | 'none') =>
  kind === 'gone'
    ? noticePage(SHARE_GONE_TITLE, SHARE_GONE_TEXT)
    : noticePage(SHARE_NONE_TITLE, SHARE_NONE_TEXT);

export const TOO_MANY_PAGES_TITLE = 'Too many pages opened';
export const TOO_MANY_PAGES_TEXT =
  'Too many shared pages were opened from this address just now. Try again in a few minutes.';

/** The page when one address opened too many shared pages in a short time (429). */
export const tooManyPagesPage = () => noticePage(TOO_MANY_PAGES_TITLE, TOO_MANY_PAGES_TEXT);
