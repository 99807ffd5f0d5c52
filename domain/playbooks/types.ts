import { z } from 'zod';

/** The guided flow a chat runs (spec §1 and §4). `none` is the free GTM advice chat. */
export const PlaybookType = z.enum(['none', 'playbook', 'email', 'demo', 'call', 'objection', 'gtmplan']);
export type PlaybookType = z.infer<typeof PlaybookType>;

/** Landing card types: the playbook types plus the competitive intelligence tool. */
export type ToolType = PlaybookType | 'competitive';

/** The seven PRO cards of the landing page, in the spec's order (spec §2). */
export const LANDING_TOOLS: ReadonlyArray<{ title: string; type: ToolType; description: string }> = [
  { title: 'Build Your GTM Plan', type: 'gtmplan', description: 'An investor-ready go-to-market plan from eleven questions.' },
  { title: 'Refine Your Value Proposition', type: 'playbook', description: 'Sharpen what you offer, then turn it into a sales pitch.' },
  { title: 'Define Customer Personas', type: 'demo', description: 'Who buys, who signs, and what keeps them up at night.' },
  { title: 'Handle Objections', type: 'objection', description: 'A guide to the pushback you will hear, and how to answer it.' },
  { title: 'Generate Cold Emails', type: 'email', description: 'A short, personal cold email that books the meeting.' },
  { title: 'Competitive Intelligence', type: 'competitive', description: 'A competitor grid and comparison matrix for your market.' },
  { title: 'GTM Advice', type: 'none', description: 'Ask anything about go-to-market, sales and growth.' },
];
