import { describe, expect, it } from 'vitest';
import {
  TRANSCRIPT_TOO_SHORT,
  SKIP_NEEDS_TRANSCRIPT,
  SKIP_TO_ANALYSIS,
} from '../../../domain/playbooks/callAnalysis';
import { GTM_SKIP_HINT, GTM_SKIP_LABEL } from '../../../domain/playbooks/gtmPlan';
import { BOOKING_LINK_INVALID } from '../../../domain/playbooks/coldEmail';
import { MEETING_NOTES_TOO_SHORT } from '../../../domain/playbooks/meetingNotes';
import type { FlowType } from '../../../domain/playbooks';
import { isFlowType } from '../../../domain/playbooks/tools';
import {
  goBack,
  pickOption,
  questionsOf,
  skipToResult,
  startProgress,
  stepView,
  submitStep,
  withAnswer,
  withPrefill,
  type FlowProgress,
  type StepResult,
} from './flowMachine';

const start = (
  type: FlowType,
  answers: Record<string, string> = {},
  stepId: string | null = null,
): FlowProgress => ({ type, answers, stepId, options: null });
const TRANSCRIPT =
  'Rep: Thanks for joining. Prospect: Our reps spend hours on manual CRM updates every week.';

function moved(result: StepResult): FlowProgress {
  if (result.kind !== 'move' && result.kind !== 'generate')
    throw new Error(`expected a move, got ${result.kind}`);
  return result.progress;
}

/** Types `value` into the step on screen and presses the primary button. */
function answer(progress: FlowProgress, value?: string): StepResult {
  const { question } = stepView(progress);
  return submitStep(value === undefined ? progress : withAnswer(progress, question.id, value));
}

describe('the interview card for a step', () => {
  it("counts 'Question N of M' and blocks a blank answer", () => {
    const view = stepView(start('email'));
    expect(view.counter).toBe('Question 1 of 3');
    expect(view.primaryLabel).toBe('Next');
    expect(view.canSubmit).toBe(false);
    expect(submitStep(withAnswer(start('email'), 'recipient_info', '   '))).toEqual({
      kind: 'ignored',
    });
  });

  it('shows a select step with its first option chosen, and stores it on Next', () => {
    const onIndustry = start(
      'demo',
      { company_name: 'Acme', value_proposition: 'Faster quotes' },
      'industry',
    );
    const view = stepView(onIndustry);
    expect(view.control).toBe('select');
    expect(view.value).toBe('saas');
    expect(view.canSubmit).toBe(true);
    const next = moved(submitStep(onIndustry));
    expect(next.answers.industry).toBe('saas');
    expect(stepView(next).question.id).toBe('target_audience');
  });

  it("labels the last step with the flow's finish button and finishes there", () => {
    const last = start(
      'objection',
      {
        audience_type: 'customers',
        value_proposition: 'a',
        common_objections: 'b',
        competitive_landscape: 'c',
      },
      'target_audience',
    );
    expect(stepView(last).primaryLabel).toBe('Create Objection Guide');
    expect(answer(last, 'Ops leads')).toMatchObject({
      kind: 'finish',
      answers: { target_audience: 'Ops leads', audience_type: 'customers' },
    });
  });

  it('never lets an optional answer hold the flow up: a blank booking link or call context still finishes', () => {
    const onLink = start(
      'email',
      { recipient_info: 'Dana Ortiz', value_prop: 'Faster ramp' },
      'booking_link',
    );
    expect(stepView(onLink)).toMatchObject({ primaryLabel: 'Generate Email', canSubmit: true });
    expect(submitStep(onLink)).toMatchObject({
      kind: 'finish',
      answers: { recipient_info: 'Dana Ortiz', booking_link: '' },
    });
    const onContext = start(
      'call',
      { transcript: TRANSCRIPT, call_type: 'demo', analysis_focus: 'objections' },
      'context',
    );
    expect(stepView(onContext)).toMatchObject({ primaryLabel: 'Analyze Call', canSubmit: true });
    expect(submitStep(onContext)).toMatchObject({ kind: 'finish' });
  });

  it('marks as optional only the answers a flow can do without', () => {
    const optional = (['playbook', 'email', 'demo', 'call', 'gtmplan'] as const).flatMap((type) =>
      questionsOf({ type, answers: {} })
        .filter((q) => q.optional)
        .map((q) => `${type}.${q.id}`),
    );
    const objection = (['customers', 'investors', 'partners', 'internal'] as const).flatMap(
      (audience) =>
        questionsOf({ type: 'objection', answers: { audience_type: audience } }).filter(
          (q) => q.optional,
        ),
    );
    expect([...optional, ...objection]).toEqual(['email.booking_link', 'call.context']);
    // Every other step still blocks a blank answer.
    expect(stepView(start('call', { transcript: TRANSCRIPT }, 'transcript')).canSubmit).toBe(true);
    expect(stepView(start('gtmplan', {}, 'product_service')).canSubmit).toBe(false);
  });

  it('goes back a step, never before the first', () => {
    const second = moved(answer(start('email'), 'Dana, VP Sales at Freightly'));
    expect(stepView(second).canGoBack).toBe(true);
    expect(stepView(moved(goBack(second))).question.id).toBe('recipient_info');
    expect(goBack(start('email'))).toEqual({ kind: 'ignored' });
  });

  it('knows the six flow types', () => {
    expect(['playbook', 'email', 'demo', 'call', 'objection', 'gtmplan'].every(isFlowType)).toBe(
      true,
    );
    expect(isFlowType('none')).toBe(false);
    expect(isFlowType('competitive')).toBe(false);
  });
});

describe('value proposition', () => {
  it('advances on a founding-journey card, then text steps, with Create Sales Pitch on the last text step', () => {
    const first = stepView(start('playbook'));
    expect(first.control).toBe('cards');
    expect(first.primaryLabel).toBeNull();
    expect(first.total).toBe(7);
    let p = moved(pickOption(start('playbook'), 'product'));
    expect(p.answers.founding_journey).toBe('product');
    for (const text of ['A CRM for plumbers', 'Missed calls', 'Plumbers', 'Owners'])
      p = moved(answer(p, text));
    expect(stepView(p).question.id).toBe('features');
    expect(stepView(p).primaryLabel).toBe('Create Sales Pitch');
    const result = answer(p, 'Call capture, quotes');
    expect(result.kind).toBe('generate');
    const onOptions = moved(result);
    expect(stepView(onOptions)).toMatchObject({
      control: 'generated',
      counter: 'Question 7 of 7',
      primaryLabel: null,
    });
    expect(pickOption({ ...onOptions, options: ['One', 'Two'] }, 'Two')).toMatchObject({
      kind: 'finish',
      answers: { value_proposition: 'Two', features: 'Call capture, quotes' },
    });
  });
});

describe('cold email', () => {
  it("offers 'Skip to Email' on every step, with what has been entered so far", () => {
    const p = withAnswer(start('email'), 'recipient_info', 'Dana Ortiz');
    expect(stepView(p).skip).toEqual({ label: 'Skip to Email', enabled: true, hint: null });
    expect(skipToResult(p)).toEqual({ kind: 'finish', answers: { recipient_info: 'Dana Ortiz' } });
  });

  it('takes a booking link only as a link (or blank): anything else stays on the step with the message, Generate and Skip alike', () => {
    const atLink = start(
      'email',
      { recipient_info: 'Dana Ortiz', value_prop: 'Ramp in 10 weeks' },
      'booking_link',
    );
    for (const bad of ['my calendar', 'https//cal.com/sam', 'sam@rampup.io']) {
      expect(answer(atLink, bad)).toEqual({ kind: 'alert', message: BOOKING_LINK_INVALID });
      expect(skipToResult(withAnswer(atLink, 'booking_link', bad))).toEqual({
        kind: 'alert',
        message: BOOKING_LINK_INVALID,
      });
    }
    expect(answer(atLink, 'https://cal.com/sam/20min')).toEqual({
      kind: 'finish',
      answers: {
        recipient_info: 'Dana Ortiz',
        value_prop: 'Ramp in 10 weeks',
        booking_link: 'https://cal.com/sam/20min',
      },
    });
    // Typed without its https://, the link gets it; left blank, the email simply has no link.
    expect(answer(atLink, 'cal.com/sam/20min')).toMatchObject({
      kind: 'finish',
      answers: { booking_link: 'https://cal.com/sam/20min' },
    });
    expect(answer(atLink, '')).toMatchObject({ kind: 'finish', answers: { booking_link: '' } });
  });
});

describe('call analysis', () => {
  it('alerts when the transcript is under 50 characters', () => {
    expect(answer(start('call'), 'Too short')).toEqual({
      kind: 'alert',
      message: TRANSCRIPT_TOO_SHORT,
    });
    expect(answer(start('call'), TRANSCRIPT).kind).toBe('move');
  });

  it("offers 'Skip to analysis with current information' once past step 1, and needs a transcript for it", () => {
    expect(stepView(start('call')).skip).toBeNull();
    const second = moved(answer(start('call'), TRANSCRIPT));
    expect(stepView(second).skip?.label).toBe(SKIP_TO_ANALYSIS);
    // Defaults for the select on screen (seen), none invented for steps not reached.
    expect(skipToResult(second)).toEqual({
      kind: 'finish',
      answers: { transcript: TRANSCRIPT, call_type: 'discovery' },
    });
    const shortened = withAnswer(second, 'transcript', 'short now');
    expect(skipToResult(shortened)).toEqual({ kind: 'alert', message: SKIP_NEEDS_TRANSCRIPT });
  });
});

describe('objection handling', () => {
  it("asks the audience first, then that audience's own questions", () => {
    expect(questionsOf(start('objection')).map((q) => q.id)).toEqual([
      'audience_type',
      'value_proposition',
      'common_objections',
      'competitive_landscape',
      'target_audience',
    ]);
    expect(stepView(start('objection')).counter).toBe('Question 1 of 5');
    const investors = moved(
      submitStep(withAnswer(start('objection'), 'audience_type', 'investors')),
    );
    expect(stepView(investors)).toMatchObject({ counter: 'Question 2 of 6' });
    expect(stepView(investors).question.id).toBe('business_model');
  });
});

describe('GTM plan', () => {
  it("enables 'Skip to Plan Generation' at 3 answers, with the hint below that", () => {
    const p = start('gtmplan', { product_service: 'A', value_proposition: 'B' });
    expect(stepView(p).total).toBe(11);
    expect(stepView(p).skip).toEqual({
      label: GTM_SKIP_LABEL,
      enabled: false,
      hint: GTM_SKIP_HINT,
    });
    expect(skipToResult(p)).toEqual({ kind: 'ignored' });
    const three = withAnswer(p, 'target_market', 'C');
    expect(stepView(three).skip).toEqual({ label: GTM_SKIP_LABEL, enabled: true, hint: null });
    expect(skipToResult(three).kind).toBe('finish');
  });
});

describe('starting or resuming a flow', () => {
  it('pre-fills a finished value proposition into later flows, where never touched', () => {
    expect(startProgress('email', null, 'Ship faster').answers).toEqual({
      value_prop: 'Ship faster',
    });
    expect(startProgress('demo', null, 'Ship faster').answers).toEqual({
      value_proposition: 'Ship faster',
    });
    expect(startProgress('objection', null, 'Ship faster').answers).toEqual({
      value_proposition: 'Ship faster',
    });
    expect(startProgress('call', null, 'Ship faster').answers).toEqual({});
    // Edited or cleared by the user: theirs stays.
    expect(startProgress('email', { answers: { value_prop: '' } }, 'Ship faster').answers).toEqual({
      value_prop: '',
    });
  });

  it('resumes at the saved step, or the first when that step no longer exists', () => {
    expect(
      stepView(startProgress('email', { answers: {}, stepId: 'booking_link' }, null)).counter,
    ).toBe('Question 3 of 3');
    expect(
      startProgress(
        'objection',
        { answers: { audience_type: 'partners' }, stepId: 'traction' },
        null,
      ).stepId,
    ).toBeNull();
  });
});

describe('a flow opened by a link that fills its first answer', () => {
  it("the cold email opens on 'Who are you writing to?' with the recipient filled, replacing an older one and keeping the rest", () => {
    const saved = startProgress(
      'email',
      {
        answers: { recipient_info: 'Old contact', value_prop: 'We cut ramp time' },
        stepId: 'value_prop',
      },
      null,
    );
    const opened = withPrefill(saved, '  Dana Ortiz at Freightly ');
    expect(opened.stepId).toBe('recipient_info');
    expect(opened.answers).toEqual({
      recipient_info: 'Dana Ortiz at Freightly',
      value_prop: 'We cut ramp time',
    });
    expect(stepView(opened).value).toBe('Dana Ortiz at Freightly');
    expect(withPrefill(saved, undefined)).toBe(saved);
    expect(withPrefill(saved, '   ')).toBe(saved);
    // A flow that starts with a choice (the objection audience) is left as it was.
    const objection = startProgress('objection', null, null);
    expect(withPrefill(objection, 'Dana')).toBe(objection);
  });
});

describe('the follow-up email and the CRM note', () => {
  const NOTES =
    'Dana Ortiz: Ramp time is our biggest problem.\nSam Lee: I will send the pilot proposal by Friday.';

  it('alerts on meeting notes under 50 characters and stays on the step, for both flows', () => {
    for (const type of ['followup', 'crmnote'] as const) {
      expect(answer(start(type), 'Met Dana, went well.')).toEqual({
        kind: 'alert',
        message: MEETING_NOTES_TOO_SHORT,
      });
      expect(moved(answer(start(type), NOTES)).stepId).toBe(
        type === 'followup' ? 'recipient' : 'account',
      );
    }
  });

  it("asks the follow-up's four steps with optional next steps and link, and finishes with the answers", () => {
    let progress = moved(answer(start('followup'), NOTES));
    expect(stepView(progress).counter).toBe('Question 2 of 4');
    progress = moved(answer(progress, 'Dana Ortiz, VP Sales at Freightly'));
    expect(stepView(progress).canSubmit).toBe(true); // next steps: optional
    progress = moved(answer(progress, ''));
    expect(stepView(progress).primaryLabel).toBe('Write Follow-up');
    expect(answer(progress, 'my calendar')).toEqual({
      kind: 'alert',
      message: BOOKING_LINK_INVALID,
    });
    expect(answer(progress, 'cal.com/sam')).toEqual({
      kind: 'finish',
      answers: {
        meeting_notes: NOTES,
        recipient: 'Dana Ortiz, VP Sales at Freightly',
        next_steps: '',
        booking_link: 'https://cal.com/sam',
      },
    });
    expect(stepView(start('followup')).skip).toBeNull();
  });

  it("does not ask the follow-up's booking link the profile holds, and asks the CRM note's three steps", () => {
    const progress = startProgress('followup', null, null, {
      bookingLink: 'https://cal.com/sam/30min',
    });
    expect(progress.answers.booking_link).toBe('https://cal.com/sam/30min');
    expect(stepView(progress).counter).toBe('Question 1 of 3');
    let crm = moved(answer(start('crmnote'), NOTES));
    crm = moved(answer(crm, 'Freightly'));
    expect(stepView(crm)).toMatchObject({ counter: 'Question 3 of 3', canSubmit: true });
    expect(stepView(crm).question.placeholder).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(answer(crm)).toEqual({
      kind: 'finish',
      answers: { meeting_notes: NOTES, account: 'Freightly', meeting_date: '' },
    });
  });

  it('opens with the debrief transcript as its notes when a link fills the first answer', () => {
    const progress = withPrefill(startProgress('followup', null, null), NOTES);
    expect(progress.answers.meeting_notes).toBe(NOTES);
    expect(stepView(progress).question.id).toBe('meeting_notes');
  });
});
