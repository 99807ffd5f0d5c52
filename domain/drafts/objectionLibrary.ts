/**
 * The curated objection library the offline drafter builds an objection guide from: the pushback
 * each audience raises most often, why it comes up, and a proven response pattern whose steps are
 * written from the rep's own answers. Where an answer is missing, a step says what to do instead of
 * leaving a slot empty. Sources: docs/objection-library.md.
 */
import type { Answers } from '../playbooks/flow';
import type { Audience } from '../playbooks/objection';

/** The response patterns the library uses; docs/objection-library.md says where each comes from. */
export type ResponsePatternId =
  | 'feel-felt-found'
  | 'acknowledge-reframe-proof'
  | 'laer'
  | 'isolate-and-test'
  | 'interests-not-positions';

export interface ResponsePattern {
  name: string;
  /** The step names, in order: the response has one line per step. */
  steps: readonly string[];
}

export const RESPONSE_PATTERNS: Record<ResponsePatternId, ResponsePattern> = {
  'feel-felt-found': { name: 'Feel, Felt, Found', steps: ['Feel', 'Felt', 'Found'] },
  'acknowledge-reframe-proof': {
    name: 'Acknowledge, Reframe, Proof',
    steps: ['Acknowledge', 'Reframe', 'Proof'],
  },
  laer: {
    name: 'LAER (Listen, Acknowledge, Explore, Respond)',
    steps: ['Listen', 'Acknowledge', 'Explore', 'Respond'],
  },
  'isolate-and-test': { name: 'Isolate and test', steps: ['Isolate', 'Test', 'Respond'] },
  'interests-not-positions': {
    name: 'Interests, not positions',
    steps: ['Interest', 'Option', 'Ask'],
  },
};

/** What the rep told the flow, read once; each is undefined when the answer is blank. */
export interface ObjectionFacts {
  /** What is offered: the value proposition, business model, partner value or proposed change. */
  offer?: string;
  /** Evidence: traction, partner success, expected outcomes. */
  proof?: string;
  /** Who they are compared with. */
  alternatives?: string;
  /** Who the rep is talking to (target audience, stakeholders). */
  who?: string;
  advantage?: string;
  market?: string;
  model?: string;
  cost?: string;
}

export interface LibraryObjection {
  id: string;
  audience: Audience;
  /** The objection as it is usually said. */
  says: string;
  /** Words that show a rep's own objection is this one ("expensive", "budget"). */
  keywords: readonly string[];
  /** Why it comes up: what the person is really worried about. */
  why: string;
  pattern: ResponsePatternId;
  /** One line per step of the pattern, written from the facts. */
  respond(f: ObjectionFacts): readonly string[];
  /** A question that keeps the conversation going. */
  followUp: string;
}

/** A fact as a quoted clause, or the fallback sentence when it is missing. */
const or = (fact: string | undefined, use: (fact: string) => string, otherwise: string) =>
  fact ? use(fact) : otherwise;
/** A fact the rep wrote, as part of a sentence: its last full stop dropped. */
export const clause = (text: string | undefined) =>
  text
    ?.trim()
    .replace(/\s+/g, ' ')
    .replace(/[.!]+$/, '')
    // 'We cut ramp time...' continues a sentence as 'we cut...'; a name ('Pipewise cuts...') keeps its capital.
    .replace(/^(We|Our|It|Its|The|They|Their|A|An)\b/, (w) => w.toLowerCase()) || undefined;

export const OBJECTION_LIBRARY: readonly LibraryObjection[] = [
  // Customers
  {
    id: 'price',
    audience: 'customers',
    says: "It's too expensive.",
    keywords: ['expensive', 'price', 'cost', 'budget', 'afford', 'cheaper', 'pricey'],
    why: 'Price is rarely the real issue on its own: the value has not been tied to a number they care about yet.',
    pattern: 'isolate-and-test',
    respond: (f) => [
      'Ask whether price is the only thing in the way: "If the price worked, is there anything else stopping us?"',
      or(
        f.offer,
        (o) =>
          `Put the price next to the outcome: ${o}. Ask what that outcome is worth to them over a year.`,
        'Ask what the problem costs them today (hours, lost deals, churn) and put the price next to that number.',
      ),
      or(
        f.proof,
        (p) => `Show the evidence: ${p}. Then offer a smaller first step rather than a discount.`,
        'Offer a smaller first step (a pilot or one team) rather than a discount, so the value is proven before the full price.',
      ),
    ],
    followUp: 'What would it need to pay back, and by when, for this to be an easy yes?',
  },
  {
    id: 'timing',
    audience: 'customers',
    says: 'Not right now. Come back next quarter.',
    keywords: [
      'timing',
      'not now',
      'next quarter',
      'next year',
      'later',
      'busy',
      'priority',
      'priorities',
      'not the right time',
    ],
    why: 'The problem does not feel urgent yet, or another project has the team’s attention.',
    pattern: 'laer',
    respond: (f) => [
      'Let them finish, and note what is taking priority.',
      '"That makes sense; timing matters and you know your quarter best."',
      'Ask what waiting costs: "What happens to this problem between now and next quarter?"',
      or(
        f.offer,
        (o) =>
          `Tie the answer to a date: ${o}, so starting now lands the result before their next busy season.`,
        'Offer a start that takes little of their time now, so the result lands before their next busy season.',
      ),
    ],
    followUp: 'What would have to change for this to make the list this quarter?',
  },
  {
    id: 'competitor',
    audience: 'customers',
    says: 'We already use something for this.',
    keywords: [
      'already',
      'competitor',
      'using',
      'current',
      'vendor',
      'tool',
      'switch',
      'switching',
      'spreadsheet',
      'excel',
    ],
    why: 'Switching has a cost they can see, and the gain has not been made concrete.',
    pattern: 'feel-felt-found',
    respond: (f) => [
      '"I understand: changing something that works well enough is a real cost."',
      // Felt and Found speak for other customers: only the rep's own evidence may fill them. Without
      // it the step says what to say if it is true, and what to do if it is not (no invented story).
      or(
        f.proof,
        () =>
          `"Other ${f.who ?? 'customers'} felt the same before they compared the two side by side."`,
        'If a customer switched to you from a similar tool, say they felt the same at first; if none has yet, say so and use Acknowledge, Reframe, Proof with your own numbers instead.',
      ),
      or(
        f.proof,
        (p) => `"What they found${f.alternatives ? `, next to ${f.alternatives}` : ''}: ${p}."`,
        `If a customer switched from a similar tool, say what they found; if none has yet, compare ${f.offer ? `what you offer (${f.offer})` : 'your own numbers'} with their current setup${f.alternatives ? ` (${f.alternatives})` : ''} side by side instead.`,
      ),
    ],
    followUp: 'What would your current setup have to do better for you to look at an alternative?',
  },
  {
    id: 'in-house',
    audience: 'customers',
    says: 'We can build this ourselves.',
    keywords: ['build', 'in-house', 'in house', 'ourselves', 'internal', 'our own'],
    why: 'Engineers see the first version, not the upkeep; building also feels like control.',
    pattern: 'acknowledge-reframe-proof',
    respond: (f) => [
      '"You probably could; your team clearly knows the problem."',
      'Reframe from "can we build it" to "should our engineers maintain it": every hour on this is an hour off their own product.',
      or(
        f.proof,
        (p) => `Show what the bought version already delivers: ${p}.`,
        'Offer to list together what a year of building and maintaining it would take, next to the price.',
      ),
    ],
    followUp: 'Who would own it once it is built, and what would they stop doing?',
  },
  {
    id: 'no-need',
    audience: 'customers',
    says: "We don't really have that problem.",
    keywords: ['need', "don't have", 'no problem', 'fine', 'works', 'not a problem', 'happy'],
    why: 'Either the fit is wrong, or the cost of the problem is invisible to them.',
    pattern: 'laer',
    respond: (f) => [
      'Hear them out: they may be right, and that is worth knowing early.',
      '"Fair enough, if it is working there is no reason to change."',
      or(
        f.who,
        (w) => `Ask how ${w} handle it today, and what it takes each week.`,
        'Ask how they handle it today, and what it takes each week.',
      ),
      or(
        f.offer,
        (o) =>
          `If a cost appears, connect it to what you offer: ${o}. If none does, thank them and leave the door open.`,
        'If a cost appears, connect your offer to it; if none does, thank them and leave the door open.',
      ),
    ],
    followUp: 'If one thing about how you handle this today could change, what would it be?',
  },
  {
    id: 'trust',
    audience: 'customers',
    says: "You're too small/new for us to rely on.",
    keywords: [
      'risk',
      'small',
      'new',
      'startup',
      'trust',
      'reliable',
      'security',
      'references',
      'proven',
    ],
    why: 'The buyer carries the risk of picking an unknown vendor; they need cover.',
    pattern: 'acknowledge-reframe-proof',
    respond: (f) => [
      '"That is a fair concern; you are the one who answers for this decision."',
      'Reframe the risk: a small, time-boxed start with a clear exit costs less than a year of the problem.',
      or(
        f.proof,
        (p) => `Offer proof and cover: ${p}; plus references they can call.`,
        'Offer cover: references they can call, a pilot with a success measure agreed up front, and an easy exit.',
      ),
    ],
    followUp: 'What would you need to see to feel safe starting with a small pilot?',
  },
  // Investors
  {
    id: 'market-small',
    audience: 'investors',
    says: 'The market is too small.',
    keywords: ['market', 'small', 'niche', 'size', 'tam', 'big enough'],
    why: 'A fund needs a few companies that can return it; they doubt this one can get that big.',
    pattern: 'acknowledge-reframe-proof',
    respond: (f) => [
      '"It is the right question: the market decides how big we can get."',
      or(
        f.market,
        (m) => `Show the bottom-up number, not a top-down percentage: ${m}.`,
        'Show a bottom-up number (customers you can name × what each pays per year), not a percentage of a big report.',
      ),
      or(
        f.proof,
        (p) => `Then show the wedge is real and growing: ${p}.`,
        'Then show where the market expands after the first segment (adjacent customers, more products).',
      ),
    ],
    followUp: 'Which assumption in that number would you want to see tested first?',
  },
  {
    id: 'moat',
    audience: 'investors',
    says: 'What stops a big company from copying you?',
    keywords: [
      'moat',
      'copy',
      'defensib',
      'google',
      'big company',
      'incumbent',
      'compet',
      'differentiat',
    ],
    why: 'They need to believe the lead lasts, not only that it exists today.',
    pattern: 'acknowledge-reframe-proof',
    respond: (f) => [
      '"They could try, and we plan as if they will."',
      or(
        f.advantage,
        (a) => `Reframe from features to what compounds: ${a}.`,
        'Reframe from features to what compounds: speed of learning, data, distribution, switching costs.',
      ),
      or(
        f.proof,
        (p) => `Proof that the lead is growing: ${p}.`,
        'Name one thing that is already harder to copy today than it was six months ago.',
      ),
    ],
    followUp: 'Which of those would you want evidence for before the next meeting?',
  },
  {
    id: 'traction',
    audience: 'investors',
    says: 'It is too early; come back when you have more traction.',
    keywords: ['early', 'traction', 'revenue', 'users', 'growth', 'come back', 'metrics'],
    why: 'With little data they are judging risk; they want signs the risk is falling.',
    pattern: 'laer',
    respond: (f) => [
      'Ask which metric would change their mind, and write it down.',
      '"That is fair; the numbers are early."',
      'Ask what they have seen in companies at this stage that later worked.',
      or(
        f.proof,
        (p) =>
          `Share what you have and how fast it moves: ${p}. Offer a monthly update against the metric they named.`,
        'Share the leading signals you have (pilots, letters of intent, a waitlist) and offer a monthly update against the metric they named.',
      ),
    ],
    followUp: 'If we hit that number in the next three months, would you want to lead or follow?',
  },
  {
    id: 'business-model',
    audience: 'investors',
    says: "I don't see how this makes money at scale.",
    keywords: [
      'business model',
      'margin',
      'unit economics',
      'make money',
      'monetiz',
      'revenue model',
      'pricing',
      'ltv',
      'cac',
    ],
    why: 'They need to see the economics improve as the company grows.',
    pattern: 'isolate-and-test',
    respond: (f) => [
      'Ask which part worries them: price, cost to serve, or cost to acquire.',
      or(
        f.model,
        (m) => `Walk through the model in one line: ${m}.`,
        'Walk through one customer: what they pay per year, what they cost to win, what they cost to serve.',
      ),
      or(
        f.proof,
        (p) => `Back it with what you have measured: ${p}.`,
        'Say which of those numbers you have measured and which are still assumptions, and how you will test them.',
      ),
    ],
    followUp: 'Which number would you need to see to believe the model?',
  },
  {
    id: 'team',
    audience: 'investors',
    says: 'Why is your team the one to do this?',
    keywords: ['team', 'founder', 'experience', 'hire', 'why you'],
    why: 'Early on, they are betting on people more than on the plan.',
    pattern: 'acknowledge-reframe-proof',
    respond: (f) => [
      '"That is the question that matters most at our stage."',
      or(
        f.advantage,
        (a) => `Tie the team to the edge: ${a}.`,
        'Tie the team to the problem: how you found it, and what you know about it that others do not.',
      ),
      or(
        f.proof,
        (p) => `Show the speed: ${p}.`,
        'Show the speed: what you shipped and learned in the last 90 days.',
      ),
    ],
    followUp: 'What would you want to see from us in the next month to be convinced?',
  },
  // Partners
  {
    id: 'partner-priority',
    audience: 'partners',
    says: 'This is not a priority for us right now.',
    keywords: ['priority', 'priorities', 'focus', 'roadmap', 'bandwidth', 'later', 'time'],
    why: 'Every partnership competes with their own roadmap; the gain to them is not clear yet.',
    pattern: 'interests-not-positions',
    respond: (f) => [
      or(
        f.offer,
        (o) => `Start from their interest, not your ask: ${o}.`,
        'Start from their interest, not your ask: what their customers keep asking for that you provide.',
      ),
      or(
        f.model,
        (m) => `Offer the lightest version first: ${m}, starting small.`,
        'Offer the lightest version first (a referral swap or a co-written article) before any integration work.',
      ),
      or(
        f.proof,
        (p) => `Ask for a small, measured trial: ${p}.`,
        'Ask for a 90-day trial with one shared number to judge it by.',
      ),
    ],
    followUp: 'What would have to be true for this to earn a place on next quarter’s plan?',
  },
  {
    id: 'partner-effort',
    audience: 'partners',
    says: 'It would take too much effort on our side.',
    keywords: ['effort', 'resources', 'work', 'engineering', 'integrat', 'cost', 'maintain'],
    why: 'They picture their team doing the work and carrying it afterwards.',
    pattern: 'interests-not-positions',
    respond: (f) => [
      'Ask what part of the effort worries them most: building, selling or supporting.',
      or(
        f.model,
        (m) =>
          `Take that part on yourselves: for a ${m}, say exactly what you will do and what they will not have to.`,
        'Take that part on yourselves: say exactly what you will do and what they will not have to.',
      ),
      or(
        f.proof,
        (p) => `Ask for agreement on a first step against a clear result: ${p}.`,
        'Ask for agreement on a first step with a clear result, and a date to review it.',
      ),
    ],
    followUp: 'If we carried the build, what would be left that needs your team?',
  },
  {
    id: 'channel-conflict',
    audience: 'partners',
    says: 'This could compete with what we already sell.',
    keywords: ['conflict', 'compete', 'cannibal', 'overlap', 'channel', 'our customers'],
    why: 'They protect their own revenue and customer relationships first.',
    pattern: 'feel-felt-found',
    respond: (f) => [
      '"I understand; protecting your customers and your revenue comes first."',
      or(
        f.proof,
        () => '"Other partners felt the same until the boundaries were written down."',
        'If another partner had the same worry, say so and how it was settled; if none has yet, offer to write down who sells what to whom before anything starts.',
      ),
      or(
        f.proof,
        (p) => `"What they found: ${p}."`,
        `If a partner already works with you, say what they found; if none does yet, show how it adds to what they sell${f.offer ? `: ${f.offer}` : ''}, with the boundaries written down.`,
      ),
    ],
    followUp: 'Where exactly do you see the overlap, and could we draw the line there?',
  },
  {
    id: 'partner-unproven',
    audience: 'partners',
    says: 'We have not heard of you; what is in it for our customers?',
    keywords: ['heard', 'unknown', 'brand', 'reputation', 'customers', 'value', 'trust', 'risk'],
    why: 'Their brand is on the line with their customers.',
    pattern: 'acknowledge-reframe-proof',
    respond: (f) => [
      '"You are right to ask; your customers trust you, not us."',
      or(
        f.offer,
        (o) => `Reframe around their customers: ${o}.`,
        'Reframe around their customers: the problem of theirs you solve, in their words.',
      ),
      or(
        f.proof,
        (p) => `Proof: ${p}.`,
        'Offer references from customers you share, and a limited pilot with a few of theirs.',
      ),
    ],
    followUp: 'Which of your customers would be the best to try this with first?',
  },
  // Internal
  {
    id: 'internal-tried',
    audience: 'internal',
    says: 'We tried something like this before and it did not work.',
    keywords: ['tried', 'before', 'failed', "didn't work", 'did not work', 'last time'],
    why: 'People remember the pain of the last attempt and do not want to repeat it.',
    pattern: 'laer',
    respond: (f) => [
      'Ask what happened last time, and let them finish.',
      '"That sounds frustrating, and it is worth learning from."',
      'Ask which part failed: the idea, the rollout, or the support afterwards.',
      or(
        f.offer,
        (o) => `Show what is different this time: ${o}, with that failure point planned for.`,
        'Show what is different this time, with that failure point planned for.',
      ),
    ],
    followUp: 'What would we need to do differently for you to back it this time?',
  },
  {
    id: 'internal-cost',
    audience: 'internal',
    says: 'We do not have the budget or the people for this.',
    keywords: [
      'budget',
      'cost',
      'expensive',
      'people',
      'headcount',
      'resources',
      'time',
      'capacity',
    ],
    why: 'Every change competes for the same hours and money.',
    pattern: 'isolate-and-test',
    respond: (f) => [
      'Ask whether resources are the only concern, or whether the change itself is in question.',
      or(
        f.cost,
        (c) => `Be exact about what it takes: ${c}. Propose a smaller first phase.`,
        'Be exact about what it takes, and propose a smaller first phase.',
      ),
      or(
        f.proof,
        (p) => `Set it against the result: ${p}.`,
        'Set it against what the current way costs each month.',
      ),
    ],
    followUp: 'If the first phase paid for itself, would you support the rest?',
  },
  {
    id: 'internal-disruption',
    audience: 'internal',
    says: 'This will disrupt how we work right now.',
    keywords: [
      'disrupt',
      'change',
      'workflow',
      'process',
      'learning curve',
      'training',
      'adopt',
      'busy',
    ],
    why: 'Change feels like loss before it feels like gain; people worry about their own work.',
    pattern: 'feel-felt-found',
    respond: (f) => [
      '"I understand; nobody wants their week turned upside down."',
      or(
        f.who,
        (w) => `"It is normal for ${w} to feel that way about any change."`,
        '"It is normal to feel that way about any change."',
      ),
      or(
        f.proof,
        (p) =>
          `"What we expect to find is: ${p}. We will start small and adjust from what you tell us."`,
        'If another team here made a similar change, say what they found; if none has, say what you will measure in the first weeks, and that you will start small and adjust from what they tell you.',
      ),
    ],
    followUp: 'Which part of your week should we protect while we try it?',
  },
  {
    id: 'internal-why',
    audience: 'internal',
    says: 'Why change? What we have works.',
    keywords: ['why', 'works', 'status quo', 'fine', 'need', 'benefit', 'value'],
    why: 'Without a clear reason, the status quo always wins.',
    pattern: 'acknowledge-reframe-proof',
    respond: (f) => [
      '"It does work, and that is why this has to be clearly better to be worth it."',
      or(
        f.offer,
        (o) => `Reframe around the cost of standing still: ${o}.`,
        'Reframe around the cost of standing still: what the current way will cost as the team grows.',
      ),
      or(
        f.proof,
        (p) => `Say how you will measure it: ${p}.`,
        'Say how you will measure it, and when you will decide to keep it or stop.',
      ),
    ],
    followUp: 'What result would convince you this was worth it?',
  },
];

/** The facts of each audience's answers, by the flow's question ids. */
export function objectionFacts(a: Answers): ObjectionFacts {
  const pick = (...ids: string[]) => ids.map((id) => clause(a[id])).find(Boolean);
  return {
    offer: pick('value_proposition', 'partner_value', 'internal_change'),
    proof: pick('traction', 'partner_success', 'expected_outcomes'),
    alternatives: pick('competitive_landscape'),
    who: pick('target_audience', 'stakeholders'),
    advantage: pick('competitive_advantage'),
    market: pick('market_size'),
    model: pick('business_model', 'partnership_model'),
    cost: pick('resources'),
  };
}

/** The library entry a rep's own objection is (most words in common), or undefined. */
export function matchObjection(
  audience: Audience,
  text: string,
  exclude: ReadonlySet<string> = new Set(),
): LibraryObjection | undefined {
  const lower = text.toLowerCase();
  let best: LibraryObjection | undefined;
  let bestScore = 0;
  for (const entry of OBJECTION_LIBRARY) {
    if (entry.audience !== audience || exclude.has(entry.id)) continue;
    const score = entry.keywords.filter((k) => lower.includes(k)).length;
    if (score > bestScore) [best, bestScore] = [entry, score];
  }
  return best;
}
