import { createRoute } from '@tanstack/react-router';
import { isFlowType } from '../../domain/playbooks/tools';
import { requirePaid, requireUser } from './guards';
import { rootRoute } from './root';
import { optionalTextParams } from './search';
import { lazyScreen } from './lazyScreen';

/**
 * The open chat is in the URL (?chat=<id>), and so is a guided flow on screen (?flow=<type>), so a
 * reload or a shared tab reopens either. Nothing the rep wrote is: a reply's button that fills a
 * flow's first answer hands it over in the history entry's state (Markdown.tsx).
 */
// 'at': the message a search opened the chat on ('s<server id>' or 'c<client id>').
export const chatSearch = optionalTextParams('chat', 'flow', 'at');

export const chatRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'chat',
  validateSearch: chatSearch,
  // The guided flows are PRO tools: a free user who opens one, from the menu or a link, is
  // sent to pricing; the free chat stays open to every signed-in user.
  beforeLoad: async (args) => {
    const signedIn = await requireUser(args);
    if (isFlowType(args.search.flow)) await requirePaid(args);
    return signedIn;
  },
  component: lazyScreen(() => import('../app/ChatRoute'), 'ChatRoute'),
});
