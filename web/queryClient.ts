import { QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { MUTATION_RETRIES, QUERY_RETRIES, QUERY_STALE_TIME_MS, retryDelay } from '../domain/limits';
import { isClientError } from './data/api';

/** Retry transient failures only: a 4xx answer will be the same next time. */
function shouldRetry(limit: number) {
  return (failureCount: number, error: unknown) => !isClientError(error) && failureCount < limit;
}

/**
 * TanStack Query's defaults: data fresh for a while, a few retries with a growing delay, no refetch
 * on window focus (a phone switching apps would refetch all the time).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        retry: shouldRetry(QUERY_RETRIES),
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: shouldRetry(MUTATION_RETRIES),
        retryDelay,
      },
    },
  });
}

/**
 * The query roots kept across restarts: who is signed in, their plan, the models and the prices, and
 * the list of their sales-kit files (read offline), and what the server's recorder takes (the debrief's
 * limits, so a recording offline stops at the right time).
 */
const PERSISTED_ROOTS: ReadonlySet<unknown> = new Set([
  'auth',
  'models',
  'billing',
  'kit',
  'debrief',
  // The rep's CRM connections: the Send buttons show offline, so a push can be queued there.
  'crm',
  // The rep's calendar and its next meetings, readable with no signal.
  'calendar',
]);
/**
 * Queries under a persisted root that are not kept: one meeting's brief (the meetings list keeps the
 * next day's, the rep's pins the others), which would otherwise pile up with every brief opened.
 */
const NOT_PERSISTED: ReadonlySet<string> = new Set(['calendar/brief']);
/** How long a persisted cache is good for: the last data shows on a cold offline start within it. */
const PERSIST_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Bump when a persisted query's data changes shape, so old caches are dropped. */
const PERSIST_BUSTER = '1';
const PERSIST_KEY = 'pitchpad-query-cache';

/**
 * Persist the small queries in localStorage, so a cold start offline knows the user, their
 * subscription, the models and the prices at once. Chat history is not here: it lives in the local
 * database (data/db.ts), and localStorage holds about 5 MB. Resolves once the saved cache is
 * restored; start the router after it, so route guards see the restored user (loadSessionUser
 * checks it with the server when online).
 */
export function persistQueryCache(queryClient: QueryClient): Promise<void> {
  // Restored queries must outlive the default 5 minutes unobserved, or the next save drops them.
  // Never collected, rather than kept 30 days: a timer that long overflows setTimeout, which then
  // fires at once. They are a handful of small values, and logging out removes them.
  for (const root of PERSISTED_ROOTS) queryClient.setQueryDefaults([root], { gcTime: Infinity });
  const persister = createSyncStoragePersister({
    storage: safeLocalStorage(),
    key: PERSIST_KEY,
    throttleTime: 1000,
  });
  const [, restored] = persistQueryClient({
    queryClient,
    persister,
    maxAge: PERSIST_MAX_AGE_MS,
    buster: PERSIST_BUSTER,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' &&
        PERSISTED_ROOTS.has(query.queryKey[0]) &&
        !NOT_PERSISTED.has(`${String(query.queryKey[0])}/${String(query.queryKey[1])}`),
      // No mutation is kept: TanStack keeps paused ones by default, with their variables (a setup
      // token, an API key) in plain localStorage, to resume them without their mutationFn anyway.
      shouldDehydrateMutation: () => false,
    },
  });
  // What was restored may be out of date (a login or a payment since): it shows at once, and is
  // fetched again wherever it is used while there is a network.
  return restored.then(
    () => queryClient.invalidateQueries({ refetchType: 'none' }),
    (error: unknown) => console.warn('Could not restore the saved query cache', error),
  );
}

/** localStorage, or nothing where reading it throws (Safari private mode, blocked storage). */
function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}
