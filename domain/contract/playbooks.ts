import { z } from 'zod';
import {
  CHAT_TITLE_STORE_MAX,
  MESSAGE_MAX_CHARS,
  WORKFLOW_NAME_MAX,
  WORKFLOW_RESULT_MAX_CHARS,
} from '../limits';
import { ChatWithMessages, Uuid } from './chat';

const text = z.string().trim().min(1);

/** The GTM plan the model returns. */
export const GtmPlan = z.object({
  executiveSummary: text,
  marketAnalysis: z.object({
    targetMarket: text,
    competitiveLandscape: text,
    marketOpportunity: z.object({ tam: text, sam: text, som: text }),
  }),
  gtmStrategy: z.object({
    valueProposition: text,
    pricingStrategy: text,
    channelStrategy: text,
    salesProcess: text,
    marketingPlan: text,
  }),
  executionTimeline: text,
  financialProjections: text,
  keyMetrics: z.array(text).min(1),
  risksAndMitigation: text,
});
export type GtmPlan = z.infer<typeof GtmPlan>;

/** POST /api/generate-gtm-plan */
export const GtmPlanInput = z.object({
  startupInfo: z
    .string({ error: 'startupInfo is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(MESSAGE_MAX_CHARS),
  /** The answers by question id: lets the offline drafter compose the plan when no model is set. */
  answers: z.record(z.string(), z.string().max(MESSAGE_MAX_CHARS)).optional(),
  /**
   * A new chat (client-generated id) to keep the plan in, as its assistant message, so the plan
   * follows the user to every device. Without it the plan is only answered.
   */
  chatId: Uuid.optional(),
  /** That chat's title (the workflow's name). */
  title: z.string().trim().min(1, 'must not be empty').max(CHAT_TITLE_STORE_MAX).optional(),
});
export const GtmPlanResponse = z.object({
  plan: GtmPlan,
  source: z.enum(['model', 'offline-drafter']),
  /** The chat the plan was stored in, when the request named one. */
  chat: ChatWithMessages.optional(),
});
export type GtmPlanResponse = z.infer<typeof GtmPlanResponse>;

/** A score cell of the comparison matrix: 0 to 10, with notes. */
export const Score = z.object({ score: z.number().min(0).max(10), notes: z.string().default('') });

/** The competitor analysis result. */
export const CompetitorAnalysis = z.object({
  topic: text,
  summary: z.string().default(''),
  competitors: z
    .array(
      z.object({
        name: text,
        logo_url: z.string().default(''),
        description: z.string().default(''),
        strengths: z.array(z.string()).default([]),
        weaknesses: z.array(z.string()).default([]),
        pricing: z.string().default(''),
        target_customers: z.string().default(''),
      }),
    )
    .min(1),
  /** One row per category; besides category and description, one key per competitor name. */
  comparison_matrix: z
    .array(z.looseObject({ category: text, description: z.string().default('') }))
    .default([]),
  insights: z.array(z.string()).default([]),
});
export type CompetitorAnalysis = z.infer<typeof CompetitorAnalysis>;

/** POST /api/competitor-analysis */
export const CompetitorAnalysisInput = z.object({
  productDescription: z
    .string({ error: 'productDescription is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(4000, 'must be at most 4,000 characters'),
});

/**
 * A path on this site. `//host` and `/\host` are protocol-relative URLs to another site, and
 * browsers drop tabs and newlines from URLs, so '/\t/host' is one too.
 */
const SAME_SITE_PATH = /^\/(?![/\\])[^\p{Cc}]*$/u;

/** Saved workflow history, kept on the server so it follows the user to another device. */
export const WorkflowInput = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{21}$/, 'must be a 21-character id'),
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(WORKFLOW_NAME_MAX),
  workflowType: z.string().trim().min(1, 'must not be empty').max(100),
  date: z.iso.datetime({ offset: true, error: 'must be an ISO date' }).optional(),
  path: z.string().max(500).regex(SAME_SITE_PATH, 'must be an app path').default('/chat'),
  /** What the workflow produced, when no chat holds it (a competitor analysis as JSON). */
  result: z
    .string()
    .max(WORKFLOW_RESULT_MAX_CHARS, `must be at most ${WORKFLOW_RESULT_MAX_CHARS} characters`)
    .optional(),
});
export const RenameWorkflowInput = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(WORKFLOW_NAME_MAX),
});
export const Workflow = z.object({
  id: z.string(),
  name: z.string(),
  workflowType: z.string(),
  date: z.string(),
  path: z.string(),
});
export type Workflow = z.infer<typeof Workflow>;
/** GET /api/workflows/{id}: the item with what it produced (the list leaves that out: it can be long). */
export const WorkflowWithResult = Workflow.extend({ result: z.string().nullable() });
export type WorkflowWithResult = z.infer<typeof WorkflowWithResult>;
