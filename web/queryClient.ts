import { QueryClient } from '@tanstack/react-query';
import { MUTATION_RETRIES, QUERY_RETRIES, QUERY_STALE_TIME_MS, retryDelay } from '../domain/limits';
import { isClientError } from './data/api';

/** Retry transient failures only: a 4xx answer will be the same next time. */
function shouldRetry(limit: number) {
  return (failureCount: number, error: unknown) => !isClientError(error) && failureCount < limit;
}

/** TanStack Query with the spec's caching rules (§9). */
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
