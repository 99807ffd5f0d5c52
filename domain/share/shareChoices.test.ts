import { describe, expect, it } from 'vitest';
import { FLOWS } from '../playbooks';
import { AUDIENCE_QUESTIONS } from '../playbooks/objection';
import { SHARE_CHOICES } from './shareChoices';

describe('SHARE_CHOICES', () => {
  it('offers the four choices of the issue, in its order', () => {
    expect(SHARE_CHOICES.map((choice) => choice.label)).toEqual([
      'Cold email to this person',
      'Analyze this call',
      'Handle this objection',
      'Ask Pitchpad',
    ]);
  });

  it('fills the first question of the cold email and of the call analysis', () => {
    for (const choice of SHARE_CHOICES.filter((c) => c.flow === 'email' || c.flow === 'call')) {
      const first = FLOWS[choice.flow ?? 'email'].questions({})[0];
      expect(choice.answers).toEqual([first?.id]);
    }
  });

  it("fills each audience's own objections question, and only text questions", () => {
    const objection = SHARE_CHOICES.find((c) => c.flow === 'objection');
    const perAudience = Object.values(AUDIENCE_QUESTIONS).map((questions) =>
      questions.filter((q) => choiceFills(q.id)),
    );
    expect(perAudience.map((questions) => questions.map((q) => q.type))).toEqual([
      ['textarea'],
      ['textarea'],
      ['textarea'],
      ['textarea'],
    ]);
    function choiceFills(id: string) {
      return objection?.answers.includes(id) ?? false;
    }
  });
});
