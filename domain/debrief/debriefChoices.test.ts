import { describe, expect, it } from 'vitest';
import { FLOWS } from '../playbooks';
import { DEBRIEF_CHOICES } from './debriefChoices';

describe('DEBRIEF_CHOICES: what a debrief transcript can become', () => {
  it('offers the call analysis, the follow-up email, the CRM note and the free chat, in that order', () => {
    expect(DEBRIEF_CHOICES.map((c) => [c.label, c.flow, c.answers])).toEqual([
      ['Analyze this call', 'call', ['transcript']],
      ['Follow-up email', 'followup', ['meeting_notes']],
      ['CRM note', 'crmnote', ['meeting_notes']],
      ['Ask Pitchpad', null, []],
    ]);
  });

  it("fills each flow's first question, a transcript field, with no more text than it takes", () => {
    for (const choice of DEBRIEF_CHOICES) {
      if (choice.flow === null) continue;
      const first = FLOWS[choice.flow].questions({})[0]!;
      expect(choice.answers).toEqual([first.id]);
      expect(first.acceptsTranscriptFile).toBe(true);
      expect(choice.maxLength).toBe(first.maxLength);
    }
  });
});
