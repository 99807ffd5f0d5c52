import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { chatSearch } from './chat';
import { requireUser } from './guards';
import { rootRoute } from './root';

// The PRO tools' chat workspace (spec §2). Guarded like /chat for now: the paid-plan gate (guests to
// /auth?redirect=pricing, free users to /pricing) comes with the Pro issue.
const proChat = (path: 'pro/email' | 'pro/gtm-advisor') =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    validateSearch: chatSearch,
    beforeLoad: (args) => requireUser(args),
    component: lazyRouteComponent(() => import('../features/chat/ChatScreen'), 'ChatScreen'),
  });

export const proEmailRoute = proChat('pro/email');
export const proGtmAdvisorRoute = proChat('pro/gtm-advisor');
