/**
 * The service worker's answer when a route's strategy has none: the network failed and nothing is
 * cached. Workbox would reject respondWith ('no-response'), which the browser logs as the worker's
 * error and the page sees as a failed fetch; a 503 the page reads as 'no network' (api.ts) instead.
 */
import type { WorkboxPlugin } from 'workbox-core';
import { unreachableApiResponse } from '../../data/swShared';

export const answerUnreachable: WorkboxPlugin = {
  handlerDidError: async () => unreachableApiResponse(),
};
