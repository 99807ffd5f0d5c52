/**
 * What 'Share this chat' shares: the whole chat, once the server holds it and a reply of it, with
 * the phone's copy of what the server's copy holds (its messages and finished replies) for the files
 * made here with no signal.
 */
import { chatMarkdown } from '../../../domain/exports/files';
import { withoutCitations } from '../../../domain/research/citations';
import type { LocalMessage } from '../../data/db';
import type { ShareTarget } from './ShareLinkSheet';

export function chatShareTarget(
  chatId: string | undefined,
  title: string,
  synced: boolean | undefined,
  messages: readonly LocalMessage[] | undefined,
): ShareTarget | null {
  if (!chatId || !synced || !messages) return null;
  const stored = messages.filter(
    (m) =>
      m.content.trim() !== '' &&
      (m.role === 'user'
        ? m.serverId !== null
        : m.role === 'assistant' && (m.status === 'complete' || m.status === 'partial')),
  );
  if (!stored.some((m) => m.role === 'assistant')) return null;
  const content = chatMarkdown(
    stored.map((m) => ({ role: m.role, content: withoutCitations(m.content) })),
  );
  return { chatId, title, local: { title, content, emailSubject: null } };
}
