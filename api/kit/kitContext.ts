// The passages of the rep's sales kit a chat reply is written with: found for the question, bounded
// together, sent in the system prompt as numbered excerpts, and kept with the reply as its sources.
import type { MessageSource } from '../../domain/contract/chat';
import { KIT_PASSAGES_MAX_TOKENS, KIT_PASSAGES_PER_CALL } from '../../domain/limits';
import { kitPromptBlock } from '../../domain/profile/promptBlock';
import type { Pool } from '../db';
import { countTextTokens } from '../llm/context';
import { searchKit } from './kit.sql';

export interface KitContext {
  /** The excerpts for the system prompt ('' when the kit has none for the question). */
  block: string;
  /** What [1], [2]… cite, in that order. */
  sources: MessageSource[];
}

export const NO_KIT_CONTEXT: KitContext = { block: '', sources: [] };

/**
 * The user's best passages for `question`, as many as fit in KIT_PASSAGES_MAX_TOKENS together, best
 * first. A passage that does not fit ends the list (a lesser one after it is not worth a gap).
 */
export async function kitContextFor(
  pool: Pool,
  userId: number,
  question: string,
  maxTokens = KIT_PASSAGES_MAX_TOKENS,
): Promise<KitContext> {
  const found = await searchKit(pool, userId, question.slice(0, 2_000), KIT_PASSAGES_PER_CALL);
  const sent: typeof found = [];
  let tokens = 0;
  for (const passage of found) {
    const cost = await countTextTokens(passage.text, maxTokens);
    if (tokens + cost > maxTokens) break;
    tokens += cost;
    sent.push(passage);
  }
  return {
    block: kitPromptBlock(sent),
    sources: sent.map((p) => ({ passageId: p.id, fileName: p.fileName, page: p.page })),
  };
}
