/**
 * The landing page's PRO tools. Kept free of zod so the browser's landing chunk does not pull in the
 * schema library (domain/playbooks/types.ts re-exports these).
 */
import type { FlowType } from './flow';
import type { PlaybookType } from './types';

/** Landing card types: the playbook types plus the competitive intelligence tool. */
export type ToolType = PlaybookType | 'competitive';

/** The seven PRO cards of the landing page, in the order it shows them. */
export const LANDING_TOOLS: ReadonlyArray<{ title: string; type: ToolType; description: string }> =
  [
    {
      title: 'Build Your GTM Plan',
      type: 'gtmplan',
      description: 'An investor-ready go-to-market plan from eleven questions.',
    },
    {
      title: 'Refine Your Value Proposition',
      type: 'playbook',
      description: 'Sharpen what you offer, then turn it into a sales pitch.',
    },
    {
      title: 'Define Customer Personas',
      type: 'demo',
      description: 'Who buys, who signs, and what keeps them up at night.',
    },
    {
      title: 'Handle Objections',
      type: 'objection',
      description: 'A guide to the pushback you will hear, and how to answer it.',
    },
    {
      title: 'Generate Cold Emails',
      type: 'email',
      description: 'A short, personal cold email that books the meeting.',
    },
    {
      title: 'Competitive Intelligence',
      type: 'competitive',
      description: 'A competitor grid and comparison matrix for your market.',
    },
    {
      title: 'GTM Advice',
      type: 'none',
      description: 'Ask anything about go-to-market, sales and growth.',
    },
  ];

/**
 * The tools as cards in an empty chat: every guided flow (the landing page's, and the call analysis,
 * follow-up email and CRM note, which the landing page leaves out) and competitive intelligence. GTM Advice is the chat itself.
 */
export const CHAT_TOOLS: ReadonlyArray<{ title: string; type: ToolType; description: string }> =
  LANDING_TOOLS.flatMap((tool) =>
    tool.type === 'none'
      ? []
      : tool.type === 'email'
        ? [
            tool,
            {
              title: 'Customer Call Analysis',
              type: 'call' as const,
              description:
                'Paste a call: the pains, objections and buying signals, and what to do next.',
            },
            {
              title: 'Follow-up Email',
              type: 'followup' as const,
              description:
                'After a meeting: the recap, the agreed next steps and your booking link.',
            },
            {
              title: 'CRM Note',
              type: 'crmnote' as const,
              description: 'Meeting notes as a CRM note: summary, next steps, stakeholders, risks.',
            },
          ]
        : [tool],
  );

/**
 * GTM Advice, the free chat: its card says FREE and opens the chat for every signed-in user (the
 * chat is free, so sending a free user to pricing from it would be a dead end).
 */
export function isFreeTool(type: ToolType): boolean {
  return type === 'none';
}

/** The guided flows: every playbook type but free chat, in the chat menu's order. All are PRO tools. */
export const FLOW_TYPES = [
  'playbook',
  'email',
  'demo',
  'call',
  'objection',
  'gtmplan',
  'followup',
  'crmnote',
] as const;

export function isFlowType(value: unknown): value is FlowType {
  return typeof value === 'string' && (FLOW_TYPES as readonly string[]).includes(value);
}
