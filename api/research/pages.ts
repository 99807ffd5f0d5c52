/**
 * Reading one web page for a research: the page and its site's robots.txt come through the address
 * guard (api/net/guardedFetch.ts), only what a person reads is taken (HTML or plain text), and HTML
 * becomes clean text. What a reader never sees is removed before anything else, because hidden text
 * is where instructions meant for a model are planted; Readability then keeps the article and drops
 * the site's menus. A bad page never throws: it is an outcome with a problem a rep can read.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import robotsParser from 'robots-parser';
import { whyUrlRefused, type GuardRules } from '../net/addressGuard';
import {
  GuardedFetchError,
  guardedFetch,
  type GuardedFetchOptions,
  type GuardedResponse,
  type Resolve,
} from '../net/guardedFetch';

export const PAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PAGE_TIMEOUT_MS = 8_000;
export const PAGE_TEXT_MAX_CHARS = 20_000;

/** Sites must keep their robots.txt rules within the first 500 KiB; we read no more, and wait 3 s. */
const ROBOTS_MAX_BYTES = 500 * 1024;
const ROBOTS_TIMEOUT_MS = 3_000;
/** The name a robots.txt addresses us by (the first word of our user agent, without its version). */
const ROBOTS_TOKEN = 'PitchpadBot';

/** The kinds of answer that are pages a person reads; anything else (PDF, images, JSON) is left. */
const READABLE_TYPES = new Set(['text/html', 'application/xhtml+xml', 'text/plain']);
const READABILITY_MAX_ELEMENTS = 8_000;
/** The most of a page's HTML parsed (the rest of a 2 MB page is left unread). */
const PARSED_MAX_CHARS = 1_000_000;

const TITLE_MAX_CHARS = 300;
const SITE_MAX_CHARS = 100;

export interface ReadPage {
  url: string;
  /** after redirects */
  finalUrl: string;
  title: string;
  /** the site's name or host */
  site: string;
  publishedAt: string | null;
  /** the readable text: paragraphs separated by blank lines, at most PAGE_TEXT_MAX_CHARS */
  text: string;
  readAt: string;
}

export type PageOutcome =
  { ok: true; page: ReadPage } | { ok: false; url: string; problem: string };

export interface PageReader {
  read(url: string): Promise<PageOutcome>;
}

/** Why a URL may not be read (in the rep's words), or null when it may. */
type RobotsCheck = (url: string) => string | null;

/**
 * A reader for one research: it keeps each site's robots.txt while the research runs, so ten pages
 * of one site ask for it once.
 */
export function pageReader(options: {
  rules: GuardRules;
  userAgent: string;
  resolve?: Resolve;
  maxBytes?: number;
  timeoutMs?: number;
}): PageReader {
  const maxBytes = options.maxBytes ?? PAGE_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? PAGE_TIMEOUT_MS;
  const robotsByOrigin = new Map<string, Promise<RobotsCheck>>();

  // No cookie header is ever sent, and nothing keeps what a site sets: every request is a stranger's.
  const fetchOptions = (accept: string, limits: { maxBytes: number; timeoutMs: number }) =>
    ({
      ...options.rules,
      ...limits,
      ...(options.resolve ? { resolve: options.resolve } : {}),
      headers: { 'user-agent': options.userAgent, accept },
    }) satisfies GuardedFetchOptions;

  const robotsOf = (url: URL): Promise<RobotsCheck> => {
    let check = robotsByOrigin.get(url.origin);
    if (!check) {
      check = readRobots(
        url,
        fetchOptions('text/plain, */*;q=0.5', {
          maxBytes: ROBOTS_MAX_BYTES,
          timeoutMs: Math.min(ROBOTS_TIMEOUT_MS, timeoutMs),
        }),
      );
      robotsByOrigin.set(url.origin, check);
    }
    return check;
  };

  return {
    async read(url) {
      const fail = (problem: string): PageOutcome => ({ ok: false, url, problem });
      // Checked here too (guardedFetch checks again) so a refused address is not even asked for its
      // robots.txt, and so a URL that does not parse stops before anything is built from it.
      const refused = whyUrlRefused(url, options.rules);
      if (refused) return fail(refused);
      const address = new URL(url);

      const disallowed = (await robotsOf(address))(address.href);
      if (disallowed) return fail(disallowed);

      let answer: GuardedResponse;
      try {
        answer = await guardedFetch(
          address.href,
          fetchOptions('text/html, application/xhtml+xml, text/plain;q=0.9, */*;q=0.1', {
            maxBytes,
            timeoutMs,
          }),
        );
      } catch (error) {
        return fail(fetchProblem(error, timeoutMs, maxBytes));
      }

      // guardedFetch follows redirects itself, so a redirect's target is only checked against its
      // site's robots.txt once it has answered: a page the site asks robots not to read is dropped.
      const finalUrl = answer.url;
      if (finalUrl !== address.href) {
        const after = (await robotsOf(new URL(finalUrl)))(finalUrl);
        if (after) return fail(after);
      }

      const status = statusProblem(answer.status);
      if (status) return fail(status);

      const type = mediaType(answer.headers['content-type']);
      if (!type || !READABLE_TYPES.has(type))
        return fail(
          `The address is ${type ? `a file of type ${type}` : 'a file of unknown type'}, not a web page, so it was not read.`,
        );

      let content: Readable | null;
      try {
        const body = decoded(answer, maxBytes);
        content =
          type === 'text/plain' ? readablePlainText(body, finalUrl) : readableHtml(body, finalUrl);
      } catch {
        // A parser meeting a page it cannot make sense of: one page lost, not the research.
        return fail('The page could not be made sense of as a web page.');
      }
      if (!content) return fail('The page has no readable text.');
      return {
        ok: true,
        page: { url, finalUrl, ...content, readAt: new Date().toISOString() },
      };
    },
  };
}

const unreadableRobots: RobotsCheck = () =>
  'The site did not say whether robots may read it (its robots.txt could not be read), so its pages were left unread.';

/**
 * The site's robots.txt as a check. A missing one (4xx) allows everything; one that cannot be read
 * (5xx, no answer, too slow, too large) is taken as 'read nothing', as the robots.txt standard asks:
 * the site may well say no, and we cannot tell.
 */
async function readRobots(page: URL, options: GuardedFetchOptions): Promise<RobotsCheck> {
  const robotsUrl = new URL('/robots.txt', page.origin).href;
  let answer: GuardedResponse;
  try {
    answer = await guardedFetch(robotsUrl, options);
  } catch (error) {
    if (error instanceof GuardedFetchError && error.kind === 'refused') {
      const refused = error.message;
      return () => refused;
    }
    return unreadableRobots;
  }
  // 429 asks us to come back later: like a server error, it says nothing about what is allowed.
  if (answer.status >= 500 || answer.status === 429) return unreadableRobots;
  if (answer.status < 200 || answer.status >= 300) return () => null;
  const robots = robotsParser(robotsUrl, answer.body.toString('utf8'));
  return (url) =>
    robots.isAllowed(url, ROBOTS_TOKEN) === false
      ? 'The site asks robots not to read this page, so it was not read.'
      : null;
}

/** A failed fetch in the rep's words; guardedFetch's own words where they already are. */
function fetchProblem(error: unknown, timeoutMs: number, maxBytes: number): string {
  if (!(error instanceof GuardedFetchError)) return 'The page could not be read.';
  if (error.kind === 'refused') return error.message;
  // A page cut off at the limit is not read at all: its first part may be all menus and scripts,
  // and a source that looks whole but stops part-way would be cited for what it never said.
  if (error.kind === 'too-large')
    return `The page is too large to read (over ${formatMegabytes(maxBytes)}).`;
  // A timeout is a failure guardedFetch tells only by its words.
  if (/too long/i.test(error.message)) return `The site did not answer in ${timeoutMs / 1000} s.`;
  return error.message;
}

function formatMegabytes(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return mb >= 1 ? `${Math.round(mb * 10) / 10} MB` : `${Math.round(bytes / 1024)} kB`;
}

function statusProblem(status: number): string | null {
  if (status >= 200 && status < 300) return null;
  if (status === 404 || status === 410) return 'The site answers that the page is not there.';
  if (status === 401 || status === 403)
    return 'The site does not let robots read this page (it asks for a sign-in or refuses).';
  if (status === 429) return 'The site asked us to slow down, so the page was not read.';
  if (status >= 500) return `The site had a problem answering (it answered ${status}).`;
  return `The site answered ${status} instead of the page.`;
}

/** 'text/html; charset=utf-8' → 'text/html'; null when the header is missing. */
function mediaType(header: string | undefined): string | null {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type || null;
}

/**
 * The body as text. We ask for no compression, but some servers compress anyway; the unpacked size
 * is held to the same limit as the download so a small archive cannot become a huge page.
 */
function decoded(answer: GuardedResponse, maxBytes: number): string {
  const encoding = String(answer.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const limit = { maxOutputLength: maxBytes };
  const bytes =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? gunzipSync(answer.body, limit)
      : encoding === 'deflate'
        ? inflateSync(answer.body, limit)
        : encoding === 'br'
          ? brotliDecompressSync(answer.body, limit)
          : answer.body;
  return new TextDecoder(charsetOf(answer.headers['content-type'], bytes)).decode(bytes);
}

/** The character set the header names, or the page's <meta charset>, or UTF-8. */
function charsetOf(contentType: string | undefined, bytes: Buffer): string {
  const declared =
    /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(
      bytes.subarray(0, 2048).toString('latin1'),
    )?.[1];
  if (!declared) return 'utf-8';
  try {
    return new TextDecoder(declared).encoding;
  } catch {
    return 'utf-8';
  }
}

type Readable = Pick<ReadPage, 'title' | 'site' | 'publishedAt' | 'text'>;

/**
 * Elements whose text a reader never sees. Scripts, styles and templates are not text at all;
 * noscript shows only without scripts; the rest are hidden on purpose. (Hiding by a stylesheet's
 * class is not seen here: that needs the page's CSS computed.)
 */
const ALWAYS_UNSEEN = 'script, style, template, noscript, [hidden]';
/**
 * The article's structured data (headline, date, publisher): kept for Readability, which reads its
 * metadata and then drops every script itself. It never becomes text.
 */
const ARTICLE_DATA = 'script[type="application/ld+json"]';

/** Readable text of an HTML page, or null when it has none. */
function readableHtml(html: string, url: string): Readable | null {
  const document = parsedDocument(html);
  for (const element of Array.from(
    document.querySelectorAll(`${ALWAYS_UNSEEN}, [aria-hidden], [style]`),
  )) {
    if (element.matches(ARTICLE_DATA)) continue;
    if (
      element.matches(ALWAYS_UNSEEN) ||
      element.getAttribute('aria-hidden')?.trim().toLowerCase() === 'true' ||
      hiddenByStyle(element.getAttribute('style') ?? '')
    )
      element.remove();
  }

  const meta = (selector: string) =>
    document.querySelector(selector)?.getAttribute('content')?.trim() || null;
  const siteName = meta('meta[property="og:site_name"]');
  const metaPublished = meta('meta[property="article:published_time"]');

  const article = articleOf(document);
  let paragraphs = article?.content ? paragraphsOf(article.content) : [];
  if (paragraphs.length === 0) {
    const root = document.body ?? document.documentElement;
    paragraphs = root ? paragraphsOf(root) : [];
  }
  const text = cutAtParagraph(paragraphs, PAGE_TEXT_MAX_CHARS);
  if (!text) return null;

  const host = new URL(url).hostname.replace(/^www\./, '');
  return {
    title: clip(oneLine(article?.title || document.title || '') || host, TITLE_MAX_CHARS),
    site: clip(oneLine(siteName || article?.siteName || '') || host, SITE_MAX_CHARS),
    publishedAt: asDate(article?.publishedTime) ?? asDate(metaPublished),
    text,
  };
}

/**
 * Readability's article, or null when it finds none. It takes the page apart as it works, so it gets
 * a copy and the whole page is left for the fallback; its serializer hands back the article's element
 * rather than HTML to parse again. A page of very many elements is not given to it (its work grows
 * faster than the page, and it would hold up the server): the fallback reads that page.
 */
function articleOf(document: Document) {
  // Counted here: Readability's own limit (maxElemsToParse) counts getElementsByTagName('*'),
  // which linkedom answers with none.
  if (document.querySelectorAll('*').length > READABILITY_MAX_ELEMENTS) return null;
  try {
    return new Readability<Node>(document.cloneNode(true) as Document, {
      serializer: (node) => node,
      maxElemsToParse: READABILITY_MAX_ELEMENTS,
    }).parse();
  } catch {
    return null;
  }
}

/**
 * The page as a document. HTML lets a page leave out <html>, <head> and <body>, and the parser does
 * not add them back: such a page is parsed again inside them, its <title> moved to the head.
 */
function parsedDocument(page: string): Document {
  // Parsed up to PARSED_MAX_CHARS: the parse is the server's own time, and the text kept from a
  // page (PAGE_TEXT_MAX_CHARS) is a small part of it anyway.
  const html = page.slice(0, PARSED_MAX_CHARS);
  const { document } = parseHTML(html);
  if (document.documentElement?.tagName.toUpperCase() === 'HTML') return document;
  const wrapped = parseHTML(
    `<!doctype html><html><head></head><body>${html}</body></html>`,
  ).document;
  const title = wrapped.body.querySelector('title');
  if (title) wrapped.head.append(title);
  return wrapped;
}

/** Readable text of a plain-text page: its blank-line paragraphs, each line joined up. */
function readablePlainText(body: string, url: string): Readable | null {
  const paragraphs = body
    .split(/\r?\n\s*\n/)
    .map(oneLine)
    .filter(Boolean);
  const text = cutAtParagraph(paragraphs, PAGE_TEXT_MAX_CHARS);
  if (!text) return null;
  const host = new URL(url).hostname.replace(/^www\./, '');
  const firstLine = oneLine(body.trim().split('\n')[0] ?? '');
  return {
    title: firstLine && firstLine.length <= 120 ? firstLine : host,
    site: host,
    publishedAt: null,
    text,
  };
}

/** Whether an inline style hides the element: not displayed, invisible, zero-sized text or clear. */
function hiddenByStyle(style: string): boolean {
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/!\s*important/i, '')
      .trim()
      .toLowerCase();
    if (property === 'display' && value === 'none') return true;
    if (property === 'visibility' && (value === 'hidden' || value === 'collapse')) return true;
    if ((property === 'font-size' || property === 'opacity') && Number.parseFloat(value) === 0)
      return true;
  }
  return false;
}

/** Elements whose content is never text (the article's structured data is left in a script). */
const NOT_TEXT = new Set(['HEAD', 'TITLE', 'SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);

/** Elements that start a new paragraph of the text. */
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'DD',
  'DETAILS',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'THEAD',
  'TFOOT',
  'TR',
  'UL',
]);

/**
 * The paragraphs of an element's text: each block element its own paragraph, a <br> a line break
 * inside one, table cells apart by a space. (textContent would run them all together.)
 */
function paragraphsOf(root: Node): string[] {
  const paragraphs: string[] = [''];
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) {
        // The page's own line breaks are only layout of its source: a space, as a browser shows.
        paragraphs[paragraphs.length - 1] += (child.textContent ?? '').replace(/\s+/g, ' ');
        continue;
      }
      if (child.nodeType !== 1) continue;
      const tag = (child as Element).tagName.toUpperCase();
      if (NOT_TEXT.has(tag)) continue;
      if (tag === 'BR') {
        paragraphs[paragraphs.length - 1] += '\n';
        continue;
      }
      const block = BLOCKS.has(tag);
      if (block) paragraphs.push('');
      else if (tag === 'TD' || tag === 'TH') paragraphs[paragraphs.length - 1] += ' ';
      walk(child);
      if (block) paragraphs.push('');
      else if (tag === 'TD' || tag === 'TH') paragraphs[paragraphs.length - 1] += ' ';
    }
  };
  walk(root);
  return paragraphs
    .map((p) => p.split('\n').map(oneLine).filter(Boolean).join('\n'))
    .filter(Boolean);
}

/**
 * Characters that show as nothing (zero-width spaces and joiners, direction overrides, the BOM):
 * they can hide words inside visible text or reorder it, and no reader loses anything without them.
 */
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;

/** One line of text: invisible characters dropped, any run of whitespace one space. */
function oneLine(text: string): string {
  return text.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/**
 * Whole paragraphs, blank-line separated, while they fit in `max` characters; a first paragraph
 * longer than that is cut at a word. A cut text does not end on a heading whose section it leaves out.
 */
function cutAtParagraph(paragraphs: string[], max: number): string {
  const kept: string[] = [];
  let length = 0;
  for (const paragraph of paragraphs) {
    const added = (kept.length ? 2 : 0) + paragraph.length;
    if (length + added > max) {
      if (kept.length === 0) kept.push(clip(paragraph, max));
      else if (kept.length > 1 && isHeading(kept.at(-1)!)) kept.pop();
      break;
    }
    kept.push(paragraph);
    length += added;
  }
  return kept.join('\n\n');
}

/** A heading, by its look: one short line that does not end a sentence or a clause. */
function isHeading(paragraph: string): boolean {
  return paragraph.length <= 120 && !paragraph.includes('\n') && !/[.!?,;:]$/.test(paragraph);
}

/** At most `max` characters, cut at a space where one is near the end. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max);
  return text.slice(0, space > max / 2 ? space : max).trimEnd();
}

/** An ISO date from what a page says, or null when it does not parse as one. */
function asDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
