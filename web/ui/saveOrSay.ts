/**
 * A change the rep made that this phone could not store: its storage is full, or the rep logged out
 * in another tab, which deleted this phone's copy of their work. Said at once, so nothing the rep
 * did is lost without a word.
 */
import type { ShowToast } from './toaster';

export const NOT_SAVED_HERE = {
  header: 'Not saved',
  message: 'This phone could not keep your change. Please try again.',
  color: 'danger',
} as const;

/** Waits for `save`; when it fails, shows NOT_SAVED_HERE and answers false. */
export function saveOrSay(save: Promise<unknown>, toast: ShowToast): Promise<boolean> {
  return save.then(
    () => true,
    (error: unknown) => {
      console.warn('Could not save on this phone', error);
      toast(NOT_SAVED_HERE);
      return false;
    },
  );
}
