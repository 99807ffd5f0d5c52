// The model calls the Pro tools make outside the chat, as the server sends them and as `npm run
// eval` replays them: the system prompt with the rep's profile after it, the rep's words, and the
// sampling settings. One place, so what is measured is what runs.
import type { LlmParams } from '../contract/chat';
import { withContextBlocks } from '../profile/promptBlock';
import { COMPETITOR_ANALYSIS_INSTRUCTIONS } from './competitive';
import { GTM_PLAN_INSTRUCTIONS } from './gtmPlan';
import { PROMPT_VERSIONS, SYSTEM_PROMPTS, systemPromptFor } from './systemPrompts';

export interface ModelCall {
  messages: Array<{ role: 'system' | 'user' | 'assistant'; content: string }>;
  params: Omit<LlmParams, 'provider' | 'model'>;
  /** The answer must be one JSON object. */
  json?: boolean;
  /** The version of the prompt the call is written with (recorded by the eval). */
  promptVersion: string;
}

/** A document as JSON: steady, long enough for a plan or a matrix. */
const JSON_PARAMS = {
  temperature: 0.4,
  max_tokens: 4096,
  top_p: 1,
  frequency_penalty: 0,
  presence_penalty: 0,
};

/** The value proposition flow's first step: a few options to pick from, short and varied. */
export function valuePropsCall(prompt: string, profileBlock: string): ModelCall {
  return {
    promptVersion: `value-props-1+${PROMPT_VERSIONS.playbook}`,
    params: {
      temperature: 0.8,
      max_tokens: 300,
      top_p: 1,
      frequency_penalty: 0,
      presence_penalty: 0,
    },
    messages: [
      { role: 'system', content: withContextBlocks(systemPromptFor('playbook'), profileBlock) },
      { role: 'user', content: prompt },
    ],
  };
}

/** The GTM plan as one JSON document, from the founder's answers as startup info. */
export function gtmPlanCall(startupInfo: string, profileBlock: string): ModelCall {
  return {
    promptVersion: `${PROMPT_VERSIONS.gtmplan}+plan-json-1`,
    params: JSON_PARAMS,
    json: true,
    messages: [
      {
        role: 'system',
        content: withContextBlocks(
          `${SYSTEM_PROMPTS.gtmplan}\n\n${GTM_PLAN_INSTRUCTIONS}`,
          profileBlock,
        ),
      },
      { role: 'user', content: startupInfo },
    ],
  };
}

/** Competitive intelligence: the matrix as JSON, streamed, for the product described. */
export function competitorAnalysisCall(
  productDescription: string,
  profileBlock: string,
): ModelCall {
  return {
    promptVersion: 'competitors-1',
    params: JSON_PARAMS,
    json: true,
    messages: [
      {
        role: 'system',
        content: withContextBlocks(COMPETITOR_ANALYSIS_INSTRUCTIONS, profileBlock),
      },
      { role: 'user', content: productDescription },
    ],
  };
}
