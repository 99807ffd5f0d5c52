import { describe, expect, it } from 'vitest';
import { FLOWS, type FlowType } from '../../../domain/playbooks';
import { stepView, type FlowProgress } from './flowMachine';
import { noModelOutcome } from './flowNoModel';

/** Every step's view of a flow, first to last, for a rep who takes each choice's first option. */
function views(type: FlowType) {
  const answers: Record<string, string> = {};
  for (const question of FLOWS[type].questions(answers)) answers[question.id] = question.options?.[0]?.value ?? 'An answer';
  return FLOWS[type].questions(answers).map((question) => stepView({ type, answers, stepId: question.id, options: ['A'] } satisfies FlowProgress));
}

describe('what a flow step says without a model', () => {
  it("fresh: 2. the cold email's last step, and only it, says the rep gets a draft built from their answers", () => {
    const outcomes = views('email').map((view) => noModelOutcome('email', view));
    expect(outcomes.at(-1)).toBe('draft');
    expect(outcomes.slice(0, -1).every((outcome) => outcome === null)).toBe(true);
  });

  it('fresh: 2. every flow says something on its last step: a draft where one is drafted, else what the chat gives', () => {
    for (const type of Object.keys(FLOWS) as FlowType[]) {
      const last = views(type).at(-1)!;
      expect(noModelOutcome(type, last), type).toBe(['email', 'demo', 'objection', 'gtmplan'].includes(type) ? 'draft' : 'chat');
    }
  });
});
