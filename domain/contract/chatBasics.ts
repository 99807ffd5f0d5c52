// What the app and the API share about chats without zod: the roles, the email edit's limits and
// which turns of a new chat's history the server takes. The web app's start imports these, not the
// schemas in chat.ts: building those when the module loads held a slow phone's main thread on every
// signed-in screen.
import { CLIENT_HISTORY_MAX_CHARS, CLIENT_HISTORY_MAX_MESSAGES } from '../limits';

export const CHAT_ROLES = ['system', 'user', 'assistant'] as const;
/** The same type as chat.ts's `Role` schema gives. */
export type ChatRole = (typeof CHAT_ROLES)[number];

/** The longest subject an edited email may have. */
export const EMAIL_SUBJECT_MAX = 200;
/** Unsourced facts an edit keeps at most, and the longest each may be. */
export const EMAIL_KEPT_FACTS_MAX = 20;
export const EMAIL_KEPT_FACT_MAX = 600;

/**
 * Who owns the history the model sees: the server. It builds every call's context from the
 * messages it stores (the last CHAT_CONTEXT_MESSAGES, cut to LLM_MAX_CONTEXT_TOKENS). A client's
 * history counts only in the send that creates a chat, and only what this picks from it: the turns
 * the app showed before the chat existed on the server (a guided flow's greeting), which the server
 * cannot know. Assistant turns only, the last few, each short; the rest is ignored, so no client
 * can write its way into the model's context or run up the bill. The client sends these and no more
 * (features/chat/engine/sendMessage.ts); the server applies the same rule to what arrives
 * (api/chats/send.ts).
 */
export function newChatContext(
  history: ReadonlyArray<{ role: ChatRole; content: string }>,
): Array<{ role: 'assistant'; content: string }> {
  return history
    .filter(
      (m): m is { role: 'assistant'; content: string } =>
        m.role === 'assistant' &&
        m.content.trim() !== '' &&
        m.content.length <= CLIENT_HISTORY_MAX_CHARS,
    )
    .slice(-CLIENT_HISTORY_MAX_MESSAGES)
    .map(({ role, content }) => ({ role, content }));
}
