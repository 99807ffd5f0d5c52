/**
 * The idea analysis when no language model is connected: a worksheet the founder fills in. The YC
 * checklist as questions about their own idea, a bottom-up market size from numbers they enter
 * (customers × price per year, with the arithmetic shown), and the pricing models to choose from.
 * Nothing here guesses a figure: every number on the worksheet is one the founder typed.
 */

export type WorksheetTopic = 'problem' | 'market' | 'solution' | 'differentiation' | 'traction';

export interface WorksheetQuestion {
  topic: WorksheetTopic;
  /** The checklist item: 'Problem'. */
  label: string;
  /** The question about their idea, naming it by a short subject ('your app for independent gyms'). */
  question: string;
  /** What a good answer holds. */
  hint: string;
}

export interface PricingModel {
  id: 'per-seat' | 'usage' | 'flat-tier' | 'freemium' | 'transaction' | 'one-off';
  name: string;
  /** How the customer pays. */
  how: string;
  /** When it fits. */
  fitsWhen: string;
  /** A well-known product priced this way. */
  example: string;
}

export interface IdeaWorksheet {
  /** The idea as the founder wrote it. */
  idea: string;
  questions: WorksheetQuestion[];
  pricingModels: PricingModel[];
}

/** The words that end an idea's opening noun phrase: a relative clause, a purpose, a preposition. */
const PHRASE_ENDS = new Set(
  (
    'that which who whose where when to so for with by in on of from at and or but like ' +
    'using helping letting allowing connecting turning making giving'
  ).split(' '),
);

/** The words after which an idea names who it is for: 'for dog walkers', 'helps independent gyms'. */
const AUDIENCE_CUES = new Set(
  (
    'for helps help helping lets let letting allows allow allowing enables enable ' +
    'enabling connects connect connecting gives give giving'
  ).split(' '),
);

/**
 * The nouns a product idea ends its opening phrase with. The subject names the idea by its phrase
 * only when it ends in one of these: 'Help restaurants cut waste' has no product noun, and 'your
 * help restaurants cut waste' would read worse than 'your idea'.
 */
const PRODUCT_NOUNS = new Set(
  (
    'app apps application platform tool tools marketplace software service crm saas api ' +
    'website site network subscription bot chatbot assistant device kit box game agency ' +
    'plugin extension dashboard system engine store shop brand club course community ' +
    'portal tracker planner scheduler copilot bookkeeper rental exchange studio program ' +
    'product solution wearable sensor robot kiosk newsletter podcast directory registry ' +
    'calculator generator analyzer monitor integration hub'
  ).split(' '),
);

/** Words that say nothing about the idea in its subject: 'a simple mobile app' is 'an app'. */
const FILLER = new Set('mobile simple new online web web-based easy better'.split(' '));

/** Openings before the idea itself: 'We are building a …', 'An idea for a …', 'My idea is …'. */
const LEAD_IN =
  /^(?:(?:we|i)(?:'m|'re| am| are)? (?:building|making|creating|launching|want to (?:build|make|create|launch)) |(?:an? )?idea for |my idea is (?:to build )?|it(?:'s| is) )/i;

/** A plural noun, the usual way an idea names its customers: 'gyms', 'dog walkers', 'SDRs', 'people'. */
const isPlural = (word: string) =>
  /^(?:people|staff|children|men|women|folks)$/i.test(word) ||
  (/[a-z]s$/i.test(word) && !/(?:ss|us|is)$/i.test(word));

/** The most words the subject keeps of the product phrase, and of who it is for. */
const HEAD_WORDS = 3;
const AUDIENCE_WORDS = 3;

/**
 * How the worksheet's questions name the idea: a short subject taken from its first sentence, not
 * the whole sentence quoted back. 'A mobile app that helps independent gyms reduce churn' is 'your
 * app for independent gyms'; 'Inventory app for coffee shops' is 'your inventory app for coffee
 * shops'. The product phrase (the words before 'that', 'for', 'to'… ending in a product noun, at
 * most three) and who it is for (the words after 'for' or 'helps' up to the first plural noun, at
 * most three). Without a product noun it is 'your idea', or 'your idea for <who>'.
 */
export function ideaSubject(idea: string): string {
  const flat = idea.trim().replace(/\s+/g, ' ');
  const sentence = (flat.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? flat).replace(/[.!?]+$/, '');
  const stripped = sentence.replace(LEAD_IN, '').replace(/^(?:an?|the|my|our) /i, '');
  const words = stripped
    .replace(/[,;:()–—]| - /g, ' , ')
    .split(' ')
    .filter(Boolean);
  const end = words.findIndex((word) => word === ',' || PHRASE_ENDS.has(word.toLowerCase()));
  const phrase = (end === -1 ? words : words.slice(0, end)).filter(
    (word, index, all) => index === all.length - 1 || !FILLER.has(word.toLowerCase()),
  );
  const last = phrase.at(-1)?.toLowerCase();
  const head = last && PRODUCT_NOUNS.has(last) ? phrase.slice(-HEAD_WORDS) : [];
  // The first word of a sentence is capitalised for the sentence, not for itself ('Inventory app').
  if (head[0] && head[0] === words[0] && /^[A-Z][a-z-]*$/.test(head[0]) && stripped === sentence)
    head[0] = head[0].toLowerCase();

  // Who it is for comes after the product phrase, or opens the idea when it has none ('Help restaurants…').
  const from = head.length > 0 ? Math.max(end, 0) : 0;
  const cue = words.findIndex(
    (word, index) => index >= from && AUDIENCE_CUES.has(word.toLowerCase()),
  );
  const audience: string[] = [];
  if (cue !== -1) {
    for (const word of words.slice(cue + 1)) {
      if (word === ',' || (audience.length > 0 && PHRASE_ENDS.has(word.toLowerCase()))) break;
      if (audience.length === 0 && /^(?:the|a|an|their|your|small|busy)$/i.test(word)) continue;
      audience.push(word);
      if (isPlural(word) || audience.length === AUDIENCE_WORDS) break;
    }
  }
  const forWhom = audience.length > 0 && isPlural(audience.at(-1)!) ? audience : [];
  const name = head.length > 0 ? head.join(' ') : 'idea';
  return forWhom.length > 0 ? `your ${name} for ${forWhom.join(' ')}` : `your ${name}`;
}

/** The pricing models a founder picks from, each with when it fits. */
export const PRICING_MODELS: readonly PricingModel[] = [
  {
    id: 'per-seat',
    name: 'Per seat',
    how: 'A price per user per month.',
    fitsWhen: 'Value grows with the number of people who use it, as in team tools and CRMs.',
    example: 'Slack, Salesforce',
  },
  {
    id: 'usage',
    name: 'Usage-based',
    how: 'Customers pay for what they use: calls, messages, gigabytes, hours.',
    fitsWhen:
      'Use varies a lot between customers and the cost to serve grows with it, as in APIs and infrastructure.',
    example: 'Twilio, AWS',
  },
  {
    id: 'flat-tier',
    name: 'Flat tiers',
    how: 'Two or three fixed monthly plans, each with more features or limits.',
    fitsWhen: 'Customers fall into a few clear sizes and want a predictable bill.',
    example: 'Basecamp, Mailchimp',
  },
  {
    id: 'freemium',
    name: 'Freemium',
    how: 'A free plan with a limit; growing customers upgrade.',
    fitsWhen:
      'The product spreads by word of mouth, serving a free user costs little, and many users try it before buying.',
    example: 'Dropbox, Zoom',
  },
  {
    id: 'transaction',
    name: 'Transaction fee',
    how: 'A percentage or fixed fee on each payment or booking made through you.',
    fitsWhen: 'You sit in the flow of money, as marketplaces and payment tools do.',
    example: 'Stripe, Airbnb',
  },
  {
    id: 'one-off',
    name: 'One-off licence or project',
    how: 'A single price for a product or a piece of work, sometimes with yearly support.',
    fitsWhen: 'Customers buy rarely and want to own it: hardware, on-premise software, services.',
    example: 'Agencies, hardware makers',
  },
];

/** The worksheet for an idea (an empty idea still gets one, with 'your idea' in the questions). */
export function draftIdeaWorksheet(idea: string): IdeaWorksheet {
  const subject = ideaSubject(idea);
  return {
    idea: idea.trim(),
    questions: [
      {
        topic: 'problem',
        label: 'Problem',
        question: `Who exactly has the problem behind ${subject}, and how do they solve it today?`,
        hint: 'Name a role and a kind of company, and the workaround they use now (a spreadsheet, an agency, nothing).',
      },
      {
        topic: 'market',
        label: 'Market',
        question: `How many customers could buy ${subject}, and is that number growing?`,
        hint: 'Count them bottom-up below: customers you could name × what one pays per year.',
      },
      {
        topic: 'solution',
        label: 'Solution',
        question: `What does ${subject} do that solves it, in one sentence a customer would repeat?`,
        hint: 'The outcome they get, not the features: “close the books in 2 days instead of 9”.',
      },
      {
        topic: 'differentiation',
        label: 'Differentiation',
        question:
          'Why would they pick it over what they use now, and why can’t others copy that easily?',
        hint: 'What you know or have that others don’t: data, access, speed, a new technology.',
      },
      {
        topic: 'traction',
        label: 'Traction',
        question: 'What evidence do you have that people want it?',
        hint: 'Users, revenue, a waitlist, letters of intent, or how many of the people you interviewed asked to try it.',
      },
    ],
    pricingModels: [...PRICING_MODELS],
  };
}

/** A number the founder typed, or why it cannot be used; `perMonth` when they typed a monthly price. */
export type ParsedAmount =
  { ok: true; value: number; perMonth?: number } | { ok: false; message: string };

const SUFFIX: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

/** The largest amount one field takes, and the largest market the worksheet works out: $10 trillion. */
export const AMOUNT_MAX = 1e13;

/**
 * Reads an amount as a founder types it: '2,000', '2000', '2k', '1.5M', '$1,200', '1200/year',
 * '$99/month' (twelve of them). Blank, words, negative or zero amounts are refused with a message saying what to type.
 *
 * A dot followed by exactly three digits ('1.500') is how much of Europe writes fifteen hundred, and
 * how the rest of the world writes one and a half. Guessing either way can put a market off by a
 * factor of a thousand, so the worksheet asks ('Did you mean 1,500?') rather than pick. Only where
 * one reading is the sole plausible one is it taken: several dot groups ('1.500.000') can only be
 * thousands, a leading zero ('0.500') or a scale word ('1.500M', read as 1.5 million) only a decimal.
 */
export function parseAmount(text: string, example: string): ParsedAmount {
  let t = text.trim().toLowerCase().replace(/[$€£]/g, '');
  // '$99/month' in a yearly field: twelve months of it.
  const monthly = /\s*(?:\/|per|a|an|each)\s*(?:month|mo|mth)\.?$/.test(t);
  t = t
    .replace(/\s*(?:\/|per|a|an|each)\s*(?:year|yr|y|annum|month|mo|mth|customer|client)\.?$/, '')
    .trim();
  if (!t) return { ok: false, message: `Enter a number, like ${example}.` };
  const notNumber: ParsedAmount = {
    ok: false,
    message: `“${text.trim()}” is not a number. Enter digits, like ${example}.`,
  };
  // '1.500.000': dots as thousands separators, the only way to read several of them.
  if (/^\d{1,3}(?:\.\d{3}){2,}(?:\s*[a-z]+)?$/.test(t)) t = t.replace(/\./g, ',');
  const match = t.match(/^(-)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*([a-z]+)?$/);
  if (!match) return notNumber;
  const [, minus, whole, fraction, suffix] = match;
  if (fraction?.length === 3 && !suffix && /^[1-9]\d{0,2}$/.test(whole!)) {
    const [thousands, decimal] = [
      formatCount(Number(`${whole}${fraction}`)),
      String(Number(`${whole}.${fraction}`)),
    ];
    return {
      ok: false,
      message: `Did you mean ${thousands}? “${text.trim()}” could be ${thousands} or ${decimal}: type the one you mean.`,
    };
  }
  const multiplier = suffix ? SUFFIX[suffix] : 1;
  if (multiplier === undefined) return notNumber;
  const amount =
    Number(`${whole!.replace(/,/g, '')}${fraction ? `.${fraction}` : ''}`) * multiplier;
  const value = amount * (monthly ? 12 : 1);
  if (minus || !(value > 0)) return { ok: false, message: 'Enter an amount above zero.' };
  if (!Number.isFinite(value) || value > AMOUNT_MAX)
    return { ok: false, message: 'That number is too large to be a market.' };
  return monthly ? { ok: true, value, perMonth: amount } : { ok: true, value };
}

/** A count with thousands separators: 2000 -> '2,000'. */
export const formatCount = (n: number) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(n);

/**
 * A dollar amount as people say it: '$1,200' and '$9.99' up to ten thousand, then '$24K', '$2.4M',
 * '$1.2B' (one decimal, dropped when it is zero). Cents are rounded first, so 9999.999 is '$10,000',
 * never '$10,000.00'; a price under a cent keeps two significant digits ('$0.004'), never '$0.00'.
 */
export function formatMoney(n: number): string {
  const usd = (options: Intl.NumberFormatOptions) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', ...options }).format(n);
  if (n > 0 && n < 0.01) return usd({ minimumSignificantDigits: 1, maximumSignificantDigits: 2 });
  const cents = Math.round(n * 100) / 100;
  if (cents <= 10_000)
    return usd({
      minimumFractionDigits: Number.isInteger(cents) ? 0 : 2,
      maximumFractionDigits: 2,
    });
  return usd({ notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });
}

export interface MarketSizeInput {
  /** How many customers could buy ('2,000'). */
  customers: string;
  /** What one pays per year ('$1,200'). */
  pricePerYear: string;
  /** What a customer is ('clinics'); 'customers' when blank. */
  unit?: string;
}

export type MarketSize =
  | {
      ok: true;
      customers: number;
      pricePerYear: number;
      total: number;
      arithmetic: string;
      /** A monthly price made yearly, with the sum shown: '$99/month × 12 = $1,188/year'. */
      yearly?: string;
    }
  | { ok: false; errors: { customers?: string; pricePerYear?: string; total?: string } };

/** Customers × price per year, with the arithmetic shown: '2,000 clinics × $1,200/year = $2.4M a year'. */
export function bottomUpMarketSize(input: MarketSizeInput): MarketSize {
  const customers = parseAmount(input.customers, '2,000');
  const price = parseAmount(input.pricePerYear, '$1,200');
  if (!customers.ok || !price.ok)
    return {
      ok: false,
      errors: {
        ...(customers.ok ? {} : { customers: customers.message }),
        ...(price.ok ? {} : { pricePerYear: price.message }),
      },
    };
  const unit = input.unit?.trim() || 'customers';
  const total = customers.value * price.value;
  // Each number may be within bounds and their product still beyond any market there is.
  if (total > AMOUNT_MAX)
    return {
      ok: false,
      errors: {
        total: `${formatCount(customers.value)} × ${formatMoney(price.value)} is more than $10 trillion a year, larger than any market; check both numbers.`,
      },
    };
  return {
    ok: true,
    customers: customers.value,
    pricePerYear: price.value,
    total,
    arithmetic: `${formatCount(customers.value)} ${unit} × ${formatMoney(price.value)}/year = ${formatMoney(total)} a year`,
    ...(price.perMonth !== undefined
      ? { yearly: `${formatMoney(price.perMonth)}/month × 12 = ${formatMoney(price.value)}/year` }
      : {}),
  };
}

/** What the founder typed on the worksheet, by key: a question's topic, 'customers', 'pricePerYear', 'unit', 'pricingModel'. */
export type WorksheetEntries = Record<string, string>;

/** The worksheet as 'Share with co-founder' copies it: plain text with the founder's answers and figures. */
export function worksheetShareText(worksheet: IdeaWorksheet, entries: WorksheetEntries): string {
  const market = bottomUpMarketSize({
    customers: entries.customers ?? '',
    pricePerYear: entries.pricePerYear ?? '',
    unit: entries.unit,
  });
  const model = worksheet.pricingModels.find((m) => m.id === entries.pricingModel);
  return [
    `Startup idea: ${worksheet.idea}`,
    '',
    'YC CHECKLIST',
    ...worksheet.questions.flatMap((q) => [
      `${q.label}: ${q.question}`,
      `→ ${entries[q.topic]?.trim() || 'Not answered yet'}`,
    ]),
    '',
    'MARKET SIZE (bottom-up)',
    ...(market.ok
      ? [...(market.yearly ? [market.yearly] : []), market.arithmetic]
      : ['Not worked out yet']),
    '',
    'PRICING MODEL',
    model ? `${model.name}: ${model.how}` : 'Not chosen yet',
    '',
    'Worked out on a Pitchpad worksheet',
  ].join('\n');
}
