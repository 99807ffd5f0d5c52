/** A bare address typed without its scheme: 'cal.com/sam/20min', 'calendly.com/sam', 'acme.com'. */
const BARE_ADDRESS =
  /^(?:www\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}(?:[/?#]\S*)?$/i;

/**
 * `text` as a web link anyone can open (http or https, a host with a dot), or null. A link typed
 * without https:// gets it, as a mail app would add it; 'my calendar', 'https//cal.com', an email
 * address or 'http://cal' are not links.
 */
export function normalizeWebLink(text: string): string | null {
  const trimmed = text.trim();
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(trimmed)
    ? trimmed
    : BARE_ADDRESS.test(trimmed)
      ? `https://${trimmed}`
      : null;
  if (candidate === null || /\s/.test(candidate)) return null;
  try {
    const url = new URL(candidate);
    const hostOk =
      url.hostname.includes('.') && !url.hostname.startsWith('.') && !url.hostname.endsWith('.');
    if (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      hostOk &&
      /^https?:\/\/[^/]/i.test(candidate)
    )
      return candidate;
  } catch {
    // Not a URL at all.
  }
  return null;
}

/**
 * The name a host is registered under, the part a person would call the site: 'acme' from
 * 'acme.com', 'mail.acme.co.uk' or 'www.acme.io'. Undefined for a host with no such part.
 */
export function siteName(host: string): string | undefined {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  const secondLevel = labels.length > 2 && /^(?:co|com|org|net|ac|gov)$/.test(labels.at(-2)!);
  return labels.at(secondLevel ? -3 : -2) || undefined;
}

/** The host of a web link as the rep typed it ('acme.com', 'https://www.acme.com/about' -> 'acme.com'), or undefined. */
export function linkHost(text: string): string | undefined {
  const link = normalizeWebLink(text);
  return link === null ? undefined : new URL(link).hostname.toLowerCase().replace(/^www\./, '');
}
