import type { Chat, Message } from '../../domain/contract/chat';
import { playbookTypeOf, type ChatRow, type MessageRow } from './chats.sql';

export function presentChat(c: ChatRow): Chat {
  return {
    id: c.id,
    title: c.title,
    createdAt: new Date(c.created_at).toISOString(),
    updatedAt: new Date(c.updated_at).toISOString(),
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
    content: m.status === 'streaming' && m.content === '' && m.kept_content ? m.kept_content : m.content,
    timestamp: new Date(m.timestamp).toISOString(),
    clientId: m.client_id,
    replyTo: m.reply_to,
    status: m.status,
    model: m.model,
  };
}
