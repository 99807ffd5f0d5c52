/**
 * The email coach: scores a cold email 0–100 against what public research says gets replies, and
 * names the three fixes worth the most, in plain words. Pure and deterministic: it runs in the
 * browser with no network and in the server's tests alike. The rules and their sources are in
 * docs/email-coach.md.
 */
import { checkCta } from './rules/cta';
import { checkGrade } from './rules/grade';
import { checkLength } from './rules/length';
import { checkLinks } from './rules/links';
import { checkPersonal } from './rules/personal';
import { checkReader } from './rules/reader';
import { checkSentences } from './rules/sentences';
import { checkSourced } from './rules/sourced';
import { checkSpam } from './rules/spam';
import { checkSubject } from './rules/subject';
import { withoutCitations } from '../research/citations';
import { messageParts, words } from './text';
import type { Check, CheckId, CheckStatus, CoachContext, Coaching, Email, Fix } from './types';

export type { Check, CheckId, CheckStatus, CoachContext, Coaching, Email, Fix } from './types';
export { readingGrade } from './text';
export { blanksIn } from './rules/personal';
export { factClaims, keptKey, type FactClaim, type FactOrigin } from './rules/sourced';

type RuleId = Exclude<CheckId, 'empty'>;

/**
 * How much each rule counts, out of 100 (up to 120 with personalisation and sourced facts, scaled
 * back to 100). Length
 * carries the most, then reading grade, the ask and the subject: what the reply-rate research
 * measured most strongly, and what decides whether the email is opened at all.
 */
const WEIGHTS: Readonly<Record<RuleId, number>> = {
  subject: 15,
  length: 20,
  grade: 15,
  sentences: 5,
  cta: 15,
  reader: 10,
  personal: 10,
  sources: 10,
  spam: 10,
  links: 10,
};

type RuleOf = (email: Email, context: CoachContext) => Check | null;

/**
 * The rules in the order the details list shows them. Each reads the email as it is sent, with no
 * citation marks ('[1]' is neither a word nor a link), except the sourced-facts rule, which reads them.
 */
const RULES: readonly { check: RuleOf; marks?: true }[] = [
  { check: checkSubject },
  { check: checkLength },
  { check: checkGrade },
  { check: checkSentences },
  { check: checkCta },
  { check: checkReader },
  { check: checkPersonal },
  { check: checkSourced, marks: true },
  { check: checkSpam },
  { check: checkLinks },
];

/** A check's share of its weight: all of it when good, half on a warning, none when bad. */
export const CHECK_CREDIT: Record<CheckStatus, number> = { good: 1, warn: 0.5, bad: 0 };

const weightOf = (check: Check) => WEIGHTS[check.id as RuleId] ?? 0;
const lost = (check: Check) => weightOf(check) * (1 - CHECK_CREDIT[check.status]);

/** Coaches an email: a score from 0 to 100, the top three fixes, and every rule's check. Never throws. */
export function coachEmail(email: Email, context: CoachContext = {}): Coaching {
  const subject = typeof email?.subject === 'string' ? email.subject : '';
  const body = typeof email?.body === 'string' ? email.body : '';
  if (words(messageParts(body).message).length === 0) {
    const text = subject.trim()
      ? 'Write a few lines first.'
      : 'Write a subject and a few lines first.';
    return {
      score: 0,
      fixes: [{ id: 'empty', status: 'bad', text }],
      checks: [{ id: 'empty', status: 'bad', label: 'Nothing to check yet', fix: text }],
    };
  }

  const marked = { subject, body };
  const sent = { subject: withoutCitations(subject), body: withoutCitations(body) };
  const checks = RULES.map(({ check, marks }) =>
    check(marks ? marked : sent, context ?? {}),
  ).filter((check): check is Check => check !== null);
  const total = checks.reduce((sum, check) => sum + weightOf(check), 0);
  const earned = checks.reduce(
    (sum, check) => sum + weightOf(check) * CHECK_CREDIT[check.status],
    0,
  );
  const fixes: Fix[] = checks
    .flatMap((check) =>
      check.status === 'good'
        ? []
        : [{ check, fix: { id: check.id, status: check.status, text: check.fix } }],
    )
    .toSorted((a, b) => lost(b.check) - lost(a.check))
    .slice(0, 3)
    .map(({ fix }) => fix);
  return { score: Math.round((100 * earned) / total), fixes, checks };
}
