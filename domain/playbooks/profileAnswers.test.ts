import { describe, expect, it } from 'vitest';
import { FLOWS } from './index';
import { GTM_QUESTIONS } from './gtmPlan';
import { PERSONA_QUESTIONS } from './persona';
import {
  PROFILE_ANSWERS,
  answersFromProfile,
  missingProfileValues,
  optionNamedIn,
  profileOfferText,
} from './profileAnswers';
import { COMPLETE_PROFILE as COMPLETE } from '../../tests/factories/profile';

describe('the questions the profile answers', () => {
  it('names only questions the flows ask', () => {
    for (const entry of PROFILE_ANSWERS) {
      const flow = FLOWS[entry.flow];
      const ids =
        entry.flow === 'objection'
          ? ['customers', 'investors', 'partners', 'internal'].flatMap((audience) =>
              flow.questions({ audience_type: audience }).map((q) => q.id),
            )
          : flow.questions({}).map((q) => q.id);
      expect(ids, `${entry.flow}.${entry.questionId}`).toContain(entry.questionId);
    }
  });

  it('the cold email: the value proposition and the booking link, never who it is for', () => {
    expect(answersFromProfile('email', COMPLETE, FLOWS.email.questions({}))).toEqual({
      value_prop: COMPLETE.valueProposition,
      booking_link: COMPLETE.bookingLink,
    });
  });

  it('personas: the company, its value proposition, the industry option named, the audience, titles, pains, competitors', () => {
    expect(answersFromProfile('demo', COMPLETE, PERSONA_QUESTIONS)).toEqual({
      company_name: 'Pipewise',
      value_proposition: COMPLETE.valueProposition,
      industry: 'saas',
      target_audience: '5-50 staff; SaaS for trades',
      key_titles: 'Owner, office manager',
      current_challenges: 'Quotes written at night',
      competitors: COMPLETE.competitors,
    });
  });

  it('the GTM plan: product, value, market from three fields, competitors, the pricing option, traction', () => {
    expect(answersFromProfile('gtmplan', COMPLETE, GTM_QUESTIONS)).toEqual({
      product_service: 'A CRM for plumbers',
      value_proposition: COMPLETE.valueProposition,
      target_market: 'SaaS for trades; 5-50 staff; Owner, office manager',
      competitors: COMPLETE.competitors,
      pricing_strategy: 'tiered',
      current_traction: COMPLETE.proofPoints,
    });
  });

  it('objections: the value proposition and the competitors (customers), proof as traction (investors)', () => {
    const answers = answersFromProfile('objection', COMPLETE, []);
    expect(answers.value_proposition).toBe(COMPLETE.valueProposition);
    expect(answers.competitive_landscape).toBe(COMPLETE.competitors);
    expect(answers.traction).toBe(COMPLETE.proofPoints);
  });

  it('an empty profile answers nothing; blank fields are left out', () => {
    for (const type of Object.keys(FLOWS) as (keyof typeof FLOWS)[])
      expect(answersFromProfile(type, {}, FLOWS[type].questions({}))).toEqual({});
    expect(answersFromProfile('email', { valueProposition: '  ' }, [])).toEqual({});
  });

  it('a choice is matched only when the text names one option as a word', () => {
    const options = GTM_QUESTIONS.find((q) => q.id === 'pricing_strategy')!.options;
    expect(optionNamedIn('Usage-based, from $0.10 a call', options)).toBe('usage');
    expect(optionNamedIn('$49 a month', options)).toBeUndefined();
    expect(optionNamedIn('Freemium, then tiered', options)).toBeUndefined();
  });
});

describe('what a finished flow can add to the profile', () => {
  const answers = {
    recipient_info: 'Dana Ortiz, VP Sales at Freightly',
    value_prop: 'We cut ramp time',
    booking_link: 'https://cal.com/ada',
  };

  it('the answers whose field the profile lacks, by field; never the recipient', () => {
    expect(missingProfileValues('email', answers, {})).toEqual({
      valueProposition: 'We cut ramp time',
      bookingLink: 'https://cal.com/ada',
    });
    expect(missingProfileValues('email', answers, { bookingLink: 'https://x.io' })).toEqual({
      valueProposition: 'We cut ramp time',
    });
    expect(missingProfileValues('email', answers, COMPLETE)).toEqual({});
  });

  it('never an answer made of several fields, nor a blank one; the value proposition picked is offered', () => {
    expect(
      missingProfileValues('gtmplan', { target_market: 'Plumbers', product_service: ' ' }, {}),
    ).toEqual({});
    expect(
      missingProfileValues('playbook', { value_proposition: 'Quotes in 2 minutes' }, {}),
    ).toEqual({
      valueProposition: 'Quotes in 2 minutes',
    });
  });
});

describe('the offer to save them', () => {
  it('names the fields in a sentence', () => {
    expect(profileOfferText(['valueProposition', 'bookingLink'])).toBe(
      'Save your value proposition and booking link to your profile?',
    );
    expect(profileOfferText(['company', 'valueProposition', 'pains'])).toBe(
      'Save your company name, value proposition and pains it solves to your profile?',
    );
  });
});
