// The deterministic checks of an answer: the app's own code wherever it has it (the email coach,
// its blanks finder, the citation marks, the flows' parsers), and plain rules where it has none
// (facts the inputs do not hold). Each check gives 0–1, or nothing when it does not apply to the
// scenario; the scenario's score is their mean, out of 100.
import { CHECK_CREDIT, blanksIn, coachEmail, type Check } from '../domain/coach';
import { plainText } from '../domain/coach/text';
import { GtmPlan } from '../domain/contract/playbooks';
import { parseStreamedAnalysis, scoreOf as matrixScore } from '../domain/playbooks/competitive';
import { extractJson } from '../api/llm/json';
import { CRM_NOTE_SECTIONS } from '../domain/playbooks/crmNote';
import {
  FALLBACK_VALUE_PROPS,
  VALUE_PROPS_COUNT,
  parseValueProps,
} from '../domain/playbooks/valueProposition';
import { citedNumbers, withoutCitations } from '../domain/research/citations';
import { emailFromText } from '../web/features/playbooks/emailText';
import type { CheckName, Scenario, ScenarioKind } from './scenario';

export interface CheckResult {
  name: CheckName;
  /** 0 (failed) to 1 (passed). */
  score: number;
  /** What was found, in a few words: what a reader needs to see why. */
  detail: string;
}

/** The answers written as an email to send: the coach reads them. */
const EMAIL_KINDS: ReadonlySet<ScenarioKind> = new Set(['email', 'followup']);
/**
 * The answers whose every name and number must come from what the rep gave. Not a GTM plan (its
 * market sizes are estimates by design), a competitor matrix (it names the market's players), or
 * personas (their people are made up to be typical).
 */
const FACTUAL_KINDS: ReadonlySet<ScenarioKind> = new Set([
  'chat',
  'email',
  'followup',
  'crmnote',
  'objection',
  'call',
  'playbook',
  'valueprops',
]);

/**
 * What the rep gave for `scenario`: their profile, the kit's passages, the flow's answers or their
 * message, whom they write to, and what the scenario allows besides. A fact may stand on these, not
 * on the app's own instructions (a prompt that names HubSpot is no source for an answer naming it).
 */
export function whatTheRepGave(scenario: Scenario): string {
  return [
    ...Object.values(scenario.profile),
    ...scenario.kit.map((p) => `${p.fileName}\n${p.text}`),
    ...Object.values(scenario.answers),
    scenario.message ?? '',
    scenario.recipient?.name ?? '',
    scenario.recipient?.company ?? '',
    ...scenario.expect.known,
  ].join('\n');
}

/** Every check that applies to `answer`, the reply to `scenario`'s call. */
export function checkAnswer(scenario: Scenario, answer: string): CheckResult[] {
  const given = whatTheRepGave(scenario);
  const results: Array<CheckResult | null> = [
    ...(EMAIL_KINDS.has(scenario.kind) ? emailChecks(scenario, answer, given) : []),
    placeholders(answer),
    scenario.expect.valueProposition ? valueProposition(scenario, answer) : null,
    scenario.expect.bookingLink ? bookingLink(scenario, answer) : null,
    FACTUAL_KINDS.has(scenario.kind) ? inventedFacts(answer, given) : null,
    scenario.kit.length > 0 || scenario.expect.citesKit ? citations(scenario, answer) : null,
    format(scenario.kind, answer),
    scenario.expect.mustInclude.length ? mustInclude(scenario.expect.mustInclude, answer) : null,
    scenario.expect.mustNotInclude.length
      ? mustNotInclude(scenario.expect.mustNotInclude, answer)
      : null,
  ];
  return results.filter((r): r is CheckResult => r !== null);
}

/** The mean of the checks, out of 100 (whole numbers). */
export function scoreOf(results: readonly CheckResult[]): number {
  if (!results.length) return 0;
  return Math.round((100 * results.reduce((sum, r) => sum + r.score, 0)) / results.length);
}

/** The coach's score, and the parts of it the app's coach shows a rep. */
function emailChecks(scenario: Scenario, answer: string, given: string): CheckResult[] {
  const coaching = coachEmail(emailFromText(answer), {
    recipientName: scenario.recipient?.name,
    company: scenario.recipient?.company,
    profile: scenario.profile,
    facts: { sources: scenario.kit.length, notes: given },
  });
  const part = (name: CheckName, id: Check['id']): CheckResult => {
    const check = coaching.checks.find((c) => c.id === id);
    return check
      ? { name, score: CHECK_CREDIT[check.status], detail: check.label }
      : { name, score: 0, detail: 'nothing to check' };
  };
  return [
    { name: 'coach', score: coaching.score / 100, detail: `coach ${coaching.score}/100` },
    part('subject', 'subject'),
    part('length', 'length'),
    part('grade', 'grade'),
    part('one-ask', 'cta'),
  ];
}

function placeholders(answer: string): CheckResult {
  const blanks = blanksIn(answer);
  return blanks.length
    ? { name: 'placeholders', score: 0, detail: `left: ${blanks.slice(0, 3).join(', ')}` }
    : { name: 'placeholders', score: 1, detail: 'none left' };
}

/** Words too common to tell a value proposition by. */
const COMMON = new Set(
  'that this with from your their they them have more less into than what when which while where about over under also just very only each every make makes help helps teams team'.split(
    ' ',
  ),
);
const keyWords = (text: string) =>
  new Set(
    (
      plainText(text)
        .toLowerCase()
        .match(/\p{L}[\p{L}'-]{3,}/gu) ?? []
    ).filter((w) => !COMMON.has(w)),
  );

/** The profile's value proposition in the answer: half its telling words or more earn it all. */
function valueProposition(scenario: Scenario, answer: string): CheckResult {
  const wanted = [
    ...keyWords(scenario.profile.valueProposition ?? scenario.answers.value_prop ?? ''),
  ];
  if (!wanted.length)
    return { name: 'value-proposition', score: 0, detail: 'the scenario gives none' };
  const said = keyWords(answer);
  const share = wanted.filter((w) => said.has(w)).length / wanted.length;
  return {
    name: 'value-proposition',
    score: Math.min(1, share * 2),
    detail: `${Math.round(share * 100)}% of its words`,
  };
}

/** The booking link, as the rep gave it (the flow's answer, else the profile's). */
function bookingLink(scenario: Scenario, answer: string): CheckResult {
  const link = (scenario.answers.booking_link || scenario.profile.bookingLink || '').trim();
  if (!link) return { name: 'booking-link', score: 0, detail: 'the scenario gives none' };
  const bare = link.replace(/^https?:\/\//, '').replace(/\/$/, '');
  return answer.includes(bare)
    ? { name: 'booking-link', score: 1, detail: 'there' }
    : { name: 'booking-link', score: 0, detail: `missing: ${link}` };
}

/** Capitalised words that name nothing: the ones a sentence may hold mid-way without a source. */
const NO_NAMES = new Set(
  [
    'i im ive id ill hi hello hey dear ps thanks thank best regards cheers congrats',
    'monday tuesday wednesday thursday friday saturday sunday today tomorrow',
    'january february march april may june july august september october november december',
    'markdown subject email linkedin google zoom',
  ]
    .join(' ')
    .split(' '),
);

/** A sentence's, a list item's, a table cell's or a quote's start: a capital there names nothing. */
const STARTS = /(?:^|[.!?:;|>*#•–—-]["”’')*]*\s*["“‘'(]*|\n\s*(?:\d+[.)]\s*)?["“‘'(]*)$/;

/**
 * Lines and spans written in title case, where every word is capitalised: headings, bold labels,
 * the subject line, a table's header row. Their words are not read as names.
 */
const TITLE_CASE =
  /^#{1,6}\s.*$|\*\*[^*\n]+\*\*|^\s*subject(?: line)?\s*:.*$|^\|.*\|\s*\n\|\s*:?-{3}.*$/gim;

/** A clock time, or a date written as digits: its parts are no count or amount. */
const TIMES_AND_DATES =
  /\b\d{1,2}:\d{2}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b/g;

/** A call's length ('a 20-minute call') is an ask's size, not a fact. */
const DURATIONS = /\d+[- ]?min(?:ute)?s?\b/gi;

/**
 * Names and numbers the rep did not give: a capitalised word inside a sentence (not an acronym,
 * not inside a word like 'iPhone', not in a heading or a bold label) or an amount of two digits or
 * more ('$38k' read as 38000), missing from `known`. Times, dates and a call's length are passed
 * over. A heuristic that errs towards flagging: a name that starts a sentence goes unseen unless a
 * capitalised word follows it ('Maria Lopez'), and a scenario lists in `expect.known` what a good
 * answer may add.
 */
export function inventedFacts(answer: string, known: string): CheckResult {
  const text = plainText(withoutCitations(answer).replace(TITLE_CASE, '')).replace(
    /https?:\/\/\S+/g,
    '',
  );
  const knownWords = new Set((known.toLowerCase().match(/\p{L}[\p{L}'’-]*/gu) ?? []).map(bareWord));
  const knownNumbers = new Set(amountsIn(known));
  const invented = new Set<string>();
  for (const match of text.matchAll(/(?<![\p{L}\p{N}])\p{Lu}[\p{L}'’-]*/gu)) {
    const word = bareWord(match[0].toLowerCase());
    if (STARTS.test(text.slice(Math.max(0, match.index - 8), match.index))) continue;
    if (match[0] === match[0].toUpperCase() && match[0].length <= 5) continue;
    if (NO_NAMES.has(word.replace(/['’]/g, '')) || knownWords.has(word)) continue;
    invented.add(match[0].replace(/['’]s$/, ''));
  }
  for (const amount of amountsIn(text.replace(TIMES_AND_DATES, ' ').replace(DURATIONS, ' ')))
    if (amount.replace('.', '').length >= 2 && !knownNumbers.has(amount)) invented.add(amount);
  const found = [...invented];
  return found.length
    ? {
        name: 'invented-facts',
        score: Math.max(0, 1 - found.length / 3),
        detail: `not in the inputs: ${found.slice(0, 4).join(', ')}`,
      }
    : { name: 'invented-facts', score: 1, detail: 'every name and number is in the inputs' };
}

/** A word as names are compared: lower case, no possessive, no trailing marks. */
const bareWord = (word: string) => word.replace(/['’]s$/, '').replace(/[-'’]+$/, '');

/**
 * The amounts a text states, as plain numbers: '1,200' and '1200' alike, '$38k' as 38000, '1.5M'
 * as 1500000, no trailing zeros after a point.
 */
function amountsIn(text: string): string[] {
  return [...text.matchAll(/(\d[\d,]*(?:\.\d+)?)\s?([kKmM](?![\p{L}]))?/gu)].map((m) => {
    const value = Number(m[1]!.replace(/,/g, '')) * (m[2] ? (/k/i.test(m[2]) ? 1e3 : 1e6) : 1);
    return String(Math.round(value * 1000) / 1000);
  });
}

/** Kit citations: each '[n]' names a passage the call sent; a scenario that must cite does. */
function citations(scenario: Scenario, answer: string): CheckResult {
  const cited = citedNumbers(answer);
  const missing = cited.filter((n) => n < 1 || n > scenario.kit.length);
  if (missing.length)
    return {
      name: 'citations',
      score: 0,
      detail: `cites ${missing.map((n) => `[${n}]`).join(' ')}, which no passage is`,
    };
  if (scenario.expect.citesKit && !cited.length)
    return { name: 'citations', score: 0, detail: 'cites no passage of the kit' };
  return {
    name: 'citations',
    score: 1,
    detail: cited.length ? `cites ${cited.map((n) => `[${n}]`).join(' ')}` : 'cites nothing',
  };
}

const result = (score: number, detail: string): CheckResult => ({ name: 'format', score, detail });

/** The answer's shape where the app reads it: a matrix, a plan, options, a CRM note's sections. */
function format(kind: ScenarioKind, answer: string): CheckResult | null {
  switch (kind) {
    case 'email':
    case 'followup':
      // Read as 'Open in mail app' reads it.
      return emailFromText(answer).subject
        ? result(1, 'a subject line, then the body')
        : result(0, 'no subject line');
    case 'crmnote': {
      const headings = new Set(
        [...answer.matchAll(/^#{1,3}\s+(.+?)\s*$/gm)].map((m) => m[1]!.toLowerCase()),
      );
      const missing = CRM_NOTE_SECTIONS.filter((s) => !headings.has(s.toLowerCase()));
      return result(
        (CRM_NOTE_SECTIONS.length - missing.length) / CRM_NOTE_SECTIONS.length,
        missing.length ? `no section ${missing.join(', ')}` : 'every section',
      );
    }
    case 'competitors': {
      const analysis = parseStreamedAnalysis(answer);
      if (!analysis) return result(0, 'not the analysis the app reads');
      const names = analysis.competitors.map((c) => c.name);
      const cells = analysis.comparison_matrix.length * names.length;
      const scored = analysis.comparison_matrix.reduce(
        (sum, row) => sum + names.filter((n) => matrixScore(row, n) !== undefined).length,
        0,
      );
      return result(
        cells ? scored / cells : 0,
        `${names.length} competitors, ${analysis.comparison_matrix.length} rows, ${scored}/${cells} cells scored`,
      );
    }
    case 'gtmplan': {
      // Read as the plan's route reads it: the first {...}, in prose or a code fence.
      const plan = extractJson(answer);
      if (plan === undefined) return result(0, 'not JSON');
      const parsed = GtmPlan.safeParse(plan);
      return parsed.success
        ? result(1, 'a plan the app reads')
        : result(0, `not the plan the app reads: ${parsed.error.issues[0]?.message ?? ''}`);
    }
    case 'valueprops': {
      // The parser fills in generic lines when it finds none: those are the app's, not the answer's.
      const options = parseValueProps(answer).filter((o) => !FALLBACK_VALUE_PROPS.includes(o));
      return result(
        Math.min(1, options.length / VALUE_PROPS_COUNT),
        `${options.length} of ${VALUE_PROPS_COUNT} options`,
      );
    }
    default:
      return null;
  }
}

function mustInclude(phrases: readonly string[], answer: string): CheckResult {
  const lower = answer.toLowerCase();
  const missing = phrases.filter((p) => !lower.includes(p.toLowerCase()));
  return {
    name: 'must-include',
    score: (phrases.length - missing.length) / phrases.length,
    detail: missing.length ? `missing: ${missing.join(', ')}` : 'all there',
  };
}

function mustNotInclude(phrases: readonly string[], answer: string): CheckResult {
  const lower = answer.toLowerCase();
  const found = phrases.filter((p) => lower.includes(p.toLowerCase()));
  return {
    name: 'must-not-include',
    score: found.length ? 0 : 1,
    detail: found.length ? `says: ${found.join(', ')}` : 'none of them',
  };
}
