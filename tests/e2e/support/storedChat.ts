import { expect, type APIRequestContext } from '@playwright/test';
import type { Message } from '../../../domain/contract/chat';

/** The messages the server stores in a chat, asked with `request`'s cookies (a page's: `page.request`). */
export async function storedMessages(
  request: APIRequestContext,
  chatId: string,
): Promise<Message[]> {
  const res = await request.get(`/api/chats/${chatId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { messages: Message[] }).messages;
}
