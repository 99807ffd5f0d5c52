/**
 * A chat's message box as saved in the drafts table (data/drafts.ts), without React: the page's
 * composer (useComposerDraft.ts) and whatever fills a box from elsewhere (a share, a debrief's
 * transcript) use the same key.
 */
import type { PitchpadDb } from './db';
import { loadDraft, saveDraft } from './drafts';
import { MESSAGE_MAX_CHARS } from '../../domain/limits';

/** The draft's one step: the message box's text. */
export const STEP = 'text';

/** A chat's draft, or a new conversation's. */
export const draftKey = (chatId: string | undefined) => `chat:${chatId ?? 'new'}`;

/**
 * Puts text in a conversation's message box (a new one's without `chatId`: a share into the free
 * chat; a debrief's transcript), after what was already typed there, a space between: the box is
 * one line.
 */
export async function saveChatDraftText(
  db: PitchpadDb,
  text: string,
  chatId?: string,
): Promise<void> {
  const key = draftKey(chatId);
  const before = (await loadDraft(db, key))?.[STEP];
  const typed = typeof before === 'string' ? before.trim() : '';
  await saveDraft(
    db,
    key,
    STEP,
    [typed, oneLine(text)].filter(Boolean).join(' ').slice(0, MESSAGE_MAX_CHARS),
  );
}

/** The message box is one line, which would drop line breaks and run the lines together: a space takes their place. */
export function oneLine(text: string): string {
  return text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
}
