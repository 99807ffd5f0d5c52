import { describe, expect, it } from 'vitest';
import { alsoKnown, debriefText } from './RecordingCard';

const ATTENDEES = 'Dana Ortiz <dana@freightly.example>, lee@freightly.example';

describe('what a debriefed meeting gives the tools', () => {
  it('puts the invite’s people before the transcript and the notes', () => {
    expect(
      debriefText({
        transcript: 'Dana: Price worries us.',
        notes: 'Send the deck.',
        attendees: ATTENDEES,
      }),
    ).toBe(`Attendees: ${ATTENDEES}\n\nDana: Price worries us.\n\nMy notes: Send the deck.`);
    expect(debriefText({ transcript: '', notes: '', attendees: ATTENDEES })).toBe('');
  });

  it('sends the follow-up to the first person invited from outside, and tells other tools nothing more', () => {
    expect(alsoKnown({ flow: 'followup' }, { attendees: ATTENDEES })).toEqual({
      recipient: 'Dana Ortiz <dana@freightly.example>',
    });
    expect(alsoKnown({ flow: 'crmnote' }, { attendees: ATTENDEES })).toEqual({});
    expect(alsoKnown({ flow: 'followup' }, {})).toEqual({});
  });
});
