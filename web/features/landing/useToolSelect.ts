import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { LANDING_TOOLS } from '../../../domain/playbooks/tools';
import { loadPlanAccess } from '../auth/auth.queries';
import { savePendingChatDestination } from '../auth/authStorage';
import { toolCardAction } from './toolCardDestination';

/** What a tap on a PRO tool card does, for the landing and /pro. */
export function useToolSelect(): (tool: (typeof LANDING_TOOLS)[number]) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (tool) => {
      // Wait for the session lookup rather than treating a still-loading user as a guest; a cached
      // 'no Pro' is asked again, so an account granted Pro a moment ago opens the tool.
      const access = await loadPlanAccess(queryClient);
      const action = toolCardAction({
        signedIn: access !== 'guest',
        paid: access === 'paid',
        tool,
      });
      if (action.kind === 'login') {
        savePendingChatDestination(action.pending);
        await navigate({
          to: '/auth/$tab',
          params: { tab: 'login' },
          search: { redirect: action.redirect },
        });
      } else {
        await navigate({ href: action.to });
      }
    },
    [navigate, queryClient],
  );
}
