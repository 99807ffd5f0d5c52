import { describe, expect, it } from 'vitest';
import { checkLinks, isBrokenLink, isLink } from './links';

const ONE_LINK = 'Keep one link at most, the one for your ask.';
const NO_FILES = 'Leave files out of a first email: offer to send them if they reply.';

const email = (middle: string, signature = 'Sam') => `Hi Dana,

Saw Freightly is hiring 20 reps. New reps often take six months to close a deal; we get them there in ten weeks.

${middle}

Best,
${signature}`;

describe('links and attachments', () => {
  it.each([
    ['no link', email('Worth a quick call next week?'), 'good', 'No links', undefined],
    [
      'one calendar link',
      email('Grab 15 minutes here if useful: https://cal.com/sam/15min'),
      'good',
      '1 link',
      undefined,
    ],
    [
      'an offer to send a PDF later',
      email('Happy to send the two-page PDF if you want a look.'),
      'good',
      'No links',
      undefined,
    ],
    [
      'a case study and a calendar link',
      email('Case study: https://rampup.example/freight — or book here: cal.com/sam/15min'),
      'warn',
      '2 links — keep one at most',
      ONE_LINK,
    ],
    [
      'links in the signature too',
      email(
        'Book a time: https://cal.com/sam/15min',
        'Sam Lee\nwww.rampup.example | linkedin.com/in/samlee',
      ),
      'bad',
      '3 links — keep one at most',
      ONE_LINK,
    ],
    [
      'a deck attached',
      email("I've attached our deck with three customer stories."),
      'bad',
      'Mentions an attachment',
      NO_FILES,
    ],
    [
      'a PDF sent along',
      email('See the PDF for pricing.'),
      'bad',
      'Mentions an attachment',
      NO_FILES,
    ],
    [
      'an enclosed brochure and two links',
      email(
        'Enclosed is our brochure. More at https://rampup.example and www.rampup.example/pricing',
      ),
      'bad',
      'Mentions an attachment',
      `${NO_FILES} ${ONE_LINK}`,
    ],
  ])('judges %s', (_label, body, status, label, fix) => {
    expect(checkLinks({ subject: 'Ramp time at Freightly', body }, {})).toEqual({
      id: 'links',
      status,
      label,
      fix,
    });
  });

  it.each([
    ['https://cal.com/sam/20min', true],
    ['(https://cal.com/sam/20min).', true],
    ['www.rampup.example', true],
    ['cal.com/sam', true],
    ['rampup.io', true],
    ['Node.js', false],
    ['e.g.', false],
    ['U.S.', false],
    ['3.5x', false],
    ['sam@rampup.io', false],
  ])('reads %s as a link: %s', (token, expected) => {
    expect(isLink(token)).toBe(expected);
  });
});

describe('an ask that needs its link', () => {
  const NO_LINK =
    'Your ask is to book a time, but there is no link: add your booking link, or ask for a reply instead.';
  it.each([
    ['book a time with no link', email('Book a time on my calendar if this is worth a look.')],
    ['grab a slot with no link', email('Grab a slot that suits you.')],
    ['grab 15 minutes here, and nothing there', email('If useful, grab 15 minutes here.')],
  ])('flags %s', (_label, body) => {
    expect(checkLinks({ subject: 'Ramp time at Freightly', body }, {})).toEqual({
      id: 'links',
      status: 'bad',
      label: 'Ask without its link',
      fix: NO_LINK,
    });
  });

  it.each([
    ['a broken scheme', 'Book a time here: https//cal.com/sam/15min', 'https//cal.com/sam/15min'],
    ['one slash', 'Grab a slot: http:/cal.com/sam', 'http:/cal.com/sam'],
    ['a host that is no domain', 'Book a time: https://cal/sam.', 'https://cal/sam'],
  ])('flags a link with %s, naming it', (_label, middle, shown) => {
    expect(checkLinks({ subject: 'Ramp time at Freightly', body: email(middle) }, {})).toEqual({
      id: 'links',
      status: 'bad',
      label: 'Broken link',
      fix: `Fix the link “${shown}”: it should read like https://cal.com/you/20min.`,
    });
  });

  it.each([
    ['the ask with its link', email('Book a time here: https://cal.com/sam/15min')],
    ['a Markdown link', email('Grab a slot [on my calendar](https://cal.com/sam/15min).')],
    ['an ask for a reply', email('Worth a quick call next week?')],
  ])('lets %s pass', (_label, body) => {
    expect(checkLinks({ subject: 'Ramp time at Freightly', body }, {}).status).toBe('good');
  });

  it('leaves a blank for the link to the personalisation check', () => {
    expect(
      checkLinks(
        { subject: 'Ramp time', body: email('Book a time here: [your calendar link]') },
        {},
      ).status,
    ).toBe('good');
  });

  it.each([
    ['https//cal.com', true],
    ['htps://cal.com/sam', true],
    ['https://', true],
    ['https://cal.com/sam', false],
    ['http', false],
    ['httpie', false],
  ])('reads %s as a broken link: %s', (token, expected) => {
    expect(isBrokenLink(token)).toBe(expected);
  });
});
