/** The email coach's vocabulary: what goes in, what each rule says, what comes out. */
import type { ProfileValues } from '../contract/profile';

/** An email as the rep wrote it. The body may carry Markdown marks from a model's reply. */
export interface Email {
  subject: string;
  body: string;
}

/** What the flow knows about the recipient, and the rep's profile; each field is judged only when given. */
export interface CoachContext {
  /** 'Dana Ortiz' or 'Dana'. */
  recipientName?: string;
  /** 'Freightly' or 'Freightly Inc.'. */
  company?: string;
  /**
   * The rep's own profile: their company, website and signature name are the sender's, so naming
   * them is no personal touch (and a recipient's company that is the rep's own is no recipient's).
   */
  profile?: Pick<ProfileValues, 'company' | 'website' | 'signatureName'>;
  /**
   * For an email a flow wrote (the cold email, the follow-up): what its facts about the prospect
   * may stand on. `sources`: how many numbered sources its reply was written with (its '[1]' marks);
   * `notes`: what the rep told the flow; `kept`: sentences the rep chose to keep with no source;
   * `original`: the email as written, so sentences the rep added are taken as theirs. Without it,
   * facts are not judged.
   */
  facts?: { sources: number; notes: string; kept?: readonly string[]; original?: string };
}

/** One id per rule, stable for the UI; 'empty' stands alone when there is nothing to check yet. */
export type CheckId =
  | 'subject'
  | 'length'
  | 'grade'
  | 'sentences'
  | 'cta'
  | 'reader'
  | 'personal'
  | 'sources'
  | 'spam'
  | 'links'
  | 'empty';

export type CheckStatus = 'good' | 'warn' | 'bad';

/** One rule's outcome: a short label for a details list and, when not good, one fix in plain words. */
export type Check =
  | { id: CheckId; status: 'good'; label: string; fix?: undefined }
  | { id: CheckId; status: 'warn' | 'bad'; label: string; fix: string };

/** A fix worth making, from the check of the same id. */
export interface Fix {
  id: CheckId;
  status: 'warn' | 'bad';
  text: string;
}

export interface Coaching {
  /** 0–100, a whole number. */
  score: number;
  /** The three most valuable fixes, most valuable first (fewer when fewer checks fail). */
  fixes: Fix[];
  /**
   * Every rule's outcome, in a fixed order: subject, length, grade, sentences, cta, reader, personal,
   * sources, spam, links. 'personal' is left out when there is nothing to judge (no name or company
   * given, no blanks left), 'sources' when the email states no fact about the prospect or the flow
   * gave no `facts`; an empty email has the one 'empty' check.
   */
  checks: Check[];
}

/** A rule: one pure function from the email (and what the flow knows) to its check. */
export type Rule = (email: Email, context: CoachContext) => Check;

/** A check that passed. */
export const good = (id: CheckId, label: string): Check => ({ id, status: 'good', label });

/** A check that did not pass, with the fix to show. */
export const notGood = (
  id: CheckId,
  status: 'warn' | 'bad',
  label: string,
  fix: string,
): Check => ({ id, status, label, fix });

/** '1 word', '3 words'. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** '“a”', '“a” and “b”', '“a”, “b” and “c”'. */
export function quoteList(items: readonly string[]): string {
  const quoted = items.map((item) => `“${item}”`);
  return quoted.length <= 1
    ? (quoted[0] ?? '')
    : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}
