import { describe, expect, it } from 'vitest';
import type { FlowType } from '../../../domain/playbooks';
import {
  goBack,
  isFromProfile,
  openStep,
  profileChangeOf,
  profileSummary,
  startProgress,
  stepView,
  submitStep,
  withAnswer,
  withProfile,
  type FlowProgress,
  type StepResult,
} from './flowMachine';

const COMPLETE = {
  company: 'Pipewise',
  valueProposition: 'Plumbers quote jobs in 2 minutes.',
  bookingLink: 'https://cal.com/ada/20min',
  product: 'A CRM for plumbers',
};

function moved(result: StepResult): FlowProgress {
  if (result.kind !== 'move') throw new Error(`expected a move, got ${result.kind}`);
  return result.progress;
}

const open = (type: FlowType, profile = COMPLETE, answers: Record<string, string> = {}) =>
  startProgress(type, { answers }, null, profile);

describe('a flow opened with a profile', () => {
  it('the cold email with a complete profile asks only who it is for, and that step generates', () => {
    const progress = open('email');
    const view = stepView(progress);
    expect(view.question.id).toBe('recipient_info');
    expect(view.counter).toBe('Question 1 of 1');
    expect(view.primaryLabel).toBe('Generate Email');
    expect(profileSummary(progress).map((s) => [s.question.id, s.answer])).toEqual([
      ['value_prop', COMPLETE.valueProposition],
      ['booking_link', COMPLETE.bookingLink],
    ]);
    const result = submitStep(withAnswer(progress, 'recipient_info', 'Dana Ortiz at Freightly'));
    expect(result).toEqual({
      kind: 'finish',
      answers: {
        recipient_info: 'Dana Ortiz at Freightly',
        value_prop: COMPLETE.valueProposition,
        booking_link: COMPLETE.bookingLink,
      },
    });
  });

  it('with no profile, or an empty one, the flow is as before: every step asked', () => {
    for (const profile of [undefined, {}]) {
      const progress = startProgress('email', null, null, profile as never);
      expect(stepView(progress).counter).toBe('Question 1 of 3');
      expect(profileSummary(progress)).toEqual([]);
      expect(progress.fromProfile).toBeUndefined();
    }
  });

  it('a draft the rep typed wins over the profile, and its difference is offered back', () => {
    const progress = open('email', COMPLETE, { value_prop: 'My own words' });
    expect(progress.answers.value_prop).toBe('My own words');
    expect(isFromProfile(progress, 'value_prop')).toBe(false);
    expect(stepView(progress).counter).toBe('Question 1 of 2');
    const onValueProp = moved(submitStep(withAnswer(progress, 'recipient_info', 'Dana')));
    expect(stepView(onValueProp).question.id).toBe('value_prop');
    expect(profileChangeOf(onValueProp)).toEqual({
      field: 'valueProposition',
      value: 'My own words',
    });
  });

  it('only the profile answers the rep has not typed over: a partial profile leaves its gaps asked', () => {
    const progress = open('email', { bookingLink: 'https://cal.com/ada' } as never);
    expect(stepView(progress).counter).toBe('Question 1 of 2');
    const second = moved(submitStep(withAnswer(progress, 'recipient_info', 'Dana')));
    expect(stepView(second).primaryLabel).toBe('Generate Email');
    expect(stepView(second).question.id).toBe('value_prop');
  });

  it('a step opened from the summary is asked from then on, filled and marked; a change is offered back', () => {
    const opened = openStep(open('email'), 'value_prop');
    expect(stepView(opened).question.id).toBe('value_prop');
    expect(stepView(opened).counter).toBe('Question 2 of 2');
    expect(isFromProfile(opened, 'value_prop')).toBe(true);
    expect(profileChangeOf(opened)).toBeNull();
    const changed = withAnswer(opened, 'value_prop', 'Quotes in one minute');
    expect(isFromProfile(changed, 'value_prop')).toBe(false);
    expect(profileChangeOf(changed)).toEqual({
      field: 'valueProposition',
      value: 'Quotes in one minute',
    });
    expect(stepView(moved(goBack(changed))).counter).toBe('Question 1 of 2');
  });

  it('a profile that arrives later fills what is untouched, never what was typed', () => {
    const typed = withAnswer(startProgress('demo', null, null), 'company_name', 'Typed Inc');
    const later = withProfile(typed, COMPLETE);
    expect(later.answers.company_name).toBe('Typed Inc');
    expect(later.answers.value_proposition).toBe(COMPLETE.valueProposition);
    expect(withProfile(later, COMPLETE)).toBe(later);
    // The profile's field changed on another screen: the answer still showing the old one follows.
    const edited = withProfile(later, { ...COMPLETE, valueProposition: 'New words' });
    expect(edited.answers.value_proposition).toBe('New words');
    expect(isFromProfile(edited, 'value_prop')).toBe(false);
  });

  it('the profile wins over a carried value proposition; the carried one fills where the profile is blank', () => {
    expect(startProgress('email', null, 'Carried', COMPLETE).answers.value_prop).toBe(
      COMPLETE.valueProposition,
    );
    expect(startProgress('email', null, 'Carried', {}).answers.value_prop).toBe('Carried');
  });
});

describe('a changed answer offered back to the profile', () => {
  it('as the profile keeps it: a link typed without https:// gets it, and the same link is no change', () => {
    const opened = openStep(open('email'), 'booking_link');
    expect(profileChangeOf(withAnswer(opened, 'booking_link', 'cal.com/ada/20min'))).toBeNull();
    expect(profileChangeOf(withAnswer(opened, 'booking_link', 'cal.com/ada/30min'))).toEqual({
      field: 'bookingLink',
      value: 'https://cal.com/ada/30min',
    });
  });

  it('never an answer made of several fields', () => {
    const progress = startProgress('gtmplan', null, null, {
      industry: 'Trades',
      companySize: '5-50',
    });
    const opened = openStep(progress, 'target_market');
    expect(profileChangeOf(withAnswer(opened, 'target_market', 'Plumbers'))).toBeNull();
  });
});
