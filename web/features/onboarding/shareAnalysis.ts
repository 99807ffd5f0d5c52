import { copyText } from '../../ui/copyText';

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/** A phone or tablet: the share sheet suits a touch device; on a desktop the clipboard does. */
function prefersShareSheet(): boolean {
  return (
    typeof navigator.share === 'function' &&
    typeof matchMedia === 'function' &&
    matchMedia('(pointer: coarse)').matches
  );
}

/**
 * 'Share with co-founder': the system share sheet on phones where the browser has one, else the
 * clipboard (iOS-safe through copyText). A share sheet closed without sharing is
 * 'cancelled', not a failure.
 */
export async function shareAnalysis(title: string, text: string): Promise<ShareOutcome> {
  if (prefersShareSheet()) {
    try {
      await navigator.share({ title, text });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Refused (no user gesture left, or not allowed here): the clipboard still works.
    }
  }
  return (await copyText(text)) ? 'copied' : 'failed';
}
