import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { isFlowType } from '../../domain/playbooks/tools';
import { requirePaid, requireUser } from './guards';
import { rootRoute } from './root';
import { flowPrefill, optionalTextParams } from './search';

const chatAndFlow = optionalTextParams('chat', 'flow');

/**
 * The open chat is in the URL (?chat=<id>), and so is a guided flow on screen (?flow=<type>), so a
 * reload or a shared tab reopens either. ?prefill= fills a flow's first answer (kept only with a
 * flow; the flow takes it into its draft and drops it from the address).
 */
export function chatSearch(search: Record<string, unknown>): { chat?: string; flow?: string; prefill?: string } {
  const params = chatAndFlow(search);
  const prefill = params.flow === undefined ? undefined : flowPrefill(search.prefill);
  return prefill === undefined ? params : { ...params, prefill };
}

export const chatRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'chat',
  validateSearch: chatSearch,
  // The guided flows are PRO tools (spec §6): a free user who opens one, from the menu or a link, is
  // sent to pricing; the free chat stays open to every signed-in user.
  beforeLoad: async (args) => {
    const signedIn = await requireUser(args);
    if (isFlowType(args.search.flow)) await requirePaid(args);
    return signedIn;
  },
  component: lazyRouteComponent(() => import('../features/chat/ChatScreen'), 'ChatScreen'),
});
