import { describe, expect, it } from 'vitest';
import { emailFromText } from './emailText';

describe("reading an email out of a reply ('Open in mail app')", () => {
  it('takes the subject line, bold or not, and the rest as a plain-text body', () => {
    expect(emailFromText('**Subject:** Idea for Freightly\n\nHi Dana,\n\nWe help **fast**.\n\nBest,')).toEqual({ subject: 'Idea for Freightly', body: 'Hi Dana,\n\nWe help fast.\n\nBest,' });
    expect(emailFromText('Here you go:\n\nSubject: "Quick question"\nHi,\nThanks')).toEqual({ subject: 'Quick question', body: 'Hi,\nThanks' });
    expect(emailFromText('### Subject Line: Ramp faster\nBody')).toEqual({ subject: 'Ramp faster', body: 'Body' });
  });

  it('uses the whole text as the body when there is no subject line', () => {
    expect(emailFromText('Hi Dana,\n\nBest,')).toEqual({ subject: '', body: 'Hi Dana,\n\nBest,' });
  });
});
