/**
 * What 'Share this chat' shares: the whole chat, once the server holds it and a reply of it, with
 * the phone's copy of what the server's copy holds (its messages and finished replies) for the files
 * made here with no signal.
 */
import { chatMarkdown } from '../../../domain/exports/files';
import { withoutCitations } from '../../../domain/research/citations';
import type { LocalMessage } from '../../data/db';
import type { ShareTarget } from './ShareLinkSheet';

/** A message the server's copy of the chat holds: the rep's, or a reply written whole or in part. */
const isStored = (m: LocalMessage) =>
  m.content.trim() !== '' &&
  (m.role === 'user'
    ? m.serverId !== null
    : m.role === 'assistant' && (m.status === 'complete' || m.status === 'partial'));

/** Whether 'Share this chat' has something to share: the server holds the chat and a reply of it. */
export const canShareChat = (
  chatId: string | undefined,
  synced: boolean | undefined,
  messages: readonly LocalMessage[] | undefined,
): chatId is string =>
  chatId !== undefined &&
  synced === true &&
  (messages ?? []).some((m) => m.role === 'assistant' && isStored(m));

/** The whole chat to share, with the phone's copy of it: made when the sheet opens, not before. */
export function chatShareTarget(
  chatId: string | undefined,
  title: string,
  synced: boolean | undefined,
  messages: readonly LocalMessage[] | undefined,
): ShareTarget | null {
  if (!canShareChat(chatId, synced, messages)) return null;
  const stored = (messages ?? []).filter(isStored);
  const content = chatMarkdown(
    stored.map((m) => ({ role: m.role, content: withoutCitations(m.content) })),
  );
  return { chatId, title, local: { title, content, emailSubject: null } };
}
