import { useNavigate } from '@tanstack/react-router';
import type { ShareChoice } from '../../../domain/share/shareChoices';
import { groupThousands } from '../../../domain/numbers';
import type { PitchpadDb } from '../../data/db';
import { useToast } from '../../ui/ToastProvider';
import { choicePath, prefillShared } from './prefillShared';

/**
 * Put a text into a tool's answers (prefillShared) and open the tool: a shared text (/share), a
 * debrief's transcript (/debrief). Saved before leaving, so a free user sent on to pricing finds it
 * in the flow after upgrading. `replace` keeps the page that held the text out of the back history.
 */
export function useOpenWithText() {
  const navigate = useNavigate();
  const toast = useToast();
  return async (
    db: PitchpadDb,
    choice: ShareChoice,
    text: string,
    { replace = false, also }: { replace?: boolean; also?: Record<string, string> } = {},
  ) => {
    if (text) {
      await prefillShared(db, choice, text, also).then(
        ({ cut }) => {
          if (cut)
            toast({
              header: 'Shortened',
              message: `Only the first ${groupThousands(choice.maxLength)} characters fit in the answer.`,
              color: 'warning',
            });
        },
        () => {
          // No browser storage (a private window that refuses IndexedDB): the tool still opens.
          toast({
            header: 'Not filled in',
            message: 'This browser would not store the text. Paste it into the first answer.',
            color: 'warning',
          });
        },
      );
    }
    await navigate({ href: choicePath(choice), replace });
  };
}
