import { describe, expect, it } from 'vitest';
import { FLOWS, type FlowType } from '../../../domain/playbooks';
import { stepView, type FlowProgress } from './flowMachine';
import { draftChatReply } from '../../../domain/drafts/chat';
import { NO_MODEL_OUTCOMES } from '../settings/NoModelNotice';
import { noModelOutcome } from './flowNoModel';

/** Every step's view of a flow, first to last, for a rep who takes each choice's first option. */
function views(type: FlowType) {
  const answers: Record<string, string> = {};
  for (const question of FLOWS[type].questions(answers))
    answers[question.id] = question.options?.[0]?.value ?? 'An answer';
  return FLOWS[type]
    .questions(answers)
    .map((question) =>
      stepView({ type, answers, stepId: question.id, options: ['A'] } satisfies FlowProgress),
    );
}

describe('what a flow step says without a model', () => {
  it("the cold email's last step, and only it, says the rep gets a draft built from their answers", () => {
    const outcomes = views('email').map((view) => noModelOutcome('email', view));
    expect(outcomes.at(-1)).toBe('draft');
    expect(outcomes.slice(0, -1).every((outcome) => outcome === null)).toBe(true);
  });

  it('every flow says on its last step what the drafter returns: a draft, or for a call a worksheet', () => {
    for (const type of Object.keys(FLOWS) as FlowType[]) {
      const last = views(type).at(-1)!;
      expect(noModelOutcome(type, last), type).toBe(type === 'call' ? 'analysis' : 'draft');
    }
  });

  it("the call analysis's last step says a worksheet comes, and the value proposition's says a draft from the answers: what the drafter returns", () => {
    expect(noModelOutcome('call', views('call').at(-1)!)).toBe('analysis');
    expect(NO_MODEL_OUTCOMES.analysis).toBe('you get a worksheet built from your answers');
    expect(
      draftChatReply(
        'call',
        'prompt',
        {
          transcript:
            'Dana: Our month-end close is slow and manual.\nSam: Could we look at a pilot next week?',
        },
        undefined,
        true,
      ),
    ).toMatch(/^# Call review worksheet/);
    expect(noModelOutcome('playbook', views('playbook').at(-1)!)).toBe('draft');
    expect(
      draftChatReply(
        'playbook',
        'prompt',
        { building: 'A close tool for finance teams' },
        undefined,
        true,
      ),
    ).toMatch(/^# Sales pitch outline/);
  });
});
