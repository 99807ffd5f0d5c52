import { Lexer } from 'marked';
import type { Token } from 'marked';

/**
 * Splitting a streaming answer into its top-level Markdown blocks (headings, paragraphs, lists,
 * tables, code), so that each finished block is parsed and drawn once and only the last one, still
 * growing, is parsed again as words arrive. Parsing the whole answer on every frame made a long
 * answer cost more with each word: the phone's main thread was busy for the whole stream.
 *
 * marked's block lexer finds the blocks (it is many times faster than the full parse, and only the
 * text from the last block on is lexed again). Its rules are not CommonMark's in every corner, so a
 * block is cut only where both agree that one block ends and the next begins: after a blank line or
 * after an ATX heading. Joining two blocks is always safe (they are parsed together, as the whole
 * text would be); cutting is where a difference would show.
 *
 * Text still to come can change how the block before it parses: `1. a` then a blank line then `2`
 * is a list and a paragraph until `. b` makes it one loose list; likewise an item's indented
 * paragraph, indented code after blank lines. What decides is the first line after the blank line,
 * so a block is kept as finished only once the block after it is complete too (a later cut shows
 * that its first line has ended); the last two blocks are lexed again. When the answer has ended,
 * the whole text is lexed once more, so the end result is the whole text's in any case.
 */

/** Where a blank line ends the text so far: no open paragraph can run on past it. */
const ENDS_WITH_BLANK_LINE = /\n[ \t]*\n[ \t]*$/;
/**
 * A link reference or footnote definition (`[id]: url`, `[^1]: note`): it changes how text
 * elsewhere in the answer renders, so the blocks that may refer to it are parsed together.
 */
const DEFINITION = /^ {0,3}\[(?:\\.|[^\\\]])+\]:/m;

function lexBlocks(text: string): Token[] | null {
  const tokens = new Lexer({ gfm: true }).blockTokens(text, []);
  // The lexer normalises some text (line endings); a split that does not add up to the text would
  // lose characters, so such text is drawn whole.
  let length = 0;
  for (const token of tokens) length += token.raw.length;
  return length === text.length ? tokens : null;
}

/** Groups tokens into blocks, cutting only where it is safe (see above). */
function groupBlocks(tokens: Token[]): string[] {
  const blocks: string[] = [];
  let current = '';
  let previous: Token | undefined;
  for (const token of tokens) {
    // Blank lines at the very start are no block of their own (an empty block would add a line break).
    const cut =
      token.type !== 'space' &&
      current.trim() !== '' &&
      (ENDS_WITH_BLANK_LINE.test(current) ||
        (previous?.type === 'heading' && previous.raw.trimStart().startsWith('#')));
    if (cut) {
      blocks.push(current);
      current = '';
    }
    current += token.raw;
    if (token.type !== 'space') previous = token;
  }
  blocks.push(current);
  return blocks;
}

/**
 * Remembers the finished blocks of one text as it grows. `split` answers the blocks of the text:
 * the finished ones (the same strings as before) and the last one, still open. A text that is not
 * the previous one with more at its end (a different answer) starts afresh, and so does the text
 * of an answer that has ended (`ended`): its blocks are the whole text's, whatever the stream did.
 */
export class MarkdownBlocks {
  private text = '';
  private finished: string[] = [];
  /** Where the open block starts in `text`. */
  private openAt = 0;

  split(text: string, ended = false): string[] {
    if (ended || !text.startsWith(this.text)) {
      this.finished = [];
      this.openAt = 0;
    }
    this.text = text;
    const tokens = lexBlocks(text.slice(this.openAt));
    if (!tokens) {
      this.finished = [];
      this.openAt = 0;
      return [text];
    }
    const blocks = groupBlocks(tokens);
    const open = blocks.pop()!;
    // The block before the open one stays open too: the open block's first line may yet change it.
    const beforeOpen = ended ? undefined : blocks.pop();
    for (const block of blocks) {
      this.finished.push(block);
      this.openAt += block.length;
    }
    const all =
      beforeOpen === undefined ? [...this.finished, open] : [...this.finished, beforeOpen, open];
    return DEFINITION.test(text) ? joinFromFirstBracket(all) : all;
  }
}

/** A reference needs a `[`: blocks before the first one with one are drawn alone, the rest together. */
function joinFromFirstBracket(blocks: string[]): string[] {
  const first = blocks.findIndex((block) => block.includes('['));
  return first === -1 ? blocks : [...blocks.slice(0, first), blocks.slice(first).join('')];
}
