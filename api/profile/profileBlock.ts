// The rep's profile as every model call made for them is sent it (in its system prompt), bounded.
import { createHash } from 'node:crypto';
import { PROFILE_BLOCK_MAX_TOKENS } from '../../domain/limits';
import type { ProfileField, ProfileValues } from '../../domain/contract/profile';
import { profilePromptBlock, profileValuesOf } from '../../domain/profile/promptBlock';
import type { Pool } from '../db';
import { countTextTokens } from '../llm/context';
import { readProfile } from './profile.sql';
import { recentValues } from '../recent';

const ELLIPSIS = '…';

/**
 * The profile block for `values`, at most `maxTokens`: while it is longer, the longest field is cut
 * (never below the next longest, so long fields shrink together and short ones, the company's name,
 * the booking link, stay whole). Each cut takes off about the excess at the block's own characters
 * per token, so it ends in a few counts.
 */
export async function boundedProfileBlock(
  values: ProfileValues,
  maxTokens = PROFILE_BLOCK_MAX_TOKENS,
): Promise<string> {
  const kept = new Map<ProfileField, number>();
  for (const [f, v] of Object.entries(values) as [ProfileField, string][])
    if (f !== 'tone' && f !== 'language') kept.set(f, v.length);
  const shortened = (): ProfileValues => {
    const fields = { ...values };
    for (const [f, length] of kept)
      if (length < values[f]!.length)
        fields[f] = length > 0 ? values[f]!.slice(0, length).trimEnd() + ELLIPSIS : '';
    return fields;
  };
  for (;;) {
    const block = profilePromptBlock(shortened());
    const tokens = await countTextTokens(block, maxTokens * 4);
    if (tokens <= maxTokens) return block;
    const [longest, next] = [...kept].toSorted((a, b) => b[1] - a[1]);
    // Only the labels left, and still too long: cannot happen with the labels we have.
    if (!longest || longest[1] === 0) return '';
    const excess = Math.ceil(((tokens - maxTokens) * block.length) / tokens) + 8;
    let length = Math.max(next?.[1] ?? 0, longest[1] - excess);
    if (length >= longest[1]) length = Math.max(0, longest[1] - excess);
    kept.set(longest[0], length);
  }
}

/** The signed-in user's profile values, blanks left out ({} when nothing is filled). */
export async function loadProfileValues(pool: Pool, userId: number): Promise<ProfileValues> {
  return profileValuesOf(await readProfile(pool, userId));
}

/**
 * The blocks made lately, by a digest of their values: every call made for a rep sends their
 * profile, which seldom changes, and bounding a full one (counting it, often more than once) was a
 * quarter of the time a send took before its model was asked.
 */
const madeBlocks = recentValues<string, string>(256);

/** The profile block of `values` ('' when nothing is filled). */
export async function profileBlockOf(values: ProfileValues): Promise<string> {
  if (!Object.keys(values).length) return '';
  const key = createHash('sha256').update(JSON.stringify(values)).digest('base64');
  let block = madeBlocks.get(key);
  if (block === undefined) {
    block = await boundedProfileBlock(values);
    madeBlocks.set(key, block);
  }
  return block;
}

/** The signed-in user's profile block ('' when nothing is filled): read once per request. */
export async function loadProfileBlock(pool: Pool, userId: number): Promise<string> {
  return profileBlockOf(await loadProfileValues(pool, userId));
}
