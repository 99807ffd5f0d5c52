import { words } from '../text';
import { good, notGood, plural, type Rule } from '../types';

/** A phone shows about 30–50 characters of a subject; 1–5 words read at a glance. */
export const SUBJECT = { maxWords: 5, maxChars: 50 } as const;

interface Problem {
  status: 'warn' | 'bad';
  label: string;
  fix: string;
}

/** A subject in capitals: no lower-case letter at all, or two shouted words ('QUICK QUESTION about…'). */
function shouts(subject: string): boolean {
  const letters = subject.match(/\p{L}/gu)?.length ?? 0;
  if (letters >= 4 && !/\p{Ll}/u.test(subject)) return true;
  return (
    words(subject).filter((word) => /^\p{Lu}{4,}$/u.test(word.replace(/[^\p{L}]/gu, ''))).length >=
    2
  );
}

/** The subject line: 1–5 words, 50 characters at most, no capitals, no '!', no fake 'RE:' or 'FWD:'. */
export const checkSubject: Rule = (email, context) => {
  const subject = email.subject.trim();
  if (!subject) {
    const example = context.company?.trim()
      ? `Idea for ${context.company.trim()}`
      : 'Idea for your team';
    return notGood(
      'subject',
      'bad',
      'No subject',
      `Add a short subject of 1–5 words, like “${example}”.`,
    );
  }
  const problems: Problem[] = [];
  const fakeReply = /^(re|fwd?)\s*:/i.exec(subject);
  if (fakeReply) {
    const mark = `${fakeReply[1]!.toUpperCase()}:`;
    problems.push({
      status: 'bad',
      label: `Subject fakes a reply (“${mark}”)`,
      fix: `Remove “${mark}”: this is a first email, and a fake reply costs trust.`,
    });
  }
  if (shouts(subject))
    problems.push({
      status: 'bad',
      label: 'Subject is in capitals',
      fix: 'Write the subject in normal case: capitals read as shouting.',
    });
  if (subject.includes('!'))
    problems.push({
      status: 'bad',
      label: 'Subject has “!”',
      fix: 'Drop the “!” from the subject: it reads like an ad.',
    });
  const count = words(subject).length;
  const chars = [...subject].length;
  if (count > SUBJECT.maxWords) {
    problems.push({
      status: 'warn',
      label: `Subject: ${plural(count, 'word')} — aim for 1–5`,
      fix: 'Cut the subject to 5 words or fewer, so a phone shows all of it.',
    });
  } else if (chars > SUBJECT.maxChars) {
    problems.push({
      status: 'warn',
      label: `Subject: ${chars} characters — aim for 50 or fewer`,
      fix: 'Cut the subject to 50 characters or fewer, so a phone shows all of it.',
    });
  }
  if (problems.length === 0)
    return good('subject', `Subject: ${plural(count, 'word')} — fits a phone`);
  const status = problems.some((problem) => problem.status === 'bad') ? 'bad' : 'warn';
  return notGood(
    'subject',
    status,
    problems[0]!.label,
    problems.map((problem) => problem.fix).join(' '),
  );
};
