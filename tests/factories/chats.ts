import { randomUUID } from 'node:crypto';
import type { TestClient } from '../support/client';

/** A send as the app makes it: a new user message with fresh chat and message ids. */
export function buildSend(content: string, overrides: Record<string, unknown> = {}) {
  return {
    chatId: randomUUID(),
    clientMessageId: randomUUID(),
    messages: [{ role: 'user', content }],
    ...overrides,
  };
}

/** Poll until `check` answers something truthy (the server finishing work a client left behind). */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Spends a rep's day of AI allowance on one long question (about 2,000 tokens each way), from
 * `client`: for a test server whose daily allowance is as small (LLM_DAILY_TOKENS_FREE).
 */
export async function spendAllowance(client: TestClient): Promise<void> {
  const res = await client.post(
    '/api/chat',
    buildSend('The quick brown fox jumps over the lazy dog. '.repeat(200)),
  );
  if (res.status !== 200) throw new Error(`the long question was refused: ${res.status}`);
}
