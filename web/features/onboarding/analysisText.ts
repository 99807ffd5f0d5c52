/** The analysis as words: YC checklist labels, the text shared with a co-founder, the chat prompt and the error wording. */
import type { StartupSummary } from '../../../domain/contract/analysis';
import { PRODUCT_NAME } from '../../../domain/limits';
import { ApiError, OfflineError } from '../../data/api';

export const ANALYSIS_FAILED = {
  header: 'Analysis failed',
  message: "We couldn't analyze your startup idea. Please try again.",
} as const;

type YcKey = keyof StartupSummary['ycQuestions'];

/** The five YC questions of the checklist, in the order they are shown. */
export const YC_CHECKS: ReadonlyArray<{ key: YcKey; label: string; question: string }> = [
  { key: 'market', label: 'Market', question: 'Is the market big enough, and growing?' },
  { key: 'problem', label: 'Problem', question: 'Is there a real, painful problem?' },
  { key: 'solution', label: 'Solution', question: 'Does the solution clearly solve it?' },
  {
    key: 'differentiation',
    label: 'Differentiation',
    question: 'Is it clearly better than the alternatives?',
  },
  { key: 'traction', label: 'Traction', question: 'Is there evidence that people want it?' },
];

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * The 'Analysis failed' description: the server's message, else its detail, error or first
 * errors[].message, else a default; a lost connection in the client's words.
 */
export function analysisFailureMessage(error: unknown): string {
  if (error instanceof OfflineError) return error.message;
  if (error instanceof ApiError && typeof error.data === 'object' && error.data !== null) {
    const data = error.data as {
      message?: unknown;
      detail?: unknown;
      error?: unknown;
      errors?: unknown;
    };
    const firstError: unknown = Array.isArray(data.errors)
      ? (data.errors[0] as { message?: unknown } | undefined)?.message
      : undefined;
    return (
      text(data.message) ??
      text(data.detail) ??
      text(data.error) ??
      text(firstError) ??
      ANALYSIS_FAILED.message
    );
  }
  return ANALYSIS_FAILED.message;
}

/** How many of the five YC questions the idea answers. */
export function ycScore(summary: StartupSummary): number {
  return YC_CHECKS.filter((check) => summary.ycQuestions[check.key]).length;
}

/** The summary 'Share with co-founder' copies: plain text that reads well in any messenger. */
export function shareText(idea: string, summary: StartupSummary): string {
  const { marketSize, valueProposition, pricing } = summary;
  return [
    `Startup idea: ${idea}`,
    '',
    'MARKET SIZE',
    `• TAM: ${marketSize.tam}`,
    `• SAM: ${marketSize.sam}`,
    `• SOM: ${marketSize.som}`,
    `Assumptions: ${marketSize.assumptions.join('; ')}`,
    '',
    'VALUE PROPOSITION',
    valueProposition.core,
    ...valueProposition.unique.map((point) => `• ${point}`),
    '',
    'PRICING',
    `Model: ${pricing.model}`,
    `Range: ${pricing.range}`,
    `Strategy: ${pricing.strategy}`,
    '',
    `YC CHECKLIST (${ycScore(summary)}/${YC_CHECKS.length})`,
    ...YC_CHECKS.map((check) => `${summary.ycQuestions[check.key] ? '✓' : '✗'} ${check.label}`),
    '',
    `Analyzed with ${PRODUCT_NAME}`,
  ].join('\n');
}

/** The first message of the chat 'Explore deeper analysis' opens: the idea and its figures, and what to do next. */
export function deeperAnalysisPrompt(idea: string, summary: StartupSummary): string {
  const open = YC_CHECKS.filter((check) => !summary.ycQuestions[check.key]).map((check) =>
    check.label.toLowerCase(),
  );
  return [
    `I analyzed my startup idea: "${idea}".`,
    `Market size: TAM ${summary.marketSize.tam}, SAM ${summary.marketSize.sam}, SOM ${summary.marketSize.som}.`,
    `Value proposition: ${summary.valueProposition.core}`,
    `Pricing: ${summary.pricing.model}, ${summary.pricing.range}.`,
    open.length > 0
      ? `It does not yet convince on ${open.join(', ')}. Help me strengthen those, then suggest my first go-to-market steps.`
      : 'Help me turn this into my first go-to-market steps.',
  ].join('\n');
}
