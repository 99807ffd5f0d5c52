// What a model call is told of the rep's company and documents, added to its system prompt: the
// profile's filled fields with their labels, and the sales kit's passages found for the question,
// numbered so the answer can cite them. Pure: the API loads and bounds them
// (api/profile/profileBlock.ts, api/kit/kitContext.ts).
import { PROFILE_FIELDS, type ProfileField, type ProfileValues } from '../contract/profileFields';
import type { StoredProfile } from './merge';

/** The fields the block lists; tone and language become instructions instead. */
const LISTED = (Object.keys(PROFILE_FIELDS) as ProfileField[]).filter(
  (f) => f !== 'tone' && f !== 'language',
);

/** The values of a stored profile, blanks left out. A `replaced` edit is a note for the rep, not a value. */
export function profileValuesOf(stored: StoredProfile): ProfileValues {
  const values: ProfileValues = {};
  for (const [field, entry] of Object.entries(stored) as [ProfileField, { value: string }][])
    if (entry?.value?.trim()) values[field] = entry.value.trim();
  return values;
}

/** The profile as the model reads it; '' for a profile with nothing filled. */
export function profilePromptBlock(values: ProfileValues): string {
  const lines = LISTED.filter((f) => values[f]?.trim()).map(
    (f) => `- ${PROFILE_FIELDS[f].label}: ${values[f]!.trim()}`,
  );
  const instructions: string[] = [];
  if (values.tone?.trim()) instructions.push(`Write in a ${values.tone.trim()} tone.`);
  if (values.language?.trim()) instructions.push(`Write in ${values.language.trim()}.`);
  if (!lines.length && !instructions.length) return '';
  const facts = lines.length
    ? [
        "The user's company, from their profile (use it; do not ask for what it says):",
        ...lines,
      ].join('\n')
    : '';
  return [facts, instructions.join(' ')].filter(Boolean).join('\n\n');
}

/** A passage of the rep's kit as a model call is sent it. */
export interface PromptPassage {
  fileName: string;
  page: number | null;
  text: string;
}

/** Where a passage comes from, as the answer's 'Sources' and the prompt name it: 'deck.pdf, p. 3'. */
export function passagePlace(p: Pick<PromptPassage, 'fileName' | 'page'>): string {
  return p.page === null ? p.fileName : `${p.fileName}, p. ${p.page}`;
}

/** The kit's passages, numbered from 1 in the order given, with how to cite them; '' for none. */
export function kitPromptBlock(passages: readonly PromptPassage[]): string {
  if (!passages.length) return '';
  return [
    "Excerpts from the user's sales kit (their own documents). Use them where they answer the question, and cite each one you use as [1], [2] by its number:",
    ...passages.map((p, i) => `[${i + 1}] ${passagePlace(p)}\n${p.text.trim()}`),
  ].join('\n\n');
}

/** A system prompt with the blocks that are not empty after it. */
export function withContextBlocks(systemPrompt: string, ...blocks: string[]): string {
  return [systemPrompt, ...blocks.filter((b) => b.trim())].join('\n\n');
}
