import { answeredPairs, defaultWorkflowName, shortSubject } from './flow';
import type { Answers, Flow, Option, Question } from './flow';

export const VALUE_PROPS_COUNT = 3;
export const VALUE_PROP_MAX_WORDS = 20;
/** The pick waits this long, so the user sees their choice land. */
export const VALUE_PROP_PICK_DELAY_MS = 500;
export const NO_VALUE_PROPS_MESSAGE =
  'Could not generate value propositions. Please try refreshing the page.';

export const FOUNDING_JOURNEY_OPTIONS: Option[] = [
  {
    value: 'idea',
    label: 'I have an idea',
    description: 'Nothing built yet: you are testing whether the problem is real.',
  },
  {
    value: 'product',
    label: 'I have a product',
    description: 'Something works, and you are looking for the people who need it.',
  },
  {
    value: 'customers',
    label: 'I have customers',
    description: 'People use it; now you want to say why in a way that sells.',
  },
  {
    value: 'sales_process',
    label: 'I have a sales process',
    description: 'You sell repeatably and want a sharper pitch for the team.',
  },
];

export const VALUE_PROPOSITION_QUESTIONS: Question[] = [
  {
    id: 'founding_journey',
    question: 'Where are you in your founding journey?',
    description: 'Pick the card that fits best.',
    type: 'cards',
    options: FOUNDING_JOURNEY_OPTIONS,
  },
  {
    id: 'building',
    question: 'What are you building?',
    description: 'Describe your product in a sentence or two.',
    type: 'textarea',
  },
  {
    id: 'problems',
    question: 'What problems does it solve?',
    description: 'The pains your customers feel today, in their words.',
    type: 'textarea',
  },
  {
    id: 'users',
    question: 'Who uses it?',
    description: 'The people who use the product day to day.',
    type: 'textarea',
  },
  {
    id: 'buyers',
    question: 'Who buys it?',
    description: 'The person who signs, if not the user: their role and what they care about.',
    type: 'textarea',
  },
  {
    id: 'features',
    question: 'What are its key features?',
    description: 'The three or four things that make it work.',
    type: 'textarea',
  },
  {
    id: 'value_proposition',
    question: 'Which value proposition fits best?',
    description: 'Pick one; you can refine it in the chat.',
    type: 'select',
  },
];

const TEXT_STEPS = VALUE_PROPOSITION_QUESTIONS.filter(
  (q) => q.id !== 'founding_journey' && q.id !== 'value_proposition',
);

/** The value-props call's prompt: 3 distinct one-sentence propositions of at most 20 words. */
export function buildValuePropsPrompt(answers: Answers): string {
  return [
    `Based on these answers, write ${VALUE_PROPS_COUNT} distinct value propositions, one sentence each, at most ${VALUE_PROP_MAX_WORDS} words each.`,
    'Answer with a numbered list and nothing else.',
    '',
    answeredPairs(VALUE_PROPOSITION_QUESTIONS, answers),
  ].join('\n');
}

/** Three generic propositions for when generation fails. */
export const FALLBACK_VALUE_PROPS = [
  'Save your team hours every week by automating the work they dread most.',
  'Make better decisions faster with the insight your current tools miss.',
  'Grow revenue without growing headcount, with a tool your team will actually use.',
];

function clean(line: string): string {
  return line
    .replace(/^\s*(?:\d+[.)]|[-*•])\s*/, '')
    .replace(/^["“]|["”]$/g, '')
    .replace(/\*\*/g, '')
    .trim();
}

/**
 * Read up to 3 propositions from the model's text: numbered lines, dash or bullet lines, or else
 * plain lines under 100 characters. When nothing parses: the first 100 characters of the
 * text plus two generic lines.
 */
export function parseValueProps(content: string): string[] {
  const lines = content
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const listed = lines.filter((l) => /^(?:\d+[.)]|[-*•])\s+\S/.test(l)).map(clean);
  const plain = lines.filter((l) => l.length < 100 && !l.endsWith(':')).map(clean);
  const found = (listed.length ? listed : plain).filter(Boolean).slice(0, VALUE_PROPS_COUNT);
  if (found.length) return found;
  return [content.trim().slice(0, 100), ...FALLBACK_VALUE_PROPS.slice(0, 2)].filter(Boolean);
}

export const valuePropositionFlow: Flow = {
  type: 'playbook',
  title: 'Refine Your Value Proposition',
  workflowType: 'Value Proposition',
  greeting:
    "Let's sharpen your value proposition and turn it into a sales pitch. Start by telling me where you are.",
  finishLabel: 'Create Sales Pitch',
  questions: () => VALUE_PROPOSITION_QUESTIONS,
  buildPrompt: (answers) =>
    [
      'Create a compelling sales pitch from this value proposition work: a one-line hook, the problem, the solution, proof points and a call to action.',
      'Then give a 30-second spoken version.',
      '',
      answeredPairs(VALUE_PROPOSITION_QUESTIONS, answers),
    ].join('\n'),
  workflowName: (answers, now) => {
    const product = shortSubject(answers.building);
    return product
      ? `Value Proposition for ${product}`
      : defaultWorkflowName('Value Proposition', now);
  },
};

/** The text steps, in order; the last one's button reads 'Create Sales Pitch'. */
export const VALUE_PROPOSITION_TEXT_STEPS = TEXT_STEPS.map((q) => q.id);
