import { describe, expect, it } from 'vitest';
import { FALLBACK_VALUE_PROPS } from '../playbooks/valueProposition';
import { draftPitchOutline } from './pitchOutline';
import {
  VALUE_PROPS_NEEDS,
  areDraftedValuePropositions,
  draftValuePropositions,
} from './valuePropositions';

const ANSWERS = {
  founding_journey: 'customers',
  building: 'A close tool for finance teams',
  problems: 'Month-end close takes nine days',
  users: 'Accountants',
  buyers: 'The CFO',
  features: 'Bank feeds, auto-matching',
};

/** Words a general proposition leans on that none of these answers said: filler, or an invented claim. */
const FILLER =
  /hours|every week|revenue|headcount|insight|faster|better|trusted|leading|customers love|proven|guarantee|\d+ ?%|\bteams? will\b/i;

describe('the value propositions offered without a model', () => {
  it("are the rep's own answers framed three ways (outcome, pain, differentiator), each quoting them", () => {
    const [outcome, pain, differentiator] = draftValuePropositions(ANSWERS);
    expect(outcome).toBe(
      'For Accountants: no more “Month-end close takes nine days”, with a close tool for finance teams.',
    );
    expect(pain).toBe(
      '“Month-end close takes nine days”? A close tool for finance teams solves it for the CFO.',
    );
    expect(differentiator).toBe(
      'What a close tool for finance teams brings the CFO: “Bank feeds, auto-matching”.',
    );
    const all = [outcome, pain, differentiator];
    expect(new Set(all).size).toBe(3);
    for (const proposition of all) {
      expect(proposition).toMatch(/close tool for finance teams/);
      expect(proposition).not.toMatch(FILLER);
      expect(FALLBACK_VALUE_PROPS).not.toContain(proposition);
    }
  });

  it('hold no filler and no invented fact: every number and name in them is one the rep typed', () => {
    const answers = {
      building: 'Dispatch software for HVAC contractors',
      problems: 'Technicians drive 40 miles between jobs. Nobody plans routes.',
      users: 'Dispatchers at Polar Air',
      buyers: 'Owners of 5-20 truck firms',
      features: 'Route planning; live job board',
    };
    const typed = Object.values(answers).join(' ');
    for (const proposition of draftValuePropositions(answers)) {
      expect(proposition).not.toMatch(FILLER);
      for (const number of proposition.match(/\d+/g) ?? []) expect(typed).toContain(number);
      for (const name of proposition.match(/\b[A-Z][a-z]+\b/g) ?? [])
        expect(`${typed} For What Needs`).toContain(name);
    }
    // A long answer is quoted by its first sentence, as typed.
    expect(draftValuePropositions(answers)[1]).toMatch(
      /^“Technicians drive 40 miles between jobs”\? Dispatch software for HVAC contractors solves it for Owners of 5-20 truck firms\.$/,
    );
  });

  it('put an instruction where an answer is missing, never a general phrase', () => {
    const [outcome, pain, differentiator] = draftValuePropositions({
      building: 'A CRM for plumbers',
      problems: 'Missed calls',
    });
    expect(outcome).toBe(
      `For [${VALUE_PROPS_NEEDS} who uses it]: no more “Missed calls”, with a CRM for plumbers.`,
    );
    expect(pain).toBe(
      `“Missed calls”? A CRM for plumbers solves it for [${VALUE_PROPS_NEEDS} who buys it].`,
    );
    expect(differentiator).toBe(
      `What a CRM for plumbers brings [${VALUE_PROPS_NEEDS} who buys it]: [${VALUE_PROPS_NEEDS} the three or four features that make it work].`,
    );
    // Nothing answered: every slot says what to write, and nothing else is claimed.
    for (const proposition of draftValuePropositions({})) {
      expect(proposition.replace(/\[Needs your words: [^\]]+\]/g, '')).toMatch(
        /^(For : no more , with \.|\?  solves it for \.|What  brings : \.)$/,
      );
    }
  });

  it('are known as drafts of the answers (the step labels them), and carry into the pitch outline as the rep’s hook', () => {
    const drafted = draftValuePropositions(ANSWERS);
    expect(areDraftedValuePropositions(drafted, ANSWERS)).toBe(true);
    expect(areDraftedValuePropositions(drafted, { ...ANSWERS, users: 'Controllers' })).toBe(false);
    expect(areDraftedValuePropositions([...FALLBACK_VALUE_PROPS], ANSWERS)).toBe(false);
    const outline = draftPitchOutline({ ...ANSWERS, value_proposition: drafted[1]! });
    expect(outline).toContain(`## Hook\n\n${drafted[1]}`);
    expect(outline).not.toContain('general value propositions');
  });
});
