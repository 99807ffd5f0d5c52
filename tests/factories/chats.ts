import { randomUUID } from 'node:crypto';

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
