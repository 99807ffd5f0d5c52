import { useEffect, useRef, useState } from 'react';
import { isRefusedForGood } from './engine/chatDelivery';
import type { LocalMessage, PitchpadDb } from '../../data/db';
import { useLiveShape } from './useLiveReplies';
import { resumeReply } from './engine/sendMessage';

const FIRST_RETRY_MS = 1000;
/** The backoff's ceiling: a server back after minutes away is noticed within about this long. */
const MAX_RETRY_MS = 30_000;

/**
 * Picks up replies the server is still writing that no stream in this tab follows: the connection
 * dropped mid-reply, the page was reloaded, or the server itself went away (killed, restarted). Each
 * is resumed by replaying its send (the server streams the stored text, then the rest; a reply its
 * last run was writing when it died comes back settled, with Regenerate), at once, then with a
 * backoff up to 30 s for as long as it takes, and at once when the browser comes back online or the
 * app becomes visible again. Only a refusal for good (a 4xx: the chat is gone) stops it. A reply
 * whose send another tab (or the service worker) is delivering right now (`deliveringElsewhere`, by
 * user message key) streams there and is left alone.
 */
export function useResumeReplies(
  db: PitchpadDb,
  messages: readonly LocalMessage[] | undefined,
  model: string | undefined,
  deliveringElsewhere: ReadonlySet<string>,
): void {
  const live = useLiveShape();
  const attempts = useRef(new Map<string, { count: number; nextAt: number; refused?: boolean }>());
  const [, setWakeUp] = useState(0);

  useEffect(() => {
    // Hints that the server may be back: try the waiting ones now rather than at their backoff.
    const tryNow = () => {
      attempts.current.forEach((attempt) => (attempt.nextAt = 0));
      setWakeUp((n) => n + 1);
    };
    const handleVisibility = () => {
      if (document.visibilityState === 'visible') tryNow();
    };
    window.addEventListener('online', tryNow);
    document.addEventListener('visibilitychange', handleVisibility);
    return () => {
      window.removeEventListener('online', tryNow);
      document.removeEventListener('visibilitychange', handleVisibility);
    };
  }, []);

  // Runs after every render: the loop is cheap, and every trigger re-renders (new messages, a stream
  // ending, `wakeUp` after a backoff or when the browser comes back online).
  useEffect(() => {
    if (!messages || !navigator.onLine) return;
    const now = Date.now();
    let soonest = Infinity;
    for (const reply of messages) {
      if (reply.role !== 'assistant' || reply.status !== 'streaming' || live.has(reply.key))
        continue;
      if (reply.replyToKey && deliveringElsewhere.has(reply.replyToKey)) continue;
      const attempt = attempts.current.get(reply.key) ?? { count: 0, nextAt: 0 };
      if (attempt.refused) continue;
      if (attempt.nextAt > now) {
        soonest = Math.min(soonest, attempt.nextAt);
        continue;
      }
      attempt.count += 1;
      attempt.nextAt =
        now + Math.min(FIRST_RETRY_MS * 2 ** Math.min(attempt.count - 1, 16), MAX_RETRY_MS);
      attempts.current.set(reply.key, attempt);
      void resumeReply(db, reply, model).then((outcome) => {
        if (outcome.kind === 'not-sent' && isRefusedForGood(outcome.error)) attempt.refused = true;
        else if (outcome.kind !== 'interrupted' && outcome.kind !== 'not-sent')
          attempts.current.delete(reply.key);
        setWakeUp((n) => n + 1);
      });
    }
    if (soonest === Infinity) return;
    const timer = setTimeout(() => setWakeUp((n) => n + 1), soonest - now);
    return () => clearTimeout(timer);
  });
}
