import { useCallback, useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import type { PitchpadDb } from '../../data/db';
import { clearDraft, loadDraft, saveDraft } from '../../data/drafts';
import { forgetTargets } from '../debrief/recordingStore';
import { draftKey, STEP } from '../../data/composerDrafts';

export { oneLine, saveChatDraftText } from '../../data/composerDrafts';

/** How long typing pauses before the text is saved. */
const SAVE_AFTER_MS = 300;

/**
 * The message being typed, saved as typed in the drafts table (data/drafts.ts): a reload, a new
 * version, a closed app or a restarted phone never loses it. One draft per chat; a new conversation
 * keeps its own. `clear` forgets the draft at once (the message was sent).
 */
export function useComposerDraft(
  db: PitchpadDb,
  chatId: string | undefined,
  input: string,
  setInput: Dispatch<SetStateAction<string>>,
) {
  const key = draftKey(chatId);
  // Saving waits until this chat's draft has been read, or an empty input would erase it first.
  const restored = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    restored.current = null;
    void loadDraft(db, key)
      .then((draft) => {
        if (cancelled) return;
        const text = draft?.[STEP];
        if (typeof text === 'string' && text.trim()) setInput((current) => current || text);
      })
      .catch(() => {})
      .finally(() => {
        if (!cancelled) restored.current = key;
      });
    return () => {
      cancelled = true;
    };
  }, [db, key, setInput]);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (restored.current !== key) return;
      const save = input.trim() ? saveDraft(db, key, STEP, input) : clearDraft(db, key);
      save.catch(() => {});
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [db, key, input]);

  // The message is sent: a voice note recorded into this box and not back yet goes to /debrief only.
  const clear = useCallback(() => {
    void clearDraft(db, key).catch(() => {});
    void forgetTargets(
      db,
      (target) => target.kind === 'chat' && (target.chatId ?? undefined) === chatId,
    ).catch(() => {});
  }, [db, key, chatId]);
  return { clear };
}
