/**
 * Flow mode in the chat workspace: which guided flow is on screen, from the URL (`?flow=<type>`), so
 * a reload, a shared link or a landing card reopens it. /pro/email with no chat open is the cold
 * email tool, so it starts that flow.
 */
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { FlowType } from '../../../domain/playbooks';
import { isFlowType } from '../../../domain/playbooks/tools';

export function useFlowMode() {
  const search: { chat?: string; flow?: string } = useSearch({ strict: false });
  const pathname = useLocation({ select: (location) => location.pathname });
  const navigate = useNavigate();
  const flow: FlowType | null = isFlowType(search.flow)
    ? search.flow
    : pathname === '/pro/email' && !search.chat
      ? 'email'
      : null;

  /** Open a flow (where it was left, if it was started before). */
  const startFlow = useCallback(
    (type: FlowType) => void navigate({ to: '.', search: { flow: type } }),
    [navigate],
  );

  return { flow, startFlow };
}
