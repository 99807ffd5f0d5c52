import { MESSAGE_MAX_CHARS } from '../../domain/limits';

/**
 * An email to Dana as long as a message may be (32,000 characters): runs of Markdown's and prose's
 * punctuation, then 1,000 one-word questions, padded with '!'. The worst case for the coach's reading.
 */
export function punctuationEmail(): string {
  const runs = [
    '['.repeat(6000),
    '*'.repeat(6000),
    '_'.repeat(4000),
    '`'.repeat(2000),
    '.'.repeat(3000),
    '?!…"”)]*_'.repeat(300),
    '(((('.repeat(500),
  ].join(' ');
  const start = `Hi Dana,\n\n${runs}\n\n${'Ok? '.repeat(1000)}`;
  const end = '\n\nBest,\nSam';
  return `${start}${'!'.repeat(MESSAGE_MAX_CHARS - start.length - end.length)}${end}`;
}
