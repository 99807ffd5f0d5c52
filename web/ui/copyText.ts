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

/**
 * Copies an email as both rich text (HTML: paragraphs, line breaks and links kept when pasted into
 * Gmail or Outlook) and plain text (what a CRM's note field or a text box takes). Where the browser
 * cannot write both (no ClipboardItem, or refused), the plain text alone.
 */
export async function copyRichText(html: string, text: string): Promise<boolean> {
  try {
    if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([html], { type: 'text/html' }),
          'text/plain': new Blob([text], { type: 'text/plain' }),
        }),
      ]);
      return true;
    }
  } catch {
    // Fall through to the plain text.
  }
  return copyText(text);
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
