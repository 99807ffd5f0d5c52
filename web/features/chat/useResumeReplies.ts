import { useEffect, useRef, useState } from 'react';
import type { LocalMessage, PitchpadDb } from '../../data/db';
import { useLiveReplies } from './useLiveReplies';
import { resumeReply } from './sendMessage';

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
const MAX_ATTEMPTS = 8;

/**
 * Picks up replies the server is still writing that no stream in this tab follows: the connection
 * dropped mid-reply, or the page was reloaded. Each is resumed by replaying its send (the server
 * streams the stored text, then the rest), at once, then with backoff, and again when the browser
 * comes back online. A reply whose send another tab (or the service worker) is delivering right now
 * (`deliveringElsewhere`, by user message key) streams there and is left alone.
 */
export function useResumeReplies(db: PitchpadDb, messages: readonly LocalMessage[] | undefined, model: string | undefined, deliveringElsewhere: ReadonlySet<string>): void {
  const live = useLiveReplies();
  const attempts = useRef(new Map<string, { count: number; nextAt: number }>());
  const [, setWakeUp] = useState(0);

  useEffect(() => {
    const handleOnline = () => {
      attempts.current.forEach((attempt) => (attempt.nextAt = 0));
      setWakeUp((n) => n + 1);
    };
    window.addEventListener('online', handleOnline);
    return () => window.removeEventListener('online', handleOnline);
  }, []);

  // Runs after every render: the loop is cheap, and every trigger re-renders (new messages, a stream
  // ending, `wakeUp` after a backoff or when the browser comes back online).
  useEffect(() => {
    if (!messages || !navigator.onLine) return;
    const now = Date.now();
    let soonest = Infinity;
    for (const reply of messages) {
      if (reply.role !== 'assistant' || reply.status !== 'streaming' || live.has(reply.key)) continue;
      if (reply.replyToKey && deliveringElsewhere.has(reply.replyToKey)) continue;
      const attempt = attempts.current.get(reply.key) ?? { count: 0, nextAt: 0 };
      if (attempt.count >= MAX_ATTEMPTS) continue;
      if (attempt.nextAt > now) {
        soonest = Math.min(soonest, attempt.nextAt);
        continue;
      }
      attempt.count += 1;
      attempt.nextAt = now + Math.min(FIRST_RETRY_MS * 2 ** (attempt.count - 1), MAX_RETRY_MS);
      attempts.current.set(reply.key, attempt);
      void resumeReply(db, reply, model).then((outcome) => {
        if (outcome.kind !== 'interrupted' && outcome.kind !== 'not-sent') attempts.current.delete(reply.key);
        setWakeUp((n) => n + 1);
      });
    }
    if (soonest === Infinity) return;
    const timer = setTimeout(() => setWakeUp((n) => n + 1), soonest - now);
    return () => clearTimeout(timer);
  });
}
