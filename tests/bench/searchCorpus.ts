/**
 * A busy rep's phone for the search benches: chats of a rep's questions and the model's answers,
 * the words of sales work drawn with a long tail (a few words everywhere, most words rare), with
 * the names, addresses, amounts and quarters reps search for. The same seed gives the same phone.
 */
import type { LocalChat, LocalMessage } from '../../web/data/db';

const COMMON = `the a to of and in for with on your that is it we you this our as be at can by
have will are or from their more not they about how what team time when would which if do
so all there one new up out them into than some could like also just other only these its`.split(
  /\s+/,
);

const SALES =
  `pricing price prices priced discount discounts budget budgets contract contracts renewal
renewals proposal proposals demo demos meeting meetings call calls follow followup email emails
subject reply replies objection objections competitor competitors integration integrations
onboarding implementation rollout pilot pilots trial trials seat seats license licenses annual
monthly quarter quarterly forecast pipeline deal deals stage stages champion champions buyer
buyers decision maker makers procurement legal security review reviews compliance soc audit
dashboard dashboards report reports reporting analytics workflow workflows automation shipment
shipments freight carrier carriers warehouse warehouses logistics route routes tracking delivery
deliveries invoice invoices payment payments margin margins revenue growth churn retention
expansion upsell cross-sell persona personas pain pains value proposition proof case study studies
testimonial testimonials reference references timeline timelines deadline deadlines kickoff
stakeholder stakeholders executive executives sponsor sponsors approval approvals sign signed
signing negotiate negotiating negotiation terms clause clauses volume volumes tier tiers plan
plans enterprise startup startups midmarket segment segments territory territories quota quotas
outreach sequence sequences cadence prospect prospects prospecting lead leads qualify qualified
qualification discovery question questions answer answers agenda recap summary next steps
schedule scheduled reschedule calendar booked booking link linkedin intro introduction referral
referrals partner partners channel channels reseller resellers margin launch launched launching
feature features roadmap release releases support ticket tickets uptime sla response responses
migration migrate migrating data import export api apis sso saml permissions admin admins users
usage adoption training trainings webinar webinars event events conference booth swag`.split(/\s+/);

const RARE =
  `analysed apprehensive bespoke bottleneck cadenced candid consolidate cumbersome debrief
diligence disparate elasticity encumbered expedite fragmented frictionless granular handoff
hesitancy idiosyncratic incumbent interoperable juggling latency leverage meticulous mitigate
nuanced onerous overhaul pivotal proactive quantify reconcile redundant resilient scrutiny
seamless shortlist siloed spreadsheet stakeholder streamline substantiate tangible throughput
turnaround underutilised unforeseen validate vendor visibility wholesale yardstick café résumé
naïve rapport façade coördinate entrée`.split(/\s+/);

const PEOPLE = [
  'Dana Ortiz',
  'Sam Patel',
  'Maria González',
  'Jürgen Weiß',
  'Priya Nair',
  'Tom Becker',
  'Aisha Khan',
  'Léa Martin',
  'Chen Wei',
  'Olu Adeyemi',
];
const COMPANIES = [
  'Freightly',
  'Acme Logistics',
  'Northwind',
  'Globex',
  'Initech',
  'Umbrella Freight',
  'Stark Carriers',
  'Wayne Shipping',
  'Hooli',
  'Pied Piper',
  'Contoso',
  'Fabrikam',
];

/** A small, seeded pseudo-random generator (mulberry32): the same phone every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Made-up words from syllables: the long tail of a real vocabulary (names of things, jargon, typos). */
function tailWords(random: () => number, count: number): string[] {
  const onsets = [
    'b',
    'br',
    'c',
    'd',
    'f',
    'g',
    'gr',
    'k',
    'l',
    'm',
    'n',
    'p',
    'pl',
    'r',
    's',
    'st',
    't',
    'tr',
    'v',
    'z',
  ];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou'];
  const codas = ['', 'n', 'r', 's', 't', 'l', 'x', 'nd', 'st'];
  const words = new Set<string>();
  while (words.size < count) {
    const syllables = 2 + Math.floor(random() * 2);
    let word = '';
    for (let i = 0; i < syllables; i++)
      word +=
        onsets[Math.floor(random() * onsets.length)]! +
        vowels[Math.floor(random() * vowels.length)]!;
    words.add(word + codas[Math.floor(random() * codas.length)]!);
  }
  return [...words];
}

/**
 * Words drawn the way text uses them: common words most; sales words often, some far more than
 * others (the most used in about a fifth of the messages); a long tail of 5,000 words, each seldom.
 */
function wordMaker(random: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // Zipf-like: the first words of a list come more often than its last (`skew` > 1: more so).
  const zipf = <T>(list: readonly T[], skew: number): T =>
    list[Math.floor(list.length * random() ** skew)]!;
  // The sales words in a seeded order, so the most used is not the list's first by design.
  const sales = SALES.map((w) => [random(), w] as const)
    .toSorted((a, b) => a[0] - b[0])
    .map(([, w]) => w);
  const tail = tailWords(random, 5_000);
  const special = (): string => {
    const person = pick(PEOPLE);
    const company = pick(COMPANIES);
    const domain = `${company.split(' ')[0]!.toLowerCase()}.com`;
    switch (Math.floor(random() * 7)) {
      case 0:
        return person;
      case 1:
        return company;
      case 2:
        return `${person.split(' ')[0]!.toLowerCase()}@${domain}`;
      case 3:
        return domain;
      case 4:
        return `Q${1 + Math.floor(random() * 4)}`;
      case 5:
        return `$${(Math.floor(random() * 90) + 10).toLocaleString('en-US')},000`;
      default:
        return `${Math.floor(random() * 60) + 5}%`;
    }
  };
  const word = (): string => {
    const r = random();
    if (r < 0.45) return zipf(COMMON, 2);
    if (r < 0.7) return zipf(sales, 1.6);
    if (r < 0.95) return zipf(tail, 1.5);
    if (r < 0.98) return pick(RARE);
    return special();
  };
  const sentence = (min: number, max: number): string => {
    const n = min + Math.floor(random() * (max - min));
    const words = Array.from({ length: n }, word);
    const first = words[0]!;
    words[0] = first[0]!.toUpperCase() + first.slice(1);
    return `${words.join(' ')}.`;
  };
  return { sentence, pick, random };
}

export interface BenchPhone {
  chats: LocalChat[];
  messages: LocalMessage[];
}

/**
 * `count` messages in chats of about 20 each: a rep's question (one to three sentences) and the
 * model's answer (three to ten short paragraphs, about 1,000 characters), one message an hour back
 * from now, so the newest chats are the last.
 */
export function buildBenchPhone(count: number, seed = 7): BenchPhone {
  const random = seeded(seed);
  const { sentence, pick } = wordMaker(random);
  const chats: LocalChat[] = [];
  const messages: LocalMessage[] = [];
  const now = Date.UTC(2026, 9, 1);
  const perChat = 20;
  for (let i = 0; i < count; i++) {
    const chatIndex = Math.floor(i / perChat);
    const chatId = `chat-${chatIndex}`;
    const at = now - (count - i) * 3_600_000;
    if (i % perChat === 0)
      chats.push({
        id: chatId,
        title: `${pick(COMPANIES)}: ${sentence(2, 5).slice(0, -1)}`,
        createdAt: new Date(at).toISOString(),
        updatedAt: new Date(at).toISOString(),
        isPlaybook: chatIndex % 4 === 0,
        playbookType: chatIndex % 4 === 0 ? 'email' : 'none',
        synced: true,
        touchedAt: at,
      });
    const user = i % 2 === 0;
    const content = user
      ? Array.from({ length: 1 + Math.floor(random() * 3) }, () => sentence(6, 22)).join(' ')
      : Array.from({ length: 3 + Math.floor(random() * 8) }, () =>
          Array.from({ length: 1 + Math.floor(random() * 2) }, () => sentence(8, 24)).join(' '),
        ).join('\n\n');
    const clientId = `c${Math.floor(i / 2)}`;
    messages.push({
      key: user ? `u:${clientId}` : `r:${clientId}`,
      chatId,
      role: user ? 'user' : 'assistant',
      content,
      status: user ? 'sent' : 'complete',
      sortAt: at,
      timestamp: new Date(at).toISOString(),
      clientId: user ? clientId : null,
      replyToKey: user ? null : `u:${clientId}`,
      serverId: i + 1,
      model: user ? null : 'gpt-4o',
      touchedAt: at,
    });
  }
  return { chats, messages };
}

/** What a rep types, a keystroke at a time: each prefix of each query is one search. */
export const BENCH_QUERIES = [
  'pricing objections',
  'dana@freightly.com',
  'renewal Q3',
  '"case study" freight',
  'onboarding -webinar',
  'cafe',
  'proposal',
  'security review',
  'Freightly',
  'churn retention',
];
