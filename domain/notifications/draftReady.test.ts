import { describe, expect, it } from 'vitest';
import {
  chatPath,
  debriefReadyText,
  draftReadyText,
  firstLine,
  nameFromColdEmailTitle,
  shouldNotify,
  type ShouldNotifyInput,
} from './draftReady';

describe('draftReadyText: the title', () => {
  it.each([
    [
      'a cold email, from its recipient answer',
      {
        playbookType: 'email',
        chatTitle: 'Cold Email to Dana Ortiz at Freightly',
        recipientInfo: 'Dana Ortiz, VP Sales at Freightly. Just raised a Series B.',
      },
      'Your cold email to Dana Ortiz is ready',
    ],
    [
      'a cold email to a first name only',
      {
        playbookType: 'email',
        chatTitle: 'Cold Email to Dana at Acme',
        recipientInfo: 'dana@acme.com',
      },
      'Your cold email to Dana is ready',
    ],
    [
      'a cold email whose answer names no one',
      {
        playbookType: 'email',
        chatTitle: 'Cold Email to VP Sales at Freightly',
        recipientInfo: 'VP Sales at Freightly',
      },
      'Your cold email is ready',
    ],
    [
      'a cold email with no answers: the name from the title',
      { playbookType: 'email', chatTitle: 'Cold Email to Dana Ortiz at Freightly' },
      'Your cold email to Dana Ortiz is ready',
    ],
    [
      'a cold email with no answers and no name in the title',
      { playbookType: 'email', chatTitle: 'Cold Email to Contact' },
      'Your cold email is ready',
    ],
    [
      'a cold email chat renamed',
      { playbookType: 'email', chatTitle: 'Freightly outreach' },
      'Your cold email is ready',
    ],
    [
      'a value proposition and pitch',
      { playbookType: 'playbook', chatTitle: 'Value Proposition Nov 22, 2026' },
      'Your sales pitch is ready',
    ],
    [
      'customer personas',
      { playbookType: 'demo', chatTitle: 'Personas for Freightly' },
      'Your customer personas are ready',
    ],
    [
      'a call analysis',
      { playbookType: 'call', chatTitle: 'Call Analysis Nov 22, 2026' },
      'Your call analysis is ready',
    ],
    [
      'an objection guide',
      { playbookType: 'objection', chatTitle: 'Objections (Customers) Nov 22, 2026' },
      'Your objection guide is ready',
    ],
    [
      'a GTM plan',
      { playbookType: 'gtmplan', chatTitle: 'GTM Plan for Freightly' },
      'Your GTM plan is ready',
    ],
    [
      'a follow-up email, from its recipient answer',
      {
        playbookType: 'followup',
        chatTitle: 'Follow-up: Dana Ortiz at Freightly',
        recipientInfo: 'Dana Ortiz, VP Sales at Freightly',
      },
      'Your follow-up email to Dana Ortiz is ready',
    ],
    [
      'a follow-up email with no answers: the name from the title',
      { playbookType: 'followup', chatTitle: 'Follow-up: Dana Ortiz at Freightly' },
      'Your follow-up email to Dana Ortiz is ready',
    ],
    [
      'a follow-up email to a team',
      {
        playbookType: 'followup',
        chatTitle: 'Follow-up: the ops team',
        recipientInfo: 'the ops team',
      },
      'Your follow-up email is ready',
    ],
    [
      'a CRM note',
      { playbookType: 'crmnote', chatTitle: 'CRM Note: Freightly' },
      'Your CRM note is ready',
    ],
    [
      'a free chat',
      { playbookType: 'none', chatTitle: 'How do I price a pilot?' },
      'Your answer in "How do I price a pilot?" is ready',
    ],
    [
      'a free chat with a long title',
      {
        playbookType: 'none',
        chatTitle: 'What should the first three sales hires at a seed-stage company be?',
      },
      'Your answer in "What should the first three sales hires…" is ready',
    ],
    [
      'a free chat with no title',
      { playbookType: 'none', chatTitle: '  ' },
      'Your answer is ready',
    ],
  ] as const)('%s', (_case, input, title) => {
    expect(draftReadyText({ reply: 'Hi', ...input }).title).toBe(title);
  });
});

describe("draftReadyText: the body is the reply's first line", () => {
  it.each([
    [
      'plain text',
      "Subject: Freightly's 20 new reps\n\nHi Dana,",
      "Subject: Freightly's 20 new reps",
    ],
    [
      'a Markdown heading, after blank lines',
      '\n\n## **Go-to-market plan**\n\nText',
      'Go-to-market plan',
    ],
    [
      'a list item',
      '- Ask about the pilot budget first\n- Then',
      'Ask about the pilot budget first',
    ],
    ['a rule before the text', '---\nHello', 'Hello'],
    ['nothing', '   \n', ''],
  ])('%s', (_case, reply, body) => {
    expect(firstLine(reply)).toBe(body);
  });

  it('is cut to 100 characters', () => {
    const body = firstLine('word '.repeat(60));
    expect(body).toHaveLength(100);
    expect(body.endsWith('…')).toBe(true);
  });
});

describe('nameFromColdEmailTitle', () => {
  it.each([
    ['Cold Email to Dana Ortiz at Freightly', 'Dana Ortiz'],
    ['Cold Email to Dana Ortiz', 'Dana Ortiz'],
    ['Cold Email to Contact', undefined],
    // One word may be a name or a company: 'to Freightly' reads right either way.
    ['Cold Email to Freightly', 'Freightly'],
    ['Cold Email to VP Sales at Freightly', undefined],
    ['Pricing question', undefined],
  ])('%s → %s', (title, name) => {
    expect(nameFromColdEmailTitle(title)).toBe(name);
  });
});

describe('shouldNotify', () => {
  const ready: ShouldNotifyInput = {
    permission: 'granted',
    visibleWindows: 0,
    replyStatus: 'complete',
  };
  it.each([
    ['allowed, no window visible, the reply complete', ready, true],
    ['a window is visible (it shows the reply)', { ...ready, visibleWindows: 1 }, false],
    ['never asked', { ...ready, permission: 'default' }, false],
    ['refused', { ...ready, permission: 'denied' }, false],
    ['no Notification in this browser', { ...ready, permission: 'unsupported' }, false],
    ['the reply partial (the model stopped)', { ...ready, replyStatus: 'partial' }, false],
    ['the reply failed', { ...ready, replyStatus: 'failed' }, false],
    ['the reply still being written', { ...ready, replyStatus: 'streaming' }, false],
    ['the reply missing', { ...ready, replyStatus: undefined }, false],
  ] as const)('%s → %s', (_case, input, expected) => {
    expect(shouldNotify(input)).toBe(expected);
  });
});

describe('chatPath', () => {
  it('opens the chat screen on the chat, its id made safe for a query', () => {
    expect(chatPath('0197a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')).toBe(
      '/chat?chat=0197a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    );
    expect(chatPath('a b&c=d')).toBe('/chat?chat=a%20b%26c%3Dd');
  });
});

describe('firstLine: hostile replies', () => {
  it.each([
    ['200 kB of "*" (bold marks and a rule)', '*'.repeat(200 * 1024), ''],
    ['200 kB of "_"', '_'.repeat(200 * 1024), ''],
    ['200 kB of "`"', '`'.repeat(200 * 1024), ''],
    ['200 kB of "[", cut', '['.repeat(200 * 1024), `${'['.repeat(99)}…`],
    ['a 200 kB line with no spaces, cut', 'x'.repeat(200 * 1024), `${'x'.repeat(99)}…`],
    ['100,000 newlines before the text', `${'\n'.repeat(100_000)}**Done.**`, 'Done.'],
    ['200 kB of quote and list marks before the text', `${'> - '.repeat(50 * 1024)}Done.`, 'Done.'],
  ])('the notification shows %s as plain text', (_name, reply, body) => {
    expect(firstLine(reply)).toBe(body);
  });
});

describe('debriefReadyText: a voice debrief transcribed with the app closed', () => {
  it('names the meeting, and starts with the transcript', () => {
    expect(
      debriefReadyText(' Freightly ', 'Dana wants a pilot in March.\nSam worries about price.'),
    ).toEqual({
      title: 'Your debrief with Freightly is ready',
      body: 'Dana wants a pilot in March.',
    });
  });

  it('names none when the rep gave none, or one too long for a title', () => {
    expect(debriefReadyText('', 'Hello').title).toBe('Your debrief is ready');
    expect(debriefReadyText('x'.repeat(41), 'Hello').title).toBe('Your debrief is ready');
  });
});
