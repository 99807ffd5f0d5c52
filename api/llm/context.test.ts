import { describe, expect, it } from 'vitest';
import { boundContext, countTextTokens, MESSAGE_OVERHEAD_TOKENS } from './context';

const system = (content: string) => ({ role: 'system' as const, content });
const user = (content: string) => ({ role: 'user' as const, content });
const assistant = (content: string) => ({ role: 'assistant' as const, content });

/** What the call sends for these messages, counted afresh: each text, its overhead, the priming. */
async function counted(messages: ReadonlyArray<{ content: string }>): Promise<number> {
  let tokens = 3;
  for (const m of messages) tokens += (await countTextTokens(m.content)) + MESSAGE_OVERHEAD_TOKENS;
  return tokens;
}

describe('boundContext', () => {
  // A prompt of many pieces, the opening shared and the end (the rep's profile) each rep's own.
  const prompt = `You are a go-to-market coach. ${'Write plainly and keep to one ask. '.repeat(60)}`;

  it('counts a system prompt the same the second time, and another rep’s ending as its own', async () => {
    const messages = [system(`${prompt}Company: Acme`), user('Draft a cold email')];
    const first = await boundContext(messages, 100_000);
    const again = await boundContext(messages, 100_000);
    expect(first.tokens).toBe(await counted(messages));
    expect(again.tokens).toBe(first.tokens);

    const other = [
      system(`${prompt}Company: Globex Corporation, logistics software for ports`),
      user('Draft a cold email'),
    ];
    const theirs = await boundContext(other, 100_000);
    expect(theirs.tokens).toBe(await counted(other));
    expect(theirs.tokens).toBeGreaterThan(first.tokens);
  });

  it('keeps the system prompt and the newest message, and the newest history that fits', async () => {
    const history = [
      user('An old question about pricing tiers and discounts for annual plans'),
      assistant('An old answer'),
      user('What about the follow-up?'),
      assistant('Send it on Tuesday'),
    ];
    const messages = [system(prompt), ...history, user('And the subject line?')];
    const all = await boundContext(messages, 100_000);
    expect(all).toMatchObject({ messages, dropped: 0 });

    const lastTwo = [system(prompt), ...history.slice(2), user('And the subject line?')];
    const bound = await counted(lastTwo);
    const cut = await boundContext(messages, bound);
    expect(cut).toEqual({ messages: lastTwo, tokens: bound, dropped: 2 });
  });
});
