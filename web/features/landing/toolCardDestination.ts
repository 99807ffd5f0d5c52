import type { ToolType } from '../../../domain/playbooks/tools';

export interface ToolCardContext {
  signedIn: boolean;
  paid: boolean;
  tool: { title: string; type: ToolType };
}

export type ToolCardAction =
  | { kind: 'open'; to: '/pro/email' | '/pro/gtm-advisor' }
  | { kind: 'upgrade'; to: '/pricing' }
  | { kind: 'login'; pending: { title: string; interviewType: ToolType }; to: '/auth/login'; redirect: 'pricing' };

/** What a click on a landing PRO card does (spec §4 'Landing card click'). */
export function toolCardAction({ signedIn, paid, tool }: ToolCardContext): ToolCardAction {
  if (signedIn && paid) return { kind: 'open', to: tool.type === 'email' ? '/pro/email' : '/pro/gtm-advisor' };
  if (signedIn) return { kind: 'upgrade', to: '/pricing' };
  return { kind: 'login', pending: { title: tool.title, interviewType: tool.type }, to: '/auth/login', redirect: 'pricing' };
}
