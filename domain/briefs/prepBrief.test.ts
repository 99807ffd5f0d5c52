import { describe, expect, it } from 'vitest';
import type { BriefSource } from '../contract/calendar';
import {
  assembleBrief,
  briefFromModel,
  companiesOf,
  companyOfEmail,
  outsidePeople,
  reminderTitle,
  type BriefInput,
} from './prepBrief';

describe('the company an address names', () => {
  it.each([
    ['dana@freightly.com', 'Freightly'],
    ['dana@eu.freightly.co.uk', 'Freightly'],
    ['kim@mail.globex.io', 'Globex'],
    ['sam@blue-harbor.de', 'Blue Harbor'],
    ['someone@gmail.com', undefined],
    ['someone@outlook.com', undefined],
    ['not-an-address', undefined],
  ])('%s → %s', (email, company) => {
    expect(companyOfEmail(email)).toBe(company);
  });
});

describe('the people a brief is about', () => {
  it('takes a rep on a personal address as a company of one: every other person is from outside', () => {
    const people = outsidePeople(
      {
        title: 'Intro',
        start: '2026-12-02T14:00:00Z',
        attendees: [{ email: 'me@gmail.com' }, { email: 'prospect@gmail.com' }],
      },
      'me@gmail.com',
    );
    expect(people).toEqual([{ email: 'prospect@gmail.com' }]);
  });

  it('leaves out the rep and their own company, keeps each person once, companies by headcount', () => {
    const people = outsidePeople(
      {
        title: 'Freightly demo',
        start: '2026-12-02T14:00:00Z',
        organizer: { email: 'rep@pitchpad.test' },
        attendees: [
          { email: 'Dana@Freightly.com', name: 'Dana Ortiz' },
          { email: 'sam@pitchpad.test' },
          { email: 'lee@freightly.com' },
          { email: 'dana@freightly.com' },
          { email: 'kim@globex.io' },
        ],
      },
      'rep@pitchpad.test',
    );
    expect(people).toEqual([
      { email: 'dana@freightly.com', name: 'Dana Ortiz', company: 'Freightly' },
      { email: 'lee@freightly.com', company: 'Freightly' },
      { email: 'kim@globex.io', company: 'Globex' },
    ]);
    expect(companiesOf(people)).toEqual(['Freightly', 'Globex']);
  });
});

const chat: BriefSource = {
  kind: 'chat',
  label: 'Chat: Freightly',
  text: 'Freightly has 40 depots and a tight budget. We agreed to send the pilot plan next week.',
};
const kit: BriefSource = {
  kind: 'kit',
  label: 'deck.pdf, p. 3',
  text: 'Routing cuts empty miles by 18%.',
  passageId: '7',
};
const input: BriefInput = {
  meeting: {
    title: 'Freightly demo',
    start: '2026-12-02T14:00:00Z',
    description: 'Agenda: walk through the depot pilot',
    attendees: [{ email: 'dana@freightly.com' }],
  },
  people: [{ email: 'dana@freightly.com', company: 'Freightly' }],
  companies: ['Freightly'],
  profile: {
    pains: 'Empty miles between depots. Late loads.',
    bookingLink: 'https://cal.example/rep',
  },
  pieces: [chat, kit],
};

describe('a brief with no model', () => {
  it('cites each known line and open point to its piece and asks about the rep’s pain', () => {
    const brief = assembleBrief(input);
    expect(brief.known).toEqual([
      { text: 'The invite says: Agenda: walk through the depot pilot' },
      { text: 'Freightly has 40 depots and a tight budget.', source: 1 },
      { text: 'Routing cuts empty miles by 18%.', source: 2 },
    ]);
    expect(brief.openPoints).toEqual([
      { text: 'We agreed to send the pilot plan next week.', source: 1 },
    ]);
    expect(brief.questions[0]).toBe(
      'How is Freightly handling empty miles between depots today, and what does it cost them?',
    );
    expect(brief.questions).toHaveLength(3);
    expect(brief.objections.map((o) => o.says)).toEqual([
      "It's too expensive.",
      expect.any(String),
    ]);
    expect(brief.outcome).toContain('https://cal.example/rep');
    expect(brief.byModel).toBe(false);
  });
});

describe('a brief by the model', () => {
  it('drops what cites no piece, bounds the lists and fills what the model left empty', () => {
    const brief = briefFromModel(input, {
      known: [
        { text: 'Freightly has 40 depots.', source: 1 },
        { text: 'Freightly just raised $50M.', source: null },
        { text: 'Freightly is in 9 countries.', source: 3 },
      ],
      openPoints: [{ text: 'Send the pilot plan.', source: 1 }],
      questions: ['One?', 'Two?', 'Three?', 'Four?'],
      objections: [],
      outcome: '',
    });
    expect(brief.known).toEqual([{ text: 'Freightly has 40 depots.', source: 1 }]);
    expect(brief.questions).toEqual(['One?', 'Two?', 'Three?']);
    expect(brief.objections).toEqual(assembleBrief(input).objections);
    expect(brief.outcome).toBe(assembleBrief(input).outcome);
    expect(brief.byModel).toBe(true);
  });
});

describe('the reminder', () => {
  it('says the company and the meeting’s time in the rep’s zone', () => {
    const start = new Date('2026-12-02T13:00:00Z');
    expect(reminderTitle('Freightly', start, 'Europe/Berlin')).toBe(
      'Freightly at 14:00: your brief is ready',
    );
    expect(reminderTitle('Freightly', start, 'America/New_York')).toBe(
      'Freightly at 08:00: your brief is ready',
    );
  });
});
