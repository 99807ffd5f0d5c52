// A rep scenario for `npm run eval`: what the rep gave the app (a profile, kit passages, a flow's
// answers or a chat message) and what a good answer must and must not do. Scenarios are data files
// under eval/scenarios/, one JSON file each, read and checked here so a typo in one names its file
// and field instead of scoring nonsense.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { PROFILE_FIELD_NAMES, type ProfileField } from '../domain/contract/profileFields';
import { FLOW_TYPES } from '../domain/playbooks/tools';
import { KIT_PASSAGES_PER_CALL } from '../domain/limits';

/**
 * What a scenario asks of the app: a chat message ('chat'), a guided flow's answers (its type), the
 * value proposition's first step ('valueprops', the options it offers), or competitive intelligence
 * ('competitors', the matrix). 'gtmplan' goes through the plan's own JSON call, as the app does.
 */
export const SCENARIO_KINDS = ['chat', 'valueprops', 'competitors', ...FLOW_TYPES] as const;
export type ScenarioKind = (typeof SCENARIO_KINDS)[number];

/** The checks a scenario's sample answers can be told apart by (eval/checks.ts). */
export const CHECK_IDS = [
  'coach',
  'subject',
  'length',
  'grade',
  'one-ask',
  'placeholders',
  'value-proposition',
  'booking-link',
  'invented-facts',
  'citations',
  'format',
  'must-include',
  'must-not-include',
] as const;
export type CheckName = (typeof CHECK_IDS)[number];

const text = (what: string) => z.string({ error: `must be ${what}` }).trim();

const Passage = z.object({
  fileName: text('the file the passage comes from').min(1),
  page: z.number().int().positive().nullable().default(null),
  text: text('the passage').min(1),
});

const Profile = z
  .record(z.string(), z.string())
  .superRefine((values, ctx) => {
    for (const key of Object.keys(values))
      if (!PROFILE_FIELD_NAMES.includes(key as ProfileField))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is no profile field (one of ${PROFILE_FIELD_NAMES.join(', ')})`,
        });
  })
  .transform((values) => values as Partial<Record<ProfileField, string>>);

export const Scenario = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens'),
    title: text('a title').min(1),
    kind: z.enum(SCENARIO_KINDS, { error: `must be one of ${SCENARIO_KINDS.join(', ')}` }),
    profile: Profile.default({}),
    /** The passages the kit search found for the question, best first (at most as many as a call takes). */
    kit: z
      .array(Passage)
      .max(
        KIT_PASSAGES_PER_CALL,
        `must hold at most ${KIT_PASSAGES_PER_CALL} passages, as a call does`,
      )
      .default([]),
    /** A guided flow's answers by question id (a flow, 'valueprops', 'gtmplan'). */
    answers: z.record(z.string(), z.string()).default({}),
    /** The rep's chat message ('chat'), or the product described ('competitors'). */
    message: text('the message').optional(),
    /** Whom an email is to, for the coach's check that it speaks to them. */
    recipient: z.object({ name: z.string().optional(), company: z.string().optional() }).optional(),
    expect: z
      .object({
        /** Phrases a good answer holds (any case). */
        mustInclude: z.array(z.string().min(1)).default([]),
        /** Phrases a good answer never holds (any case): the competitor it must not praise, a claim. */
        mustNotInclude: z.array(z.string().min(1)).default([]),
        /** The answer must carry the profile's value proposition (its words, not its sentence). */
        valueProposition: z.boolean().default(false),
        /** The answer must hold the booking link (the flow's answer, else the profile's). */
        bookingLink: z.boolean().default(false),
        /** The answer must cite the kit ([1], [2] naming passages it was given). */
        citesKit: z.boolean().default(false),
        /** Names and numbers a good answer may use that the inputs do not hold (the rep's own product terms). */
        known: z.array(z.string().min(1)).default([]),
      })
      .default({
        mustInclude: [],
        mustNotInclude: [],
        valueProposition: false,
        bookingLink: false,
        citesKit: false,
        known: [],
      }),
    /**
     * A good and a bad answer written by hand, and the checks that must score the bad one lower:
     * the harness's own test scripts the fake model with them, and an operator reading a scenario
     * sees what it is after.
     */
    samples: z
      .object({
        good: text('a good answer').min(1),
        bad: text('a bad answer').min(1),
        caughtBy: z
          .array(z.enum(CHECK_IDS))
          .min(1, 'must name the checks that catch the bad answer'),
      })
      .optional(),
  })
  .superRefine((s, ctx) => {
    if ((s.kind === 'chat' || s.kind === 'competitors') && !s.message)
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: `is needed for a ${s.kind} scenario`,
      });
    if (s.expect.citesKit && s.kit.length === 0)
      ctx.addIssue({ code: 'custom', path: ['kit'], message: 'must hold the passages to cite' });
  });
export type Scenario = z.output<typeof Scenario>;

/** Where the scenarios live. */
export const SCENARIOS_DIR = join(import.meta.dirname, 'scenarios');

/**
 * Every scenario in `dir`, in file-name order; a file that is not a valid scenario throws, naming
 * the file and each field that is wrong, and two files with one id do too.
 */
export async function loadScenarios(dir = SCENARIOS_DIR): Promise<Scenario[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).toSorted();
  const scenarios: Scenario[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const scenario = parseScenario(await readFile(join(dir, file), 'utf8'), file);
    const earlier = seen.get(scenario.id);
    if (earlier) throw new Error(`${file}: id '${scenario.id}' is already ${earlier}'s`);
    seen.set(scenario.id, file);
    scenarios.push(scenario);
  }
  return scenarios;
}

/** One scenario file's text, checked; throws naming `file` and what is wrong. */
export function parseScenario(json: string, file: string): Scenario {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (err) {
    throw new Error(`${file}: not JSON (${(err as Error).message})`, { cause: err });
  }
  const parsed = Scenario.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'the file'} ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}
