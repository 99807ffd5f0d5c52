import { z } from 'zod';
import { FLOW_TYPES } from './tools';

/** The guided flow a chat runs. `none` is the free GTM advice chat. */
export const PlaybookType = z.enum(['none', ...FLOW_TYPES]);
export type PlaybookType = z.infer<typeof PlaybookType>;

// The landing tools live in ./tools (zod-free, for the browser bundle).
export { LANDING_TOOLS, type ToolType } from './tools';
