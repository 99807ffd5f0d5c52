import { folded, plainText, sentences, trimEnds } from '../text';
import { good, notGood, plural, type Rule } from '../types';

/** Endings of bare domains a mail app turns into links even without a path ('acme.io'). */
const COMMON_TLDS = new Set('com net org io co ai app dev me ly so xyz us uk de fr es it nl eu ca au in tech cloud site online info biz gg tv fm to sh cc vc'.split(' '));
const URL_START = /^(?:https?:\/\/|www\.)\S/i;
const BARE_DOMAIN = /^(?:[a-z0-9-]{1,63}\.)+([a-z]{2,24})([/?#]\S*)?$/i;

/** Words that say a file is attached now. */
const ATTACHED = /\b(?:attached|attaching|enclosed|enclosing)\b/;
/** Words that name a file, which an offer ('happy to send a PDF if…') may use without attaching one. */
const FILE = /\b(?:attachments?|pdfs?)\b|\.(?:pdf|pptx?|docx?|xlsx?|key)\b/;
const OFFER = /\b(?:if|happy to|glad to|can send|could send|want me to|shall i|should i)\b/;

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

/** Links and attachments: at most one link (a calendar link counts), and no attachment in a first email. */
export const checkLinks: Rule = (email) => {
  const links = plainText(email.body).split(/\s+/).filter(isLink).length;
  const attachment = impliesAttachment(email.body);
  const fixes: string[] = [];
  if (attachment) fixes.push('Leave files out of a first email: offer to send them if they reply.');
  if (links >= 2) fixes.push('Keep one link at most, the one for your ask.');
  if (fixes.length === 0) return good('links', links === 0 ? 'No links' : '1 link');
  const label = attachment ? 'Mentions an attachment' : `${plural(links, 'link')} — keep one at most`;
  return notGood('links', attachment || links >= 3 ? 'bad' : 'warn', label, fixes.join(' '));
};
