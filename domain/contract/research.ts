// Research with sources: a company or a person looked up on the web, every claim citing the pages
// it comes from. Shared by the API (which validates with these schemas) and the web app.
import { z } from 'zod';
import { RESEARCH_QUESTION_MAX, RESEARCH_SUBJECT_MAX } from './researchBasics';

export { RESEARCH_QUESTION_MAX, RESEARCH_SUBJECT_MAX, subjectKey } from './researchBasics';

/** POST /api/research */
export const ResearchInput = z.object({
  subject: z
    .string({ error: 'Say who or what to research: a company or a person.' })
    .trim()
    .min(2, 'Say who or what to research: a company or a person.')
    .max(
      RESEARCH_SUBJECT_MAX,
      `What to research has at most ${RESEARCH_SUBJECT_MAX} characters: a company or a person.`,
    ),
  question: z
    .string()
    .trim()
    .max(RESEARCH_QUESTION_MAX, `The question has at most ${RESEARCH_QUESTION_MAX} characters.`)
    .optional(),
  /** Search again even when this subject was researched before. */
  refresh: z.boolean().optional(),
});
export type ResearchInput = z.input<typeof ResearchInput>;

/** A page a research read: what [n] links to. */
export const ResearchSource = z.object({
  n: z.number().int().positive(),
  url: z.string(),
  title: z.string(),
  /** The site's name or its host ('Freightly', 'techcrunch.com'). */
  site: z.string(),
  /** When the page was read (ISO). */
  readAt: z.string(),
  publishedAt: z.string().nullable(),
  /** The passages of the page the answer was written from (bounded): what opens offline. */
  excerpt: z.string(),
});
export type ResearchSource = z.infer<typeof ResearchSource>;

/** One sentence of the answer and the sources it cites (never none: those go to `unconfirmed`). */
export const ResearchClaim = z.object({
  text: z.string(),
  sources: z.array(z.number().int().positive()).min(1),
});
export type ResearchClaim = z.infer<typeof ResearchClaim>;

/** GET /api/research/:id, and POST's answer. */
export const Research = z.object({
  id: z.string(),
  subject: z.string(),
  question: z.string().nullable(),
  claims: z.array(ResearchClaim),
  /** What the model said that no source read supports, and what it looked for and did not find. */
  unconfirmed: z.array(z.string()),
  sources: z.array(ResearchSource),
  /** What could not be read and why ('techcrunch.com did not answer in 8 s'). */
  notes: z.array(z.string()),
  /** False: no model was there, and the pages found are listed with their passages, unsummarised. */
  madeWithModel: z.boolean(),
  madeAt: z.string(),
});
export type Research = z.infer<typeof Research>;

/** GET /api/research: the rep's research, newest first, without the sources' text. */
export const ResearchSummary = Research.pick({ id: true, subject: true, madeAt: true }).extend({
  sourceCount: z.number().int(),
});
export type ResearchSummary = z.infer<typeof ResearchSummary>;
