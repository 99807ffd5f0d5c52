import type { QueryClient } from '@tanstack/react-query';
import type { ShowToast } from '../ui/toaster';

/** What every route's beforeLoad and loader receive. */
export interface RouterContext {
  queryClient: QueryClient;
  /** Guards run before any component mounts, so they get the toast function here. */
  toast: ShowToast;
  /**
   * Runs the guards of the screens on display again: the session the app started with, restored
   * from the last run, turned out to be over or another account's (loadSessionUser).
   */
  sessionChanged: () => void;
}
