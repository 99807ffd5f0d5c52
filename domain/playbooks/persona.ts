import { answeredPairs, defaultWorkflowName, shortSubject } from './flow';
import type { Answers, Flow, Option, Question } from './flow';

export const INDUSTRY_OPTIONS: Option[] = [
  { value: 'saas', label: 'SaaS' },
  { value: 'fintech', label: 'Fintech' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'ecommerce', label: 'E-commerce' },
  { value: 'edtech', label: 'Edtech' },
  { value: 'marketing', label: 'Marketing' },
  { value: 'manufacturing', label: 'Manufacturing' },
  { value: 'legal', label: 'Legal' },
  { value: 'hr', label: 'HR' },
  { value: 'other', label: 'Other' },
];

export const PERSONA_QUESTIONS: Question[] = [
  {
    id: 'company_name',
    question: 'What is your company called?',
    description: 'As your customers know it.',
    type: 'input',
  },
  {
    id: 'value_proposition',
    question: 'What is your value proposition?',
    description: 'What you do, for whom, and why it matters.',
    type: 'textarea',
  },
  {
    id: 'industry',
    question: 'Which industry do you sell into?',
    description: 'Pick the closest one.',
    type: 'select',
    options: INDUSTRY_OPTIONS,
  },
  {
    id: 'target_audience',
    question: 'Who is your target audience?',
    description: 'Company size, region, team, situation.',
    type: 'textarea',
  },
  {
    id: 'key_titles',
    question: 'Which job titles are involved?',
    description: 'Users, champions, buyers, blockers.',
    type: 'textarea',
  },
  {
    id: 'buying_journey',
    question: 'How do they buy today?',
    description: 'Triggers, steps, who signs off, how long it takes.',
    type: 'textarea',
  },
  {
    id: 'current_challenges',
    question: 'What challenges do they face?',
    description: 'The pains and goals that make them look for a solution.',
    type: 'textarea',
  },
  {
    id: 'competitors',
    question: 'Who else do they consider?',
    description: 'Competitors, alternatives, or doing nothing.',
    type: 'textarea',
  },
];

/** 'Personas for <the company>' (its name's start, cut short), or dated when the name was left blank. */
export function personaWorkflowName(answers: Answers, now: Date): string {
  const company = shortSubject(answers.company_name);
  return company ? `Personas for ${company}` : defaultWorkflowName('Customer Persona', now);
}

export const personaFlow: Flow = {
  type: 'demo',
  title: 'Define Customer Personas',
  workflowType: 'Customer Persona',
  greeting:
    "Let's define the people you sell to. Eight questions, and you'll get persona sheets you can hand to your team.",
  finishLabel: 'Create Personas',
  questions: () => PERSONA_QUESTIONS,
  buildPrompt: (answers) =>
    [
      'Create 2 to 3 detailed customer personas from these answers. For each: name and role, goals, pains, buying triggers, objections, where to reach them, and the message that lands.',
      '',
      answeredPairs(PERSONA_QUESTIONS, answers),
    ].join('\n'),
  workflowName: personaWorkflowName,
};
