// How much one model call may send. A chat's history and a client's own history can be long (up to
// 40 messages of 32,000 characters), and the model is billed for every token it is sent, so every
// call is cut to LLM_MAX_CONTEXT_TOKENS here: the system prompt and the newest message always go,
// then the history, newest first, as far as it fits; the oldest is dropped first, and a message that
// does not fit ends the history there (no gaps in what the model reads).
//
// Tokens are counted with gpt-tokenizer (o200k_base, the gpt-4o family's encoding; pure JavaScript,
// no native code, no download). A characters-divided-by-four guess is right for plain English but
// not for text written to be expensive: 32,000 random symbols are 23,800 tokens, three times the
// guess. For other model families the count is close, not exact.
import type { countTokens } from 'gpt-tokenizer';
import { recentValues } from '../recent';
import type { CompletionRequest } from './types';

type Message = CompletionRequest['messages'][number];
type Tokenizer = { countTokens: typeof countTokens };

/** What a chat message costs beyond its text: its role and the separators around it. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** What every reply is primed with, once per call. */
const REPLY_PRIMING_TOKENS = 3;
/**
 * Text is counted in pieces of at most this many characters, cut at a space where there is one: a
 * long run with no break (32,000 'x') takes the tokenizer seconds whole and milliseconds in pieces.
 * A cut inside a word can count one token more, never fewer.
 */
const PIECE_CHARS = 400;

let loading: Promise<Tokenizer> | undefined;
/** The tokenizer's tables take a moment to load: loaded once, on first use (or warm-up). */
export function loadTokenizer(): Promise<Tokenizer> {
  loading ??= import('gpt-tokenizer');
  return loading;
}

function* pieces(text: string): Generator<string> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + PIECE_CHARS);
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > start + PIECE_CHARS / 2) end = space;
    }
    yield text.slice(start, end);
    start = end;
  }
}

/** The tokens `text` is, as the model counts them; counting stops once past `limit` (then more than `limit`). */
export async function countTextTokens(text: string, limit = Infinity): Promise<number> {
  const { countTokens } = await loadTokenizer();
  let tokens = 0;
  for (const piece of pieces(text)) {
    tokens += countTokens(piece);
    if (tokens > limit) break;
  }
  return tokens;
}

/**
 * The counts of system prompts' pieces, kept: every call counts its system prompt, whose opening
 * (the chat's or the flow's own prompt, before the rep's profile and kit) is the same for every rep,
 * and counting it was a tenth of a send's CPU under load.
 */
const systemPieceTokens = recentValues<string, number>(512);

async function countSystemTokens(text: string): Promise<number> {
  const { countTokens } = await loadTokenizer();
  let tokens = 0;
  for (const piece of pieces(text)) {
    let count = systemPieceTokens.get(piece);
    if (count === undefined) {
      count = countTokens(piece);
      systemPieceTokens.set(piece, count);
    }
    tokens += count;
  }
  return tokens;
}

/**
 * A cheap ceiling on what a message can cost, before counting: no token is shorter than one byte of
 * UTF-8, so a text is never more tokens than bytes.
 */
export function tokenCeiling(messages: ReadonlyArray<Pick<Message, 'content'>>): number {
  return messages.reduce(
    (sum, m) => sum + Buffer.byteLength(m.content) + MESSAGE_OVERHEAD_TOKENS,
    REPLY_PRIMING_TOKENS,
  );
}

export interface BoundedContext {
  messages: Message[];
  /** The tokens the call sends. */
  tokens: number;
  /** How many history messages were left out. */
  dropped: number;
}

/**
 * `messages` cut to `maxTokens`: the leading system messages and the last message always kept, then
 * the history in between from the newest back while it fits. The kept ones alone can pass the bound
 * (each is at most MESSAGE_MAX_CHARS characters); then no history goes with them.
 */
export async function boundContext(
  messages: readonly Message[],
  maxTokens: number,
): Promise<BoundedContext> {
  const firstOther = messages.findIndex((m) => m.role !== 'system');
  const system = messages.slice(
    0,
    firstOther === -1 ? Math.max(0, messages.length - 1) : firstOther,
  );
  const history = messages.slice(system.length, -1);
  const latest = messages.at(-1);
  let tokens = REPLY_PRIMING_TOKENS;
  for (const m of system) tokens += (await countSystemTokens(m.content)) + MESSAGE_OVERHEAD_TOKENS;
  if (latest) tokens += (await countTextTokens(latest.content)) + MESSAGE_OVERHEAD_TOKENS;
  let kept = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const room = maxTokens - tokens - MESSAGE_OVERHEAD_TOKENS;
    const cost = room < 0 ? Infinity : await countTextTokens(history[i]!.content, room);
    if (cost > room) break;
    tokens += cost + MESSAGE_OVERHEAD_TOKENS;
    kept++;
  }
  return {
    messages: [...system, ...history.slice(history.length - kept), ...(latest ? [latest] : [])],
    tokens,
    dropped: history.length - kept,
  };
}
