import type { QueryClient } from '@tanstack/react-query';
import type { ShowToast } from '../ui/toaster';

/** What every route's beforeLoad and loader receive. */
export interface RouterContext {
  queryClient: QueryClient;
  /** Guards run before any component mounts, so they get the toast function here. */
  toast: ShowToast;
}
