import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root';
import { lazyScreen } from './lazyScreen';

/**
 * ?analysis=<id> as a number: the router JSON-parses search values and writes a string back in
 * quotes (?analysis=%221%22), so ids are kept as the numbers they are. ?start=true: the landing
 * page's 'Analyze (without signing up)' sent the visitor, so the stored idea is analyzed on
 * arrival. Anything else is dropped.
 */
export function analysisSearch(search: Record<string, unknown>): {
  analysis?: number;
  start?: true;
} {
  const id = Number(search.analysis);
  const start = search.start === true || search.start === 'true';
  return {
    ...(search.analysis !== undefined &&
    search.analysis !== '' &&
    Number.isSafeInteger(id) &&
    id > 0
      ? { analysis: id }
      : {}),
    ...(start ? { start } : {}),
  };
}

/**
 * /onboarding: the startup idea analysis, guests welcome. A finished analysis is in the
 * URL (?analysis=<id>), so a reload or a Saved History item (path /onboarding?analysis=<id>) reopens it.
 */
export const onboardingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'onboarding',
  validateSearch: analysisSearch,
  component: lazyScreen(
    () => import('../features/onboarding/OnboardingScreen'),
    'OnboardingScreen',
  ),
});
