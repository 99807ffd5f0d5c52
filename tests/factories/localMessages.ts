import { randomUUID } from 'node:crypto';
import { userMessageKey } from '../../web/data/chatMerge';
import type { LocalChat, LocalMessage } from '../../web/data/db';
import { uuidv7 } from '../../web/data/ids';

/**
 * An email reply as a phone's database holds it once the server stored it: the model's answer to
 * the user message `u:c1`, id 7 on the server, in a chat of its own. `overrides` changes any field.
 */
export function buildLocalReply(overrides: Partial<LocalMessage> = {}): LocalMessage {
  return {
    key: 'r:c1',
    chatId: randomUUID(),
    role: 'assistant',
    content: '**Subject:** Hi\n\nBody',
    status: 'complete',
    sortAt: 1,
    timestamp: new Date(0).toISOString(),
    clientId: null,
    replyToKey: 'u:c1',
    serverId: 7,
    model: 'gpt-4o',
    touchedAt: 0,
    ...overrides,
  };
}

/** The cold email to Dana's chat as a phone's database holds it once synced; `overrides` changes any field. */
export function buildLocalEmailChat(overrides: Partial<LocalChat> = {}): LocalChat {
  return {
    id: 'chat-1',
    title: 'Cold Email to Dana',
    createdAt: 'x',
    updatedAt: 'x',
    isPlaybook: true,
    playbookType: 'email',
    synced: true,
    touchedAt: 1,
    ...overrides,
  };
}

/**
 * A message the rep typed in `chatId` that the server has not stored yet (queued), as a phone's
 * database holds it. `overrides` changes any field.
 */
export function buildLocalUserMessage(
  chatId: string,
  overrides: Partial<LocalMessage> = {},
): LocalMessage {
  const clientId = uuidv7();
  return {
    key: userMessageKey(clientId),
    chatId,
    role: 'user',
    content: 'x',
    status: 'queued',
    sortAt: Date.now(),
    timestamp: '',
    clientId,
    replyToKey: null,
    serverId: null,
    model: null,
    touchedAt: 0,
    ...overrides,
  };
}
