/**
 * Which flow questions the rep's profile answers, and how: a flow opened by a
 * rep with a profile arrives with these answers filled, marked as from the profile and editable,
 * and a step the profile answers fully is not asked again. `saveTo` names the one field an answer
 * can be written back to as it stands (a changed answer, or one the profile lacked); an answer
 * made of several fields (the target market) is never written back, since it cannot be split.
 */
import type { ProfileField, ProfileValues } from '../contract/profile';
import type { Answers, FlowType, Option, Question } from './flow';

export interface ProfileAnswer {
  flow: FlowType;
  questionId: string;
  /** The profile's fields this answer is made from. */
  fields: readonly ProfileField[];
  /** The field a typed answer is saved to; absent when the answer is not one field's value as is. */
  saveTo?: ProfileField;
  /** The answer; undefined when the profile does not hold it. By default the one field's value. */
  compose?: (values: ProfileValues, question: Question | undefined) => string | undefined;
}

/**
 * A choice step's option named in the field's text as a whole word ('SaaS for freight brokers' →
 * saas, 'Usage-based, from $49' → usage); undefined when none is or several are.
 */
export function optionNamedIn(
  text: string | undefined,
  options: readonly Option[] = [],
): string | undefined {
  if (!text?.trim()) return undefined;
  const lower = text.toLowerCase();
  const named = options.filter((o) =>
    [o.value, o.label]
      .map((name) => name.toLowerCase())
      .some((name) =>
        new RegExp(`(^|[^\\p{L}])${escapeRegExp(name)}($|[^\\p{L}])`, 'u').test(lower),
      ),
  );
  return named.length === 1 ? named[0]!.value : undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Where a question's answer comes from: a field's name (its value as it stands, and a typed answer
 * is saved back to it), or what an entry says (its fields, how they make the answer, where it is saved).
 */
type Source = ProfileField | Omit<ProfileAnswer, 'flow' | 'questionId'>;

/** The filled values of `fields`, joined by '; ' (the target market: industry; size; buyer titles). */
const joined = (fields: readonly ProfileField[]): Source => ({
  fields,
  compose: (values) =>
    fields
      .map((f) => values[f]?.trim())
      .filter(Boolean)
      .join('; ') || undefined,
});

/** The option of a choice step that `field` names. */
const option = (field: ProfileField): Source => ({
  fields: [field],
  compose: (values, question) => optionNamedIn(values[field], question?.options),
});

/** Every question the profile answers, flow by flow, by question id. */
const SOURCES: Partial<Record<FlowType, Record<string, Source>>> = {
  // The cold email: only who it is for is left to ask.
  email: { value_prop: 'valueProposition', booking_link: 'bookingLink' },
  // The follow-up email: the booking link for the next meeting (the signature is the drafter's and the model's).
  followup: { booking_link: 'bookingLink' },
  // Personas: the company and what it sells; the people and their pains stay the rep's to say.
  demo: {
    company_name: 'company',
    value_proposition: 'valueProposition',
    industry: option('industry'),
    target_audience: joined(['companySize', 'industry']),
    key_titles: 'buyerTitles',
    current_challenges: 'pains',
    competitors: 'competitors',
  },
  // Objections: from customers, what we offer, who we meet, who we are compared with; from
  // investors, the proof points as traction.
  objection: {
    value_proposition: 'valueProposition',
    competitive_landscape: 'competitors',
    target_audience: joined(['buyerTitles', 'companySize', 'industry']),
    traction: { fields: ['proofPoints'] },
  },
  // The GTM plan: product, value, market, competitors, pricing and proof.
  gtmplan: {
    product_service: 'product',
    value_proposition: 'valueProposition',
    target_market: joined(['industry', 'companySize', 'buyerTitles']),
    competitors: 'competitors',
    pricing_strategy: option('pricing'),
    current_traction: { fields: ['proofPoints'] },
  },
  // The value proposition: what is built, for whom and against which pains. Its last step, the
  // value proposition picked, is never filled (it is generated) but is offered to the profile.
  playbook: {
    building: 'product',
    problems: 'pains',
    buyers: 'buyerTitles',
    value_proposition: {
      fields: ['valueProposition'],
      saveTo: 'valueProposition',
      compose: () => undefined,
    },
  },
};

/** Every question the profile answers, flow by flow. */
export const PROFILE_ANSWERS: readonly ProfileAnswer[] = Object.entries(SOURCES).flatMap(
  ([flow, questions]) =>
    Object.entries(questions).map(([questionId, source]) => ({
      flow: flow as FlowType,
      questionId,
      ...(typeof source === 'string' ? { fields: [source], saveTo: source } : source),
    })),
);

/** The profile's entry for a flow's question, if it has one. */
export function profileAnswerOf(flow: FlowType, questionId: string): ProfileAnswer | undefined {
  return PROFILE_ANSWERS.find((a) => a.flow === flow && a.questionId === questionId);
}

/**
 * The answers the profile gives a flow, by question id (blank ones left out). `questions` are every
 * question the flow may ask (a choice is matched against its options).
 */
export function answersFromProfile(
  flow: FlowType,
  values: ProfileValues,
  questions: readonly Question[],
): Answers {
  const out: Answers = {};
  for (const entry of PROFILE_ANSWERS) {
    if (entry.flow !== flow) continue;
    const question = questions.find((q) => q.id === entry.questionId);
    const answer = entry.compose
      ? entry.compose(values, question)
      : values[entry.fields[0]!]?.trim() || undefined;
    if (answer?.trim()) out[entry.questionId] = answer;
  }
  return out;
}

/**
 * What a finished flow can add to the profile: the answers whose one field is blank there, by field
 * (the first answer for a field wins). Empty when the profile lacks nothing the flow asked.
 */
export function missingProfileValues(
  flow: FlowType,
  answers: Answers,
  values: ProfileValues,
): ProfileValues {
  const out: ProfileValues = {};
  for (const entry of PROFILE_ANSWERS) {
    const field = entry.saveTo;
    const answer = answers[entry.questionId]?.trim();
    if (entry.flow !== flow || !field || !answer || values[field]?.trim() || out[field]) continue;
    out[field] = answer;
  }
  return out;
}

/** How a sentence names a field a flow's answer is saved to. */
const FIELD_NOUNS: Partial<Record<ProfileField, string>> = {
  company: 'company name',
  product: 'product',
  valueProposition: 'value proposition',
  buyerTitles: 'buyer titles',
  pains: 'pains it solves',
  competitors: 'competitors',
  bookingLink: 'booking link',
};

/** 'Save your value proposition and booking link to your profile?' */
export function profileOfferText(fields: readonly ProfileField[]): string {
  const nouns = fields.map((f) => FIELD_NOUNS[f] ?? f);
  const list =
    nouns.length <= 1 ? (nouns[0] ?? '') : `${nouns.slice(0, -1).join(', ')} and ${nouns.at(-1)}`;
  return `Save your ${list} to your profile?`;
}
