import { useEffect, useState } from 'react';
import { SAMPLE_IDEAS, pickSampleIdea } from './sampleIdeas';

const ROTATE_EVERY_MS = 3500;

/**
 * A sample idea chosen at random, replaced by another every few seconds while `active`. The first
 * is the one the prerendered page shows, if it shows one: taking the page over changes nothing on
 * screen (and hydrating it finds the same placeholder).
 */
export function useRotatingPlaceholder(active: boolean): string {
  const [idea, setIdea] = useState(() => prerenderedSample() ?? pickSampleIdea(null));
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setIdea((current) => pickSampleIdea(current)), ROTATE_EVERY_MS);
    return () => clearInterval(timer);
  }, [active]);
  return idea;
}

/** The sample idea in the prerendered landing page's field, before the app has taken it over. */
function prerenderedSample(): string | null {
  if (typeof document === 'undefined') return null;
  const shown = document.querySelector<HTMLInputElement>(
    '#root[data-prerendered] input[name="idea"]',
  )?.placeholder;
  return shown !== undefined && SAMPLE_IDEAS.includes(shown) ? shown : null;
}
