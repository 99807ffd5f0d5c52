import type { Chat, Message } from '../../domain/contract/chat';
import { playbookTypeOf, type ChatListRow, type ChatRow, type MessageRow } from './chats.sql';

/** A timestamp as the API sends it; the chat list's arrive from Postgres already written so. */
function isoTime(t: Date | string): string {
  return typeof t === 'string' ? t : t.toISOString();
}

export function presentChat(c: ChatRow | ChatListRow): Chat {
  return {
    id: c.id,
    title: c.title,
    createdAt: isoTime(c.created_at),
    updatedAt: isoTime(c.updated_at),
    isPlaybook: c.is_playbook === 'true',
    playbookType: playbookTypeOf(c),
  };
}

export function presentMessage(m: MessageRow): Message {
  return {
    id: m.id,
    chatId: m.chat_id,
    role: m.role,
    // A regenerate with no words yet: the answer it may replace is still the one to read.
    content:
      m.status === 'streaming' && m.content === '' && m.kept_content ? m.kept_content : m.content,
    timestamp: new Date(m.timestamp).toISOString(),
    clientId: m.client_id,
    replyTo: m.reply_to,
    status: m.status,
    model: m.model,
    emailEdit: m.email_edit
      ? {
          subject: m.email_edit.subject,
          body: m.email_edit.body,
          editedAt: m.email_edit.editedAt,
          ...(m.email_edit.kept?.length ? { kept: m.email_edit.kept } : {}),
        }
      : null,
    ...(m.sources?.length
      ? {
          sources: m.sources.map((s) => ({
            passageId: s.passageId,
            fileName: s.fileName,
            page: s.page,
            ...(s.research ? { research: s.research } : {}),
          })),
        }
      : {}),
  };
}
