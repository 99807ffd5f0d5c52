/**
 * What other screens leave for the chat in browser storage: a message to send and a
 * landing tool picked before login.
 */
import { useEffect, useRef, useState } from 'react';
import { StorageKey, readString, removeKey } from '../../data/storage';
import type { FlowType } from '../../../domain/playbooks';
import { takePendingChatDestination } from '../auth/authStorage';
import { isFlowType } from '../../../domain/playbooks/tools';

/** Delay before a pending message is sent, once the chat is not loading. */
export const PENDING_MESSAGE_DELAY_MS = 100;

/** The pending message, read once on load so it can fill the input. */
export function useInitialPendingMessage(): string {
  const [message] = useState(() => readString(StorageKey.pendingMessage) ?? '');
  return message;
}

/** Sends the pending message about 100 ms after the chat is ready and not loading, then removes it. */
export function useSendPendingMessage(
  message: string,
  isReady: boolean,
  isLoading: boolean,
  send: (text: string) => void,
): void {
  const sent = useRef(false);
  useEffect(() => {
    if (!message.trim() || sent.current || !isReady || isLoading) return;
    const timer = setTimeout(() => {
      sent.current = true;
      removeKey(StorageKey.pendingMessage);
      send(message);
    }, PENDING_MESSAGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [message, isReady, isLoading, send]);
}

/**
 * A landing tool picked before login, once (the value is spent): a guided flow opens that flow,
 * competitive intelligence its screen, free advice a new chat with the tool's title.
 */
export function usePendingChatDestination(
  startNewChat: (title?: string) => unknown,
  open?: { flow: (type: FlowType) => void; competitive: () => void },
): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const destination = takePendingChatDestination();
    if (!destination) return;
    if (open && isFlowType(destination.interviewType)) open.flow(destination.interviewType);
    else if (open && destination.interviewType === 'competitive') open.competitive();
    else startNewChat(destination.title);
  }, [startNewChat, open]);
}
