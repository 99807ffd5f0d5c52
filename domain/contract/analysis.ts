import { z } from 'zod';
import type { IdeaWorksheet } from '../drafts/ideaWorksheet';
import { groupThousands } from '../numbers';

export const IDEA_MAX_CHARS = 2000;

/** The startup idea analysis summary. */
export const StartupSummary = z.object({
  marketSize: z.object({
    tam: z.string().trim().min(1),
    sam: z.string().trim().min(1),
    som: z.string().trim().min(1),
    assumptions: z.array(z.string()).min(1),
  }),
  valueProposition: z.object({
    core: z.string().trim().min(1),
    unique: z.array(z.string()).min(1),
  }),
  pricing: z.object({
    model: z.string().trim().min(1),
    range: z.string().trim().min(1),
    strategy: z.string().trim().min(1),
  }),
  ycQuestions: z.object({
    market: z.boolean(),
    problem: z.boolean(),
    solution: z.boolean(),
    differentiation: z.boolean(),
    traction: z.boolean(),
  }),
});
export type StartupSummary = z.infer<typeof StartupSummary>;

/** POST /api/analyze-startup (guests allowed) */
export const AnalyzeStartupInput = z.object({
  idea: z
    .string({ error: 'idea is required' })
    .trim()
    .min(1, 'Describe your idea first')
    .max(IDEA_MAX_CHARS, `must be at most ${groupThousands(IDEA_MAX_CHARS)} characters`),
});
export const AnalyzeStartupResponse = z.object({
  summary: StartupSummary,
  analysisId: z.number().int(),
});
/**
 * What POST /api/analyze-startup answers: a model's analysis ({summary}, stored under an
 * id), or with no model connected the founder's worksheet (domain/drafts/ideaWorksheet.ts), built
 * from the idea alone and not stored: the same idea always gives the same worksheet.
 */
export type AnalyzeStartupResponse =
  z.infer<typeof AnalyzeStartupResponse> | { worksheet: IdeaWorksheet };

/** POST /api/guest/save-analysis: the guest's email capture, applied to the account they create. */
export const SaveAnalysisInput = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter a valid email address')),
  updates: z.boolean().default(true),
});

/** The workflow type idea analyses are saved under (Saved History, 'Ideas Analyzed'). */
export const IDEA_ANALYSIS_WORKFLOW = 'Idea analysis';
