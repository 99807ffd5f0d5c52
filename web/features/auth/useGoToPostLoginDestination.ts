import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import {
  clearPostLoginTarget,
  readPendingChatDestination,
  readPostLoginTarget,
} from './authStorage';
import { postLoginDestination } from './postLoginDestination';

/** Navigates to where a fresh login should land, spending the stored post-login target. */
export function useGoToPostLoginDestination() {
  const navigate = useNavigate();
  return useCallback(
    (redirect: string | undefined) => {
      const href = postLoginDestination({
        postLoginTarget: readPostLoginTarget(),
        pendingChat: readPendingChatDestination(),
        redirect,
      });
      clearPostLoginTarget();
      return navigate({ href, replace: true });
    },
    [navigate],
  );
}
