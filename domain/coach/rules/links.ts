import { folded, plainText, sentences, trimEnds } from '../text';
import { good, notGood, plural, type Rule } from '../types';

/** Endings of bare domains a mail app turns into links even without a path ('acme.io'). */
const COMMON_TLDS = new Set(
  'com net org io co ai app dev me ly so xyz us uk de fr es it nl eu ca au in tech cloud site online info biz gg tv fm to sh cc vc'.split(
    ' ',
  ),
);
const URL_START = /^(?:https?:\/\/|www\.)\S/i;
const BARE_DOMAIN = /^(?:[a-z0-9-]{1,63}\.)+([a-z]{2,24})([/?#]\S*)?$/i;

/** Words that say a file is attached now. */
const ATTACHED = /\b(?:attached|attaching|enclosed|enclosing)\b/;
/** Words that name a file, which an offer ('happy to send a PDF if…') may use without attaching one. */
const FILE = /\b(?:attachments?|pdfs?)\b|\.(?:pdf|pptx?|docx?|xlsx?|key)\b/;
const OFFER = /\b(?:if|happy to|glad to|can send|could send|want me to|shall i|should i)\b/;

/**
 * An ask that only works with a link to book through: 'book a time', 'grab a slot', 'grab 15
 * minutes here', 'my calendar link', 'the link below'. 'Worth a quick call?' asks for a reply and
 * needs none.
 */
const BOOKING_ASK =
  /\b(?:(?:book|grab|pick|choose|reserve|snag)\s+(?:a\s+|any\s+|some\s+|one\s+)?(?:time|slot|spot)s?\b|(?:book|grab|pick|snag)\s+(?:\d{1,2}|fifteen|twenty|thirty)\s*(?:minutes?|mins?)\b|(?:book|grab|pick|schedule)\b[^.?!\n]{0,30}\b(?:here|below|via|through|using)\b|(?:calendar|booking|scheduling)\s+(?:link|page)\b|link\s+(?:below|above)\b|(?:my|our)\s+calendar\b)/;
/** A word that starts like a web address but is not one a mail app can open: 'https//cal.com', 'http:/cal.com', 'htps://…', 'https://cal'. */
const SCHEME_LIKE = /^(?:h?t{1,2}p{1,2}s?)(?::\/{0,3}|\/{1,3})/i;
/** A template blank that stands for the link (the personalisation check asks for it to be filled). */
const LINK_BLANK =
  /\[[^[\]\n]{0,40}\b(?:link|calendar|url)\b[^[\]\n]{0,40}\](?!\()|\{\{[^}\n]{0,40}\b(?:link|calendar|url)\b[^}\n]{0,40}\}\}/i;

/** Whether a word looks meant as a web address but is broken: a mistyped scheme, or a host that is no domain. */
export function isBrokenLink(token: string): boolean {
  const word = trimEnds(token, /[("'“”<>[\]).,;:!?]/);
  if (!SCHEME_LIKE.test(word)) return false;
  if (!/^https?:\/\/[^/]/i.test(word)) return true;
  try {
    const host = new URL(word).hostname;
    return !host.includes('.') || host.endsWith('.');
  } catch {
    return true;
  }
}

/** Whether a word (punctuation around it trimmed) is a link: http(s)://, www. or a bare domain like cal.com/sam. */
export function isLink(token: string): boolean {
  const word = trimEnds(token, /[("'“”<>[\]).,;:!?]/);
  if (word.includes('@')) return false;
  if (URL_START.test(word)) return true;
  const domain = BARE_DOMAIN.exec(word);
  return domain !== null && (domain[2] !== undefined || COMMON_TLDS.has(domain[1]!.toLowerCase()));
}

/** Whether the email says a file comes with it: 'attached', 'enclosed', or a PDF that is not merely offered. */
function impliesAttachment(body: string): boolean {
  return sentences(body).some((sentence) => {
    const text = folded(sentence);
    return ATTACHED.test(text) || (FILE.test(text) && !OFFER.test(text));
  });
}

/** Whether the email asks the reader to book through a link ('Grab a slot here'). */
function asksToBook(body: string): boolean {
  return sentences(body).some((sentence) => BOOKING_ASK.test(folded(sentence)));
}

/**
 * Links and attachments: at most one link (a calendar link counts), and no attachment in a first
 * email. An ask to book through a link needs that link, and a link must be one a mail app can open:
 * a broken call to action costs the meeting the email was written for.
 */
export const checkLinks: Rule = (email) => {
  const text = plainText(email.body);
  const words = text.split(/\s+/);
  const broken = words.filter(isBrokenLink).map((word) => trimEnds(word, /[("'“”<>[\]).,;:!?]/));
  const links = words.filter((word) => isLink(word) && !isBrokenLink(word)).length;
  const missing = links === 0 && broken.length === 0 && !LINK_BLANK.test(text) && asksToBook(text);
  const attachment = impliesAttachment(email.body);
  const fixes: string[] = [];
  if (broken.length > 0)
    fixes.push(`Fix the link “${broken[0]}”: it should read like https://cal.com/you/20min.`);
  if (missing)
    fixes.push(
      'Your ask is to book a time, but there is no link: add your booking link, or ask for a reply instead.',
    );
  if (attachment) fixes.push('Leave files out of a first email: offer to send them if they reply.');
  if (links + broken.length >= 2) fixes.push('Keep one link at most, the one for your ask.');
  if (fixes.length === 0) return good('links', links === 0 ? 'No links' : '1 link');
  const label =
    broken.length > 0
      ? 'Broken link'
      : missing
        ? 'Ask without its link'
        : attachment
          ? 'Mentions an attachment'
          : `${plural(links, 'link')} — keep one at most`;
  return notGood(
    'links',
    broken.length > 0 || missing || attachment || links >= 3 ? 'bad' : 'warn',
    label,
    fixes.join(' '),
  );
};
