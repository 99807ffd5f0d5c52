import { linkHost, siteName } from '../../webLink';
import { folded, NOT_LETTER, trimEnds } from '../text';
import { good, notGood, type Check, type CoachContext, type Email } from '../types';

/**
 * Template blanks a model or a template leaves: '[First Name]', '{{company}}', '<<Name>>'; not a
 * Markdown link. A '[' starts a new blank, so a run of them is read once.
 */
const BLANK = /\[[^[\]\n]{1,40}\](?!\()|\{\{[^}\n]{1,40}\}\}|<<[^>\n]{1,40}>>/g;
/** The template blanks left in `text` ('[First Name]', '{{company}}'), each once; '[1]' is no blank. */
export function blanksIn(text: string): string[] {
  return [...new Set(text.match(BLANK) ?? [])].filter((blank) => /\p{L}/u.test(blank));
}

const HONORIFIC = /^(?:dr|mr|mrs|ms|mx|prof|sir|madam)\.?$/i;
const COMPANY_SUFFIX =
  /[\s,]+(?:inc|ltd|llc|gmbh|corp|corporation|co|plc|sa|ag|bv|limited|company)\.?$/i;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `name` as whole words in folded text, in any case or accent; null for a blank name. */
function wholeWords(name: string, flags = 'u'): RegExp | null {
  const pattern = folded(name).trim().split(/\s+/).map(escape).join('\\s+');
  return pattern === ''
    ? null
    : new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, flags);
}

/** Whether `name` appears in `text` as whole words, in any case or accent, possessive or not ('Freightly's'). */
function mentions(text: string, name: string): boolean {
  return wholeWords(name)?.test(text) ?? false;
}

const bareCompany = (name: string) => name.trim().replace(COMPANY_SUFFIX, '').trim();
const sameName = (a: string, b: string) =>
  folded(bareCompany(a)).replace(/\s+/g, ' ') === folded(bareCompany(b)).replace(/\s+/g, ' ');

/** Whether a word holds `host` as its own host ('pipewise.io', 'sam@pipewise.io', 'https://pipewise.io/demo'; not 'notpipewise.io'). */
function holdsHost(word: string, host: string): boolean {
  const edge = /[\p{L}\p{N}-]/u;
  for (let at = word.indexOf(host); at !== -1; at = word.indexOf(host, at + 1)) {
    const before = word[at - 1];
    const after = word[at + host.length];
    if ((!before || !edge.test(before)) && (!after || !edge.test(after))) return true;
  }
  return false;
}

/** The rep's own names (their company, their site's name, their full name) and their site's host, from the profile. */
function senderOf(profile: CoachContext['profile']): { names: string[]; host?: string } {
  const host = profile?.website ? linkHost(profile.website) : undefined;
  const signature = profile?.signatureName?.trim() ?? '';
  const names = [
    bareCompany(profile?.company ?? ''),
    (host && siteName(host)) ?? '',
    // A first name alone may be the recipient's too ('Dana' writing to Dana): only a full name is surely the rep's.
    /\s/.test(signature) ? signature : '',
  ].filter((name) => /\p{L}|\p{N}/u.test(name));
  return { names, host };
}

/**
 * The email with the rep's own mentions taken out (their site's addresses, their company, their full
 * name), so only the recipient's count. A name of the rep's that is part of the recipient's own
 * ('Acme' in 'Acme Logistics') is left, or the recipient's would be lost with it.
 */
function withoutSender(
  text: string,
  sender: { names: string[]; host?: string },
  recipient: string[],
): string {
  const { host } = sender;
  let rest = host
    ? text
        .split(/(\s+)/)
        .map((word) => (holdsHost(word, host) ? ' ' : word))
        .join('')
    : text;
  for (const name of sender.names) {
    if (recipient.some((theirs) => mentions(folded(theirs), name))) continue;
    const own = wholeWords(name, 'gu');
    if (own) rest = rest.replace(own, ' ');
  }
  return rest;
}

/** The parts of a name worth looking for: 'Dr. Dana Ortiz' -> ['Dana', 'Ortiz']. */
const nameParts = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => trimEnds(part, NOT_LETTER))
    .filter((part) => part.length >= 2 && !HONORIFIC.test(part));

/**
 * Personalisation: no template blanks left, and the recipient's name and company (when the flow
 * knows them) appear in the subject or body. Nothing to judge without either: no check. With the
 * rep's profile, their own company, site and name are told from the recipient's: naming them is
 * no personal touch, and a 'recipient company' that is the rep's own is no recipient's.
 */
export function checkPersonal(email: Email, context: CoachContext): Check | null {
  const blanks = blanksIn(`${email.subject}\n${email.body}`);
  if (blanks.length > 0) {
    const shown = blanks.slice(0, 3);
    return notGood(
      'personal',
      'bad',
      `Blanks to fill: ${shown.join(', ')}`,
      `Fill in ${shown.join(shown.length === 2 ? ' and ' : ', ')} before you send it.`,
    );
  }
  const sender = senderOf(context.profile);
  const isSender = (theirs: string) => sender.names.some((own) => sameName(own, theirs));
  const recipientName = isSender(context.recipientName ?? '') ? '' : (context.recipientName ?? '');
  const name = nameParts(recipientName);
  const theirCompany = bareCompany(context.company ?? '');
  const company = isSender(theirCompany) ? '' : theirCompany;
  if (name.length === 0 && !company) return null;

  const text = withoutSender(folded(`${email.subject}\n${email.body}`), sender, [
    recipientName,
    company,
  ]);
  const firstName = name[0];
  const nameMissing = firstName !== undefined && !name.some((part) => mentions(text, part));
  const companyMissing = company !== '' && !mentions(text, company);
  const named = [firstName, company].filter(Boolean) as string[];

  if (!nameMissing && !companyMissing) return good('personal', `Mentions ${named.join(' and ')}`);
  if (nameMissing && companyMissing) {
    return notGood(
      'personal',
      'bad',
      `Doesn't mention ${named.join(' or ')}`,
      `Greet ${firstName} by name and say why you're writing to ${company} now.`,
    );
  }
  if (nameMissing) {
    return notGood(
      'personal',
      company ? 'warn' : 'bad',
      company ? `Mentions ${company}, not ${firstName}` : `Doesn't mention ${firstName}`,
      `Greet ${firstName} by name.`,
    );
  }
  return notGood(
    'personal',
    firstName ? 'warn' : 'bad',
    firstName ? `Mentions ${firstName}, not ${company}` : `Doesn't mention ${company}`,
    `Mention ${company} by name, and why you're writing to them now.`,
  );
}
