// Share links: a read-only snapshot of a chat, of one of its replies (a flow's result, an email), or
// of a saved competitor analysis, at /s/<id>. Private until the rep lets anyone with the link read
// it, for a chosen time.
import { z } from 'zod';

/** How long anyone with the link may read it. Seven days unless the rep chooses; never is a choice, not the default. */
export const SHARE_EXPIRIES = ['1d', '7d', '30d', 'never'] as const;
export type ShareExpiry = (typeof SHARE_EXPIRIES)[number];
export const DEFAULT_SHARE_EXPIRY: ShareExpiry = '7d';

/** The longest name a rep may show on a shared page. */
export const SHOWN_NAME_MAX = 80;

const ShownName = z
  .string()
  .trim()
  .max(SHOWN_NAME_MAX, `The name shown has at most ${SHOWN_NAME_MAX} characters.`)
  .nullable()
  .optional();

const Expiry = z.enum(SHARE_EXPIRIES, { error: 'expiresIn must be one of 1d, 7d, 30d or never' });

const SourceId = z.string().min(1).max(100);

/** POST /api/shares: share a chat (no `messageId`), one of its replies, or a saved analysis. */
export const ShareInput = z
  .object({
    chatId: SourceId.optional(),
    messageId: z.number().int().positive().optional(),
    workflowId: SourceId.optional(),
    anyone: z.boolean().default(false),
    expiresIn: Expiry.default(DEFAULT_SHARE_EXPIRY),
    shownName: ShownName,
  })
  .superRefine((input, ctx) => {
    if (input.chatId === undefined && input.workflowId === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['chatId'],
        message: 'chatId or workflowId is required',
      });
    if (input.chatId !== undefined && input.workflowId !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['workflowId'],
        message: 'share a chat or a saved analysis, not both',
      });
    if (input.messageId !== undefined && input.chatId === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['messageId'],
        message: 'messageId names a reply of the chat chatId',
      });
  });
export type ShareInput = z.input<typeof ShareInput>;

/** PATCH /api/shares/:id: who may read it, for how long (counted from now), the name shown, or a new snapshot. */
export const ShareChange = z
  .object({
    anyone: z.boolean().optional(),
    expiresIn: Expiry.optional(),
    shownName: ShownName,
    refresh: z.literal(true).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'Say what to change: anyone, expiresIn, shownName or refresh.',
  });
export type ShareChange = z.input<typeof ShareChange>;

/** A share as its rep sees it (GET /api/shares, and the answers of the other routes). */
export interface Share {
  id: string;
  /** The page's address on this server: /s/<id>. */
  path: string;
  /** What it shows: a chat (or its reply `messageId`), or a saved analysis (`workflowId`). */
  chatId: string | null;
  messageId: number | null;
  workflowId: string | null;
  title: string;
  anyone: boolean;
  expiresAt: string | null;
  snapshotAt: string;
  createdAt: string;
  shownName: string | null;
  views: number;
  lastViewedAt: string | null;
}

/**
 * GET /api/chats/:id/export: the chat, or its reply `messageId`, as a file; GET
 * /api/workflows/:id/export: a saved analysis as a file (no `messageId`).
 */
export const ExportQuery = z.object({
  format: z.enum(['pdf', 'docx', 'md'], { error: 'format must be pdf, docx or md' }),
  messageId: z.coerce.number().int().positive().optional(),
});
