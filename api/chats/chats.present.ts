import type { Chat, Message } from '../../domain/contract/chat';
import { PlaybookType } from '../../domain/playbooks/types';
import type { ChatRow, MessageRow } from './chats.sql';

export function presentChat(c: ChatRow): Chat {
  const type = PlaybookType.safeParse(c.playbook_type);
  return {
    id: c.id,
    title: c.title,
    createdAt: new Date(c.created_at).toISOString(),
    updatedAt: new Date(c.updated_at).toISOString(),
    isPlaybook: c.is_playbook === 'true',
    playbookType: type.success ? type.data : 'none',
  };
}

export function presentMessage(m: MessageRow): Message {
  return {
    id: m.id,
    chatId: m.chat_id,
    role: m.role,
    content: m.content,
    timestamp: new Date(m.timestamp).toISOString(),
    clientId: m.client_id,
    replyTo: m.reply_to,
    status: m.status,
    model: m.model,
  };
}
