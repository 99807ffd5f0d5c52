import type { ProfileValues, Tone } from '../contract/profile';
import type { Answers } from '../playbooks/flow';
import { siteName } from '../webLink';

export interface EmailDraft {
  subject: string;
  body: string;
}

/** Who the email is for, as far as the rep's "Who are you writing to?" answer tells. */
interface Recipient {
  /** The name as the rep wrote it ('Dana Ortiz'), when the answer starts with one. */
  name?: string;
  firstName?: string;
  role?: string;
  company?: string;
  /** What else the rep knows about them (a trigger event, a shared connection), one entry a line. */
  notes: string[];
}

// Small fixed word lists keep the reading deterministic; a word missing here only costs a
// personal touch (a neutral greeting, a note kept as the rep wrote it), never a broken sentence.
const ROLE_WORDS = new Set(
  'head vp svp evp avp director manager ceo cto cfo coo cmo cro cpo ciso founder cofounder co-founder chief lead president owner partner engineer officer sales ops operations marketing growth product recruiter buyer analyst consultant principal associate specialist executive administrator architect designer developer'.split(
    ' ',
  ),
);
const COMPANY_SUFFIXES = new Set('inc ltd llc gmbh corp co plc sa ag bv labs group'.split(' '));
const NOT_IN_NAMES = new Set('of the and for in a an to my our your their'.split(' '));
const HONORIFICS = /^(?:dr|mr|mrs|ms|mx|prof)\.?\s+/i;
/** Shared mailboxes and webmail: an address there names no person or no company. */
const GENERIC_MAILBOXES = new Set(
  'info sales hello hi contact team support admin office jobs careers press billing noreply no-reply enquiries inquiries marketing hr'.split(
    ' ',
  ),
);
const WEBMAIL = new Set(
  'gmail googlemail outlook hotmail live msn yahoo icloud me mac aol proton protonmail pm gmx yandex fastmail hey zoho mail'.split(
    ' ',
  ),
);
/** Words a note can start with when it leaves out who did it: "Just raised a Series B". */
const SUBJECTLESS_STARTS = new Set('just recently now also already is was has had will'.split(' '));
const IRREGULAR_PAST = new Set('won grew built began became made got'.split(' '));
/** Words ending in -ing that are not a verb to put after "is". */
const NOT_VERBS = new Set(
  'thing something nothing anything everything spring string morning evening during king ring wing'.split(
    ' ',
  ),
);
/** Abbreviations whose full stop does not end the "who" sentence ("Sr. Director", "Dr. Ortiz"). */
const ABBREVIATIONS = new Set('sr jr dr mr mrs ms mx prof st'.split(' '));
const EMAIL_ADDRESS = /<?([\w.+-]+)@([\w-]+(?:\.[\w-]+)+)>?/;
/** 'Referred by John', 'Introduced via Sam Lee': who put the rep in touch (a note, never a name or company). */
const REFERRAL =
  /^(?:referred|introduced|recommended|connected)\s+(?:to you\s+)?(?:by|via|through)\s+(.+)$/i;

const bare = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'’.-]/gu, '')
    .replace(/\.$/, '');
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/** 'Dana Ortiz, VP Sales at Freightly. Just raised a Series B.' -> the "who" part and the rest. */
function splitWho(line: string): [string, string] {
  for (const stop of line.matchAll(/[.!?;]\s+/g)) {
    const before = line.slice(0, stop.index).split(/\s+/).at(-1) ?? '';
    if (ABBREVIATIONS.has(bare(before))) continue;
    return [line.slice(0, stop.index).trim(), line.slice(stop.index + stop[0].length).trim()];
  }
  return [line.replace(/[.!?;]$/, '').trim(), ''];
}

/**
 * Whether a note starts by saying what happened and leaves out who did it: 'Just raised a Series B',
 * 'Launched in Europe' (done), 'Hiring 20 reps' (ongoing, it needs an "is"). 'Referred by John' does not.
 */
function eventStart(note: string): 'done' | 'ongoing' | null {
  const [first = '', second = ''] = note.split(/\s+/).map(bare);
  if (
    SUBJECTLESS_STARTS.has(first) ||
    IRREGULAR_PAST.has(first) ||
    (first.length > 4 && first.endsWith('ed') && second !== 'by')
  )
    return 'done';
  if (first.length > 4 && first.endsWith('ing') && !NOT_VERBS.has(first)) return 'ongoing';
  return null;
}

/** 'Dana Ortiz', 'dana', 'Priya Shah 3f2a9c1b' (an id after the name); not 'Head of Sales', 'Acme Inc' or 'Hiring engineers'. */
function looksLikeName(text: string): boolean {
  const words = text.split(/\s+/);
  return (
    words.length <= 3 &&
    /^\p{L}[\p{L}'’-]+$/u.test(words[0]!) &&
    words.every((w) => /^\p{L}[\p{L}'’-]*$/u.test(w) || /\p{N}/u.test(w)) &&
    !words.some((w) =>
      [ROLE_WORDS, COMPANY_SUFFIXES, NOT_IN_NAMES, SUBJECTLESS_STARTS].some((list) =>
        list.has(bare(w)),
      ),
    ) &&
    // 'Sterling Archer' is a name, 'Hiring engineers' an event.
    !(eventStart(text) && !words.slice(1).some((w) => /^\p{Lu}/u.test(w)))
  );
}

const looksLikeRole = (text: string) => text.split(/\s+/).some((w) => ROLE_WORDS.has(bare(w)));
/** 'Globex', '3M', or one word typed in lower case ('acme'); 'loves cycling' is a note. */
const looksLikeCompany = (text: string) => /^[\p{Lu}\p{N}]/u.test(text) || !/\s/.test(text);
/** A name or company typed all in lower case, capitalised as the email needs it. */
const proper = (text: string) =>
  text === text.toLowerCase()
    ? text.replace(
        /(^|\s)(\p{L})/gu,
        (_m, space: string, letter: string) => space + letter.toUpperCase(),
      )
    : text;

/** 'dana.smith' -> 'Dana'; 'jsmith' (an initial and a surname) and 'sales' name nobody. */
function firstNameFromMailbox(mailbox: string): string | undefined {
  const token = mailbox.split(/[._+-]/)[0]!.toLowerCase();
  if (
    !/^[a-z]{2,}$/.test(token) ||
    GENERIC_MAILBOXES.has(token) ||
    GENERIC_MAILBOXES.has(mailbox.toLowerCase())
  )
    return undefined;
  const pronounceable =
    /^(?:[aeiouy]|[^aeiouy][aeiouy]|(?:ch|sh|th|ph|wh|[bcdfgkpt][rl]|s[cklmnptw]|tw|kn)[aeiouy]|(?:chr|str|scr|spr|shr|thr)[aeiouy])/;
  return pronounceable.test(token) ? capitalise(token) : undefined;
}

/** 'acme.com', 'mail.acme.co.uk' -> 'Acme'; webmail names no company. */
function companyFromDomain(domain: string): string | undefined {
  const label = siteName(domain);
  return label && !WEBMAIL.has(label) ? capitalise(label) : undefined;
}

/** Read the recipient answer: 'Dana Smith, Head of Ops at Acme', 'Dana at Acme', 'Head of Sales, Globex', 'dana@acme.com', plus notes. */
function readRecipient(text: string | undefined): Recipient {
  const lines = (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const [who, rest] = splitWho(lines[0] ?? '');
  const recipient: Recipient = { notes: [rest, ...lines.slice(1)].filter(Boolean) };

  const address = who.match(EMAIL_ADDRESS);
  const parts = (address ? who.replace(address[0], ' ') : who)
    .split(/[,()]|\s[-–—|]\s/)
    .map((p) => p.trim())
    .filter(Boolean);
  // 'at Acme' names the company outright; a bare 'Globex' is a guess that gives way to it.
  let named: string | undefined;
  let guessed: string | undefined;
  const unplaced: string[] = [];
  parts.forEach((part, i) => {
    const at = part.match(/^(?:(.*?)\s+)?(?:at|@)\s+(.+)$/i);
    const left = (at ? (at[1] ?? '') : part).replace(HONORIFICS, '').trim();
    if (at) named ??= proper(at[2]!.trim());
    if (!left) return;
    if (REFERRAL.test(part)) unplaced.push(part);
    else if (i === 0 && looksLikeName(left)) {
      recipient.name = proper(left);
      recipient.firstName = proper(left.split(/\s+/)[0]!);
    } else if (!recipient.role && (at || looksLikeRole(left))) recipient.role = left;
    else if (!guessed && !eventStart(left) && looksLikeCompany(left)) guessed = proper(left);
    else unplaced.push(left);
  });
  recipient.company = named ?? guessed;
  recipient.notes.unshift(...unplaced);
  if (address) {
    recipient.firstName ??= firstNameFromMailbox(address[1]!);
    recipient.company ??= companyFromDomain(address[2]!);
  }
  return recipient;
}

/** The recipient's first name and company, as far as the answer tells (the follow-up's greeting and subject). */
export function recipientOf(text: string | undefined): { firstName?: string; company?: string } {
  const { firstName, company } = readRecipient(text);
  return { ...(firstName ? { firstName } : {}), ...(company ? { company } : {}) };
}

/** The recipient's name alone ('Dana Ortiz', or 'Dana' from dana@acme.com), when the answer gives one. */
export function recipientName(text: string | undefined): string | undefined {
  const { name, firstName } = readRecipient(text);
  return name ?? firstName;
}

/**
 * Who a cold email is for, in a few words: the recipient and their company ('Dana Ortiz at
 * Freightly'), or as much of that as the answer tells ('VP Sales at Freightly', 'Dana', 'Globex').
 */
export function recipientLabel(text: string | undefined): string | undefined {
  const { name, firstName, role, company } = readRecipient(text);
  const who = name ?? firstName ?? role;
  return who && company ? `${who} at ${company}` : (who ?? company);
}

/** A sentence from free text: trimmed, first letter capitalised, ending in a full stop. */
export function sentence(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  if (!t) return t;
  const s = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

/** Lower-case a note's first letter to continue a sentence with it, unless it starts an acronym ('IPO'). */
const continuing = (text: string) =>
  /^\p{Lu}\p{Lu}/u.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);

/**
 * A note as a sentence of the email. One that leaves out who did it ("Just raised a Series B",
 * "Hiring 20 reps") is a trigger event: it gets the company as its subject. Anything else stays as
 * the rep wrote it.
 */
function noteSentence(
  note: string,
  subject: string,
  also: boolean,
): { text: string; isEvent: boolean } {
  const referrer = note.match(REFERRAL)?.[1];
  if (referrer)
    return {
      text: sentence(`${proper(referrer.replace(/[.!]$/, ''))} suggested I get in touch`),
      isEvent: false,
    };
  const event = eventStart(note);
  if (!event) return { text: sentence(note), isEvent: false };
  const saw = also ? 'I also saw that' : 'I saw that';
  return {
    text: sentence(`${saw} ${subject}${event === 'ongoing' ? ' is' : ''} ${continuing(note)}`),
    isEvent: true,
  };
}

/**
 * The opener: what the rep knows about them (who put them in touch, the events the rep noted, other
 * notes), as the rep would say it. With no notes, their role and company say why this email is for
 * them; nothing generic is added.
 */
function openingParagraph({ role, company, notes }: Recipient): string {
  const subject = company ?? 'your team';
  const events: string[] = [];
  const others: string[] = [];
  for (const note of notes) {
    const { text, isEvent } = noteSentence(note, subject, events.length > 0);
    (isEvent ? events : others).push(text);
  }
  if (events.length || others.length) return [...others, ...events].join(' ');
  const at = company ? ` at ${company}` : '';
  if (role)
    return /\bteam$/i.test(role)
      ? `I'm writing to the ${role.toLowerCase()}${at} with one idea.`
      : `I'm writing to you as ${role}${at}, with one idea for your team.`;
  return company
    ? `I'm writing with one idea for ${company}.`
    : "I'm writing with one idea for your team.";
}

/** How the email greets and signs off, by the profile's tone; no tone keeps the drafter's own words. */
export const TONE_WORDS: Record<Tone | 'none', { hi: (name?: string) => string; bye: string }> = {
  none: { hi: (name) => `Hi ${name ?? 'there'},`, bye: 'Best regards,' },
  direct: { hi: (name) => (name ? `Hi ${name},` : 'Hi,'), bye: 'Best,' },
  friendly: { hi: (name) => (name ? `Hey ${name},` : 'Hi there,'), bye: 'Cheers,' },
  formal: { hi: (name) => (name ? `Dear ${name},` : 'Hello,'), bye: 'Kind regards,' },
};

/**
 * The most words of the profile one line of the email takes: the value proposition's first
 * sentences up to it (never cut mid-sentence); a longer proof point is left out.
 */
const PROFILE_LINE_MAX_WORDS = 40;

/** The first sentences of `text` up to PROFILE_LINE_MAX_WORDS (at least the first), on one line. */
function opening(text: string): string {
  const parts = text
    .trim()
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+/);
  let kept = parts[0]!;
  for (const part of parts.slice(1)) {
    if (`${kept} ${part}`.split(' ').length > PROFILE_LINE_MAX_WORDS) break;
    kept = `${kept} ${part}`;
  }
  return kept;
}

const same = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * What the email offers when the rep's answer says nothing: the profile's value proposition, else
 * its product line ('Pipewise is a pipeline tool for field teams.' when it reads as one).
 */
function profileOffer(profile: ProfileValues): string | undefined {
  const value = profile.valueProposition?.trim();
  if (value) return opening(value);
  const product = profile.product?.trim().replace(/[.!]+$/, '');
  if (!product) return undefined;
  const company = profile.company?.trim();
  if (/^(?:a|an|the)\s/i.test(product))
    return `${company ? `${company} is` : 'We make'} ${continuing(product)}`;
  return product;
}

/**
 * The profile's first proof point as a sentence: 'Acme cut ramp time by 40%.' as written; a bare
 * list of customers ('Acme, Globex and Initech') says who works with the rep's company. None when
 * the first one is too long for a cold email.
 */
function profileProof(profile: ProfileValues): string | undefined {
  const first = profile.proofPoints
    ?.split(/\n|;\s|(?<=[.!?])\s+/)
    .map((p) => p.replace(/^[-*•]\s*/, '').trim())
    .find(Boolean);
  if (!first || first.split(/\s+/).length > PROFILE_LINE_MAX_WORDS) return undefined;
  const names = first.replace(/[.!]+$/, '').split(/\s*,\s*|\s+and\s+|\s*&\s*/);
  const customers =
    names.length >= 2 &&
    names.every((n) =>
      /^[\p{Lu}\p{N}][\p{L}\p{N}'’.-]*(?:\s+[\p{Lu}\p{N}][\p{L}\p{N}'’.-]*){0,2}$/u.test(n),
    );
  if (!customers) return first;
  const company = profile.company?.trim();
  const list = `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return company ? `${company} works with ${list}` : `We work with ${list}`;
}

/**
 * The signature: the rep's name (the profile's, else their account's), their role and company, and
 * their phone, one a line, each only when known.
 */
export function signatureLines(profile: ProfileValues, sender: string | undefined): string[] {
  const name = profile.signatureName?.trim() || sender?.trim();
  const role = profile.signatureRole?.trim();
  const company = profile.company?.trim();
  const roleLine =
    role && company && !role.toLowerCase().includes(company.toLowerCase())
      ? `${role}, ${company}`
      : role || company;
  return [name, roleLine, profile.signaturePhone?.trim()].filter((line): line is string => !!line);
}

/**
 * The offline drafter's cold email: composed from the rep's own answers with no model,
 * so it works with no signal. Short, as a rep writes one: a short subject, an opener from what the
 * rep knows about them, one value line from the rep's answer, and a concrete ask. Honest by
 * construction: it only says what the rep told it, in their answers or their profile.
 *
 * The profile fills what the answers leave out (the rep's answer always wins): the value
 * proposition (else the product line), with a proof point when the offer is the profile's; the
 * booking link for the ask; the signature; and the tone's greeting and sign-off. With no profile the
 * email is the answers' alone, signed with `sender`, the rep's account name, when it is known.
 */
export function draftColdEmail(
  answers: Answers,
  sender?: string,
  profile: ProfileValues = {},
): EmailDraft {
  const recipient = readRecipient(answers.recipient_info);
  const { firstName, company } = recipient;
  const answered = answers.value_prop?.trim();
  // The answer the flow filled from the profile and the rep left as it was is the profile's offer too.
  const offersProfile =
    !answered || (!!profile.valueProposition && same(answered, profile.valueProposition));
  const offer = answered || profileOffer(profile);
  const proofLine = offersProfile ? profileProof(profile) : undefined;
  const proof =
    proofLine && offer && !offer.toLowerCase().includes(proofLine.toLowerCase())
      ? proofLine
      : undefined;
  const link = answers.booking_link?.trim() || profile.bookingLink?.trim();
  // The call the email asks for is the one the link books: its length when the link says it.
  const minutes = callMinutes(link);
  const call = minutes
    ? `a ${minutes}-minute call`
    : link
      ? 'a short call'
      : `a ${DEFAULT_CALL_MINUTES}-minute call`;
  const words = TONE_WORDS[(profile.tone as Tone | undefined) ?? 'none'] ?? TONE_WORDS.none;
  const signature = signatureLines(profile, sender);

  const subject = offer
    ? `Idea for ${company ?? (firstName ? `you, ${firstName}` : 'your team')}`
    : `Quick question${company ? ` for ${company}` : ''}`;
  const paragraphs = [
    words.hi(firstName),
    openingParagraph(recipient),
    // With no offer written, the ask says what the call is for rather than inventing a claim.
    ...(offer ? [[sentence(offer), ...(proof ? [sentence(proof)] : [])].join(' ')] : []),
    link
      ? `Would ${call} next week be useful${offer ? '' : ' to compare notes'}? You can pick a time that suits you at ${link}`
      : // One ask only (the coach counts 'Just reply…' as a second one).
        `Would ${call} next week be useful${offer ? '' : ' to compare notes'}? I can fit around your calendar.`,
    [words.bye, ...signature].join('\n'),
  ];
  return { subject, body: paragraphs.join('\n\n') };
}

/** The call asked for when the rep gave no booking link. */
const DEFAULT_CALL_MINUTES = 20;

/**
 * How long a call a booking link books, when its address says so: 'cal.com/you/30min',
 * 'calendly.com/dana/15-minute-intro', '.../1h'. Undefined when it does not.
 */
export function callMinutes(link: string | undefined): number | undefined {
  const path = link?.replace(/^[a-z]+:\/\/[^/]+/i, '') ?? '';
  const minutes = path.match(/(?:^|[^\d])(\d{1,3})[\s_-]?(?:min|mins|minute|minutes|m)(?![a-z])/i);
  const hours = path.match(/(?:^|[^\d])(\d)[\s_-]?(?:h|hr|hrs|hour|hours)(?![a-z])/i);
  const value = minutes ? Number(minutes[1]) : hours ? Number(hours[1]) * 60 : undefined;
  return value && value >= 5 && value <= 240 ? value : undefined;
}

/**
 * A mailto: link with the subject and body filled in ('Open in mail app'). Every character that is
 * not plain is percent-encoded (UTF-8), and line breaks are CRLF (%0D%0A) as RFC 6068 asks; a
 * subject holds no line break (a header has one line), so any there become spaces.
 */
export function mailtoLink(draft: EmailDraft, to = ''): string {
  const subject = draft.subject.replace(/\s*\r?\n\s*/g, ' ');
  const body = draft.body.replace(/\r?\n/g, '\r\n');
  return `mailto:${encodeURIComponent(to)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * What the coach knows of the recipient from the rep's "Who are you writing to?" answer: their
 * name and company, each only when the answer tells it.
 */
export function recipientContext(text: string | undefined): {
  recipientName?: string;
  company?: string;
} {
  const { name, firstName, company } = readRecipient(text);
  const who = name ?? firstName; // as recipientName() reads it
  return { ...(who ? { recipientName: who } : {}), ...(company ? { company } : {}) };
}

/** The draft as the chat shows it. */
export function emailDraftMarkdown(draft: EmailDraft): string {
  return `**Subject:** ${draft.subject}\n\n${draft.body}`;
}
