/**
 * An email's text as the HTML a mail app's compose box takes from the clipboard: each paragraph a
 * <p>, single line breaks kept as <br>, web and mail addresses as links, everything else escaped.
 * No styles: Gmail and Outlook keep the reader's own. Linear in the text's length.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A web address or an email address, bounded in length. */
const LINKABLE =
  /\bhttps?:\/\/[^\s<>"]{1,2000}|\b[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}\b/g;

function linked(line: string): string {
  let out = '';
  let at = 0;
  for (const match of line.matchAll(LINKABLE)) {
    // A sentence's own full stop or bracket after an address is not part of it.
    let end = match[0].length;
    while (end > 0 && '.,;:!?)]'.includes(match[0][end - 1]!)) end--;
    const address = match[0].slice(0, end);
    out += escapeHtml(line.slice(at, match.index));
    const href = address.includes('://') ? address : `mailto:${address}`;
    out += `<a href="${escapeHtml(href)}">${escapeHtml(address)}</a>`;
    at = match.index + address.length;
  }
  return out + escapeHtml(line.slice(at));
}

export function emailHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split('\n').map(linked).join('<br>')}</p>`)
    .join('');
}
