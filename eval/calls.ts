// The model call a scenario makes, built by the app's own code: the system prompt with the rep's
// profile block and kit excerpts (as the chat send writes them), the flow's greeting and its
// prompt from the answers, and the sampling settings the app uses. Nothing here writes a prompt.
import { LLM_DEFAULTS } from '../domain/limits';
import { FLOWS, type FlowType } from '../domain/playbooks';
import { buildStartupInfo } from '../domain/playbooks/gtmPlan';
import {
  competitorAnalysisCall,
  gtmPlanCall,
  valuePropsCall,
  type ModelCall,
} from '../domain/playbooks/modelCalls';
import { PROMPT_VERSIONS, systemPromptFor } from '../domain/playbooks/systemPrompts';
import { buildValuePropsPrompt } from '../domain/playbooks/valueProposition';
import { kitPromptBlock } from '../domain/profile/promptBlock';
import { replySystemPrompt } from '../api/chats/send';
import { profileBlockOf } from '../api/profile/profileBlock';
import type { Scenario } from './scenario';

/** The chat's own sampling: what a send without settings of its own gets. */
const CHAT_PARAMS = {
  temperature: LLM_DEFAULTS.temperature,
  max_tokens: LLM_DEFAULTS.max_tokens,
  top_p: LLM_DEFAULTS.top_p,
  frequency_penalty: LLM_DEFAULTS.frequency_penalty,
  presence_penalty: LLM_DEFAULTS.presence_penalty,
};

/** The call the app makes for `scenario`, with the version of the prompt it is written with. */
export async function scenarioCall(scenario: Scenario): Promise<ModelCall> {
  const profile = await profileBlockOf(scenario.profile);
  switch (scenario.kind) {
    case 'valueprops':
      return valuePropsCall(buildValuePropsPrompt(scenario.answers), profile);
    case 'gtmplan':
      return gtmPlanCall(buildStartupInfo(scenario.answers), profile);
    case 'competitors':
      return competitorAnalysisCall(scenario.message!, profile);
    default:
      return chatCall(scenario, profile);
  }
}

/**
 * A chat send: a free message, or a flow finished with its answers, sent to a new chat (the flow's
 * greeting is drawn on the phone, never stored or sent). The kit's passages are the ones the search
 * would have found, numbered in the order given; a scenario has no web research, so none is added.
 */
function chatCall(scenario: Scenario, profile: string): ModelCall {
  const type = scenario.kind === 'chat' ? 'none' : (scenario.kind as FlowType);
  const flow = type === 'none' ? undefined : FLOWS[type];
  const system = replySystemPrompt(systemPromptFor(type), {
    profile,
    kit: { block: kitPromptBlock(scenario.kit), sources: [] },
    values: scenario.profile,
    passages: [],
  });
  const content = flow ? flow.buildPrompt(scenario.answers) : scenario.message!;
  return {
    promptVersion: PROMPT_VERSIONS[type],
    params: CHAT_PARAMS,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content },
    ],
  };
}
