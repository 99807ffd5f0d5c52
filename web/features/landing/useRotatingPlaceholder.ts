import { useEffect, useState } from 'react';
import { pickSampleIdea } from './sampleIdeas';

const ROTATE_EVERY_MS = 3500;

/** A sample idea chosen at random, replaced by another every few seconds while `active`. */
export function useRotatingPlaceholder(active: boolean): string {
  const [idea, setIdea] = useState(() => pickSampleIdea(null));
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setIdea((current) => pickSampleIdea(current)), ROTATE_EVERY_MS);
    return () => clearInterval(timer);
  }, [active]);
  return idea;
}
