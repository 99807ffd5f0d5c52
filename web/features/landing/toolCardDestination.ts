import { isFreeTool, type ToolType } from '../../../domain/playbooks/tools';

export interface ToolCardContext {
  signedIn: boolean;
  paid: boolean;
  tool: { title: string; type: ToolType };
}

export type ToolCardAction =
  | { kind: 'open'; to: string }
  | { kind: 'upgrade'; to: '/pricing' }
  | {
      kind: 'login';
      pending: { title: string; interviewType: ToolType };
      to: '/auth/login';
      redirect: 'pricing';
    };

/**
 * Where a paid user's card opens its tool: the cold email at /pro/email (which starts that flow),
 * the other flows at /pro/gtm-advisor with the flow started, free GTM advice as a plain chat there,
 * and competitive intelligence on its own screen.
 */
export function toolPath(type: ToolType): string {
  if (type === 'email') return '/pro/email';
  if (type === 'competitive') return '/competitive';
  if (type === 'none') return '/pro/gtm-advisor';
  return `/pro/gtm-advisor?flow=${type}`;
}

/**
 * Where a card's link leads without the app (before it has taken the landing page over): where the
 * app sends a guest, the tool named in the address instead of kept in storage (features/auth/AuthScreen.tsx).
 */
export function guestToolHref(type: ToolType): string {
  return `/auth/login?${new URLSearchParams({ redirect: 'pricing', tool: type })}`;
}

/**
 * What a click on a landing PRO card does, except that GTM Advice, the free chat, opens the chat
 * for a free user instead of pricing: a free tool never asks for payment.
 */
export function toolCardAction({ signedIn, paid, tool }: ToolCardContext): ToolCardAction {
  if (signedIn && paid) return { kind: 'open', to: toolPath(tool.type) };
  if (signedIn && isFreeTool(tool.type)) return { kind: 'open', to: '/chat' };
  if (signedIn) return { kind: 'upgrade', to: '/pricing' };
  return {
    kind: 'login',
    pending: { title: tool.title, interviewType: tool.type },
    to: '/auth/login',
    redirect: 'pricing',
  };
}

/**
 * Where a card's link leads once the app knows who is here: the tool a Pro rep opens, pricing for a
 * signed-in free rep (the free chat for GTM Advice), the guest's sign-in. The link is what a
 * long-press, a new tab or the status bar shows, so it names the same place a tap goes.
 */
export function toolCardHref(context: ToolCardContext): string {
  const action = toolCardAction(context);
  return action.kind === 'login' ? guestToolHref(context.tool.type) : action.to;
}
