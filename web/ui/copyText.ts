/** What a Copy that did not work says (the button's own 'Copied' says the rest). */
export const COPY_FAILED_TOAST = {
  header: 'Copy failed',
  message: 'Select the text and copy it instead.',
  color: 'warning' as const,
};

/**
 * Copies text to the clipboard. The async Clipboard API is refused in some contexts (iOS Safari
 * after an await, non-secure origins, a denied permission); then a hidden textarea and
 * execCommand('copy'), still inside the tap's user gesture, do it. Resolves false when both fail.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the textarea.
  }
  return copyWithTextarea(text);
}

function copyWithTextarea(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  // Off screen but not display:none (which cannot be selected); 16px stops iOS zooming in on focus.
  textarea.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0;font-size:16px;';
  document.body.append(textarea);
  const previousFocus =
    document.activeElement instanceof HTMLElement ? document.activeElement : null;
  try {
    textarea.select();
    textarea.setSelectionRange(0, text.length);
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
    previousFocus?.focus();
  }
}
