import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalMessage } from '../../data/db';
import { allowanceWait } from './MessageItem';
import { MessageList } from './MessageList';

afterEach(cleanup);

const queuedMessage = (key: string, content: string): LocalMessage => ({
  key,
  chatId: 'c1',
  role: 'user',
  content,
  status: 'queued',
  sortAt: 1,
  timestamp: new Date(0).toISOString(),
  clientId: `client-${key}`,
  replyToKey: null,
  serverId: null,
  model: null,
  touchedAt: 1,
});

const ignore = () => {};

function list(messages: LocalMessage[], waitUntil: Map<string, number>) {
  return render(
    <MessageList
      messages={messages}
      deliveringElsewhere={new Set()}
      queue={{ offline: false, held: new Set(messages.map((m) => m.key)), waitUntil }}
      isLoading={false}
      onRetry={ignore}
      onDelete={ignore}
      onCopy={async () => true}
      onRegenerate={ignore}
      onSuggestion={ignore}
    />,
  );
}

describe("a send held back by the day's AI allowance", () => {
  it('trust: 2. says when it goes, on the message itself, after a reload too (the time comes from the stored entry)', () => {
    const resetsAt = Date.now() + 3 * 3600_000;
    list(
      [queuedMessage('u1', 'Pitch Freightly'), queuedMessage('u2', 'Another one')],
      new Map([['u1', resetsAt]]),
    );
    expect(screen.getByText(allowanceWait(resetsAt))).toBeTruthy();
    expect(allowanceWait(resetsAt)).toMatch(/^Allowance used · queued until \d{1,2}:\d{2}/);
    // A message queued for another reason says only 'Queued'.
    expect(screen.getAllByText('Queued')).toHaveLength(1);
  });
});
