import { folded, NOT_LETTER, trimEnds } from '../text';
import { good, notGood, type Check, type CoachContext, type Email } from '../types';

/**
 * Template blanks a model or a template leaves: '[First Name]', '{{company}}', '<<Name>>'; not a
 * Markdown link. A '[' starts a new blank, so a run of them is read once.
 */
const BLANK = /\[[^[\]\n]{1,40}\](?!\()|\{\{[^}\n]{1,40}\}\}|<<[^>\n]{1,40}>>/g;
const HONORIFIC = /^(?:dr|mr|mrs|ms|mx|prof|sir|madam)\.?$/i;
const COMPANY_SUFFIX =
  /[\s,]+(?:inc|ltd|llc|gmbh|corp|corporation|co|plc|sa|ag|bv|limited|company)\.?$/i;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `name` appears in `text` as whole words, in any case or accent, possessive or not ('Freightly's'). */
function mentions(text: string, name: string): boolean {
  const pattern = folded(name).trim().split(/\s+/).map(escape).join('\\s+');
  return (
    pattern !== '' && new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'u').test(text)
  );
}

/** The parts of a name worth looking for: 'Dr. Dana Ortiz' -> ['Dana', 'Ortiz']. */
const nameParts = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => trimEnds(part, NOT_LETTER))
    .filter((part) => part.length >= 2 && !HONORIFIC.test(part));

/**
 * Personalisation: no template blanks left, and the recipient's name and company (when the flow
 * knows them) appear in the subject or body. Nothing to judge without either: no check.
 */
export function checkPersonal(email: Email, context: CoachContext): Check | null {
  const blanks = [...new Set(`${email.subject}\n${email.body}`.match(BLANK) ?? [])].filter(
    (blank) => /\p{L}/u.test(blank),
  );
  if (blanks.length > 0) {
    const shown = blanks.slice(0, 3);
    return notGood(
      'personal',
      'bad',
      `Blanks to fill: ${shown.join(', ')}`,
      `Fill in ${shown.join(shown.length === 2 ? ' and ' : ', ')} before you send it.`,
    );
  }
  const name = nameParts(context.recipientName ?? '');
  const company = (context.company ?? '').trim().replace(COMPANY_SUFFIX, '').trim();
  if (name.length === 0 && !company) return null;

  const text = folded(`${email.subject}\n${email.body}`);
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
