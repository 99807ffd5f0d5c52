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
  it('says when it goes, on the message itself, after a reload too (the time comes from the stored entry)', () => {
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

/** A GTM plan drafted on this device, with how asking the server for the real one went. */
const draft = (planDelivery: LocalMessage['planDelivery']): LocalMessage => ({
  key: 'a:plan',
  chatId: 'c1',
  role: 'assistant',
  content: '# Go-to-Market Plan\n\nDrafted from your answers',
  status: 'complete',
  sortAt: 1,
  timestamp: new Date(0).toISOString(),
  clientId: null,
  replyToKey: null,
  serverId: null,
  model: 'offline-drafter',
  touchedAt: 1,
  ...(planDelivery ? { planDelivery } : {}),
});

describe('a GTM plan drafted offline whose full plan the server did not write', () => {
  it('says under the draft why, and that it is not asked for again when refused for good', () => {
    list(
      [
        draft({
          attempts: 1,
          nextAttemptAt: Number.POSITIVE_INFINITY,
          lastError: 'This is a Pro feature. Upgrade to Pro to use it.',
          refused: true,
        }),
      ],
      new Map(),
    );
    expect(screen.getByRole('status').textContent).toBe(
      'The full plan was not written: This is a Pro feature. Upgrade to Pro to use it. This draft from your answers is the plan you have; it will not be asked for again.',
    );
  });

  it('says why and when it is asked for again while it waits out its backoff; nothing before any failure', () => {
    const at = new Date(2026, 0, 5, 14, 7).getTime();
    const { unmount } = list(
      [
        draft({
          attempts: 2,
          nextAttemptAt: at,
          lastError: 'The AI model could not answer. Please try again.',
          refused: false,
        }),
      ],
      new Map(),
    );
    expect(screen.getByRole('status').textContent).toMatch(
      /^The full plan could not be written yet: The AI model could not answer\. Please try again\. It is asked for again after (14:07|0?2:07\s?PM)\.$/i,
    );
    unmount();
    list([draft(undefined)], new Map());
    expect(screen.queryByRole('status')).toBeNull();
  });
});
