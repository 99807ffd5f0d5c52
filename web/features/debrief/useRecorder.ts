import { useEffect, useRef, useState } from 'react';
import type { PitchpadDb, TranscriptTarget } from '../../data/db';
import { useWakeLock } from '../../ui/useWakeLock';
import {
  RecorderError,
  startRecorder,
  type RecorderProblem,
  type RecorderSession,
  type StopReason,
} from './recorder';

export type RecorderView =
  | { phase: 'idle' }
  /** The browser is asking the rep for the microphone. */
  | { phase: 'asking' }
  | { phase: 'recording'; id: string; elapsedMs: number; level: number }
  | { phase: 'stopping' }
  | { phase: 'problem'; problem: RecorderProblem };

/** How often the timer and the level meter are redrawn while recording. */
const TICK_MS = 100;

/**
 * The recorder as React state: start (which asks for the microphone, the first time only), stop,
 * the time and level while it runs. The screen stays on while recording; leaving the screen stops
 * the recording and keeps what was recorded.
 */
export function useRecorder(
  db: PitchpadDb,
  {
    maxMs,
    maxBytes,
    onRecorded,
  }: { maxMs: number; maxBytes: number; onRecorded: (id: string) => void },
) {
  const [view, setView] = useState<RecorderView>({ phase: 'idle' });
  /** Why the last recording stopped by itself, to say beside the button. */
  const [stoppedBy, setStoppedBy] = useState<StopReason | null>(null);
  const session = useRef<RecorderSession | null>(null);
  // Gone from the screen: a recording that starts only now (the permission prompt answered late)
  // is stopped at once, never left listening out of sight.
  const unmounted = useRef(false);
  const recorded = useRef(onRecorded);
  useEffect(() => {
    recorded.current = onRecorded;
  });
  useWakeLock(view.phase === 'recording');

  useEffect(() => {
    if (view.phase !== 'recording') return;
    const timer = setInterval(() => {
      const current = session.current;
      if (current)
        setView({
          phase: 'recording',
          id: current.id,
          elapsedMs: current.elapsed(),
          level: current.level(),
        });
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [view.phase]);

  // Leaving the screen mid-recording keeps what was recorded (finished, ready to send).
  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      void session.current?.stop();
    };
  }, []);

  const finish = async (current: RecorderSession) => {
    const kept = await current.stop();
    if (session.current === current) session.current = null;
    setView({ phase: 'idle' });
    if (kept) recorded.current(current.id);
  };

  const start = async (options: { title?: string; target?: TranscriptTarget } = {}) => {
    if (session.current || view.phase === 'asking') return;
    setView({ phase: 'asking' });
    setStoppedBy(null);
    try {
      const current = await startRecorder(db, {
        ...options,
        maxMs,
        maxBytes,
        onStopped: (reason) => {
          setStoppedBy(reason);
          void finish(current);
        },
      });
      if (unmounted.current) {
        void current.stop();
        return;
      }
      session.current = current;
      setView({ phase: 'recording', id: current.id, elapsedMs: 0, level: 0 });
    } catch (error) {
      setView({
        phase: 'problem',
        problem: error instanceof RecorderError ? error.problem : 'failed',
      });
    }
  };

  const stop = async () => {
    const current = session.current;
    if (!current) return;
    setView({ phase: 'stopping' });
    await finish(current);
  };

  return { view, stoppedBy, start, stop };
}
