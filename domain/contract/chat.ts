import { z } from 'zod';
import { CHAT_TITLE_STORE_MAX, LLM_DEFAULTS, MESSAGE_MAX_CHARS } from '../limits';
import { PlaybookType } from '../playbooks/types';
import { groupThousands } from '../numbers';
import {
  CHAT_ROLES,
  EMAIL_KEPT_FACT_MAX,
  EMAIL_KEPT_FACTS_MAX,
  EMAIL_SUBJECT_MAX,
} from './chatBasics';

export {
  CHAT_ROLES,
  EMAIL_KEPT_FACT_MAX,
  EMAIL_KEPT_FACTS_MAX,
  EMAIL_SUBJECT_MAX,
  newChatContext,
} from './chatBasics';

/** A UUID (chat and client message ids are made by the client, UUID v7, so offline work has its id). */
export const Uuid = z.uuid('must be a UUID');

export const Role = z.enum(CHAT_ROLES);
export type Role = z.infer<typeof Role>;

export const ChatMessageInput = z.object({
  role: Role,
  content: z
    .string()
    .max(MESSAGE_MAX_CHARS, `must be at most ${groupThousands(MESSAGE_MAX_CHARS)} characters`),
});

/** LLM parameters with their allowed ranges and defaults. */
export const LlmParams = z.object({
  provider: z.literal('openai', 'provider must be openai').default(LLM_DEFAULTS.provider),
  model: z.string().trim().min(1, 'must not be empty').max(200).optional(),
  temperature: z
    .number()
    .min(0, 'must be between 0 and 2')
    .max(2, 'must be between 0 and 2')
    .default(LLM_DEFAULTS.temperature),
  max_tokens: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be between 1 and 4096')
    .max(4096, 'must be between 1 and 4096')
    .default(LLM_DEFAULTS.max_tokens),
  top_p: z
    .number()
    .min(0, 'must be between 0 and 1')
    .max(1, 'must be between 0 and 1')
    .default(LLM_DEFAULTS.top_p),
  frequency_penalty: z
    .number()
    .min(-2, 'must be between -2 and 2')
    .max(2, 'must be between -2 and 2')
    .default(LLM_DEFAULTS.frequency_penalty),
  presence_penalty: z
    .number()
    .min(-2, 'must be between -2 and 2')
    .max(2, 'must be between -2 and 2')
    .default(LLM_DEFAULTS.presence_penalty),
});
export type LlmParams = z.output<typeof LlmParams>;

/** A finished flow's answers by question id: the offline drafter composes its draft from them. */
export const FlowAnswers = z.record(z.string().max(100), z.string().max(MESSAGE_MAX_CHARS));

/**
 * POST /api/chat. The last message is the user's new one; `chatId` and
 * `clientMessageId` make the send idempotent; the server picks the system prompt from `playbookType`.
 */
export const ChatRequest = z
  .object({
    messages: z.array(ChatMessageInput).min(1, 'must hold at least the new message').max(500),
    chatId: Uuid.optional(),
    clientMessageId: Uuid.optional(),
    playbookType: PlaybookType.default('none'),
    /** Accepted only for `none`, and appended after the server's own system prompt. */
    systemPrompt: z.string().max(MESSAGE_MAX_CHARS).optional(),
    answers: FlowAnswers.optional(),
    /** The title of a chat this send creates (default: the message's first 50 characters). */
    title: z.string().trim().min(1).max(CHAT_TITLE_STORE_MAX).optional(),
    llmParams: LlmParams.prefault({}),
  })
  .superRefine((req, ctx) => {
    const last = req.messages.at(-1);
    if (!last) return;
    if (last.role !== 'user')
      ctx.addIssue({
        code: 'custom',
        path: ['messages', req.messages.length - 1, 'role'],
        message: "the last message must be the user's",
      });
    else if (!last.content.trim())
      ctx.addIssue({
        code: 'custom',
        path: ['messages', req.messages.length - 1, 'content'],
        message: 'must not be empty',
      });
  });
export type ChatRequest = z.input<typeof ChatRequest>;

export const MessageStatus = z.enum(['streaming', 'complete', 'partial', 'failed']);
export type MessageStatus = z.infer<typeof MessageStatus>;

/**
 * PUT /api/chats/{chatId}/messages/{messageId}/email: the rep's edit of an email reply. The last
 * edit made wins (by `editedAt`, the device's clock when it was saved), so a late replay of an
 * older edit never overwrites a newer one.
 */
export const EmailEdit = z.object({
  subject: z
    .string({ error: 'subject is required' })
    .max(EMAIL_SUBJECT_MAX, `must be at most ${EMAIL_SUBJECT_MAX} characters`),
  body: z
    .string({ error: 'body is required' })
    .max(MESSAGE_MAX_CHARS, `must be at most ${groupThousands(MESSAGE_MAX_CHARS)} characters`),
  editedAt: z.iso.datetime({ error: 'must be an ISO 8601 time' }),
  /** Facts about the prospect the rep chose to keep with no source: the coach takes them as the rep's. */
  kept: z
    .array(z.string().max(EMAIL_KEPT_FACT_MAX, `must be at most ${EMAIL_KEPT_FACT_MAX} characters`))
    .max(EMAIL_KEPT_FACTS_MAX, `must hold at most ${EMAIL_KEPT_FACTS_MAX} sentences`)
    .optional(),
});
export type EmailEdit = z.infer<typeof EmailEdit>;

/**
 * A passage of the rep's sales kit a reply was written with: what its [1], [2]… cite, in order.
 * The passage itself is read with GET /api/kit/passages/{passageId} (gone once its file is deleted).
 * Or a web page of the rep's research (`research`): then `fileName` is its title and site, and it
 * opens in that research, on the phone too.
 */
export const MessageSource = z.object({
  passageId: z.string(),
  fileName: z.string(),
  page: z.number().int().nullable(),
  research: z
    .object({ id: z.string(), n: z.number().int().positive(), url: z.string() })
    .optional(),
});
export type MessageSource = z.infer<typeof MessageSource>;

/** A stored message as the server presents it. */
export const Message = z.object({
  id: z.number().int(),
  chatId: z.string(),
  role: Role,
  content: z.string(),
  timestamp: z.string(),
  /** The send's idempotency key (user messages). */
  clientId: z.string().nullable(),
  /** For a reply: the user message it answers. */
  replyTo: z.number().int().nullable(),
  status: MessageStatus,
  /** For a reply: the model that wrote it ('offline-drafter' for the offline drafter). */
  model: z.string().nullable(),
  /** For an email reply: the rep's edited version, null when never edited. Older servers omit it. */
  emailEdit: EmailEdit.nullable().optional(),
  /** For a reply written with passages of the rep's sales kit: those passages. Absent when none. */
  sources: z.array(MessageSource).optional(),
});
export type Message = z.infer<typeof Message>;

export const Chat = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isPlaybook: z.boolean(),
  playbookType: PlaybookType,
});
export type Chat = z.infer<typeof Chat>;

/** POST /api/chat as JSON: the stored reply as `{message}`, plus its chat. */
export const ChatResponse = z.object({ message: Message, chat: Chat });
export type ChatResponse = z.infer<typeof ChatResponse>;

/** GET /api/chats/{id} */
export const ChatWithMessages = z.object({ chat: Chat, messages: z.array(Message) });
export type ChatWithMessages = z.infer<typeof ChatWithMessages>;

/** PATCH /api/chats/{id} */
export const RenameChatInput = z.object({
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(CHAT_TITLE_STORE_MAX),
});

/** POST /api/chat/stop: stop a reply that is streaming; what arrived is kept as partial. */
export const StopInput = z.object({ chatId: Uuid, clientMessageId: Uuid });

/**
 * POST /api/chats/{id}/regenerate: answer the last user message again (with the flow answers it was
 * sent with, which the server keeps, so the offline drafter can compose the same kind of draft).
 */
export const RegenerateInput = z.object({ llmParams: LlmParams.prefault({}) });
export type RegenerateInput = z.input<typeof RegenerateInput>;

/**
 * POST /api/chat/value-props. `answers`, the flow's answers so far, let a server with no
 * model draft the three options from them (domain/drafts/valuePropositions.ts).
 */
export const ValuePropsInput = z.object({
  prompt: z
    .string({ error: 'prompt is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(MESSAGE_MAX_CHARS),
  answers: FlowAnswers.optional(),
});
/**
 * `content` is the numbered list. With no model, `source` says the options are drafts of the answers
 * and `propositions` holds them as written (the list's parsing would strip their quotes).
 */
export const ValuePropsResponse = z.object({
  content: z.string(),
  source: z.enum(['model', 'offline-drafter']).optional(),
  propositions: z.array(z.string()).optional(),
});
export type ValuePropsResponse = z.infer<typeof ValuePropsResponse>;

/** GET /api/models: the model picker's list. */
export const ModelsResponse = z.object({
  models: z.array(z.object({ id: z.string().min(1), label: z.string(), group: z.string() })),
  defaultModel: z.string(),
});
export type ModelsResponse = z.infer<typeof ModelsResponse>;

/** The server-sent events of a streamed reply. */
export type ChatStreamEvent =
  | { event: 'start'; data: { chat: Chat; userMessage: Message; replyId: number | null } }
  /** The kit passages the reply is written with (what its [1], [2]… cite): before its first delta. */
  | { event: 'sources'; data: { sources: MessageSource[] } }
  | { event: 'delta'; data: { text: string } }
  /**
   * The reply's text starts over: what the deltas so far added is void and the deltas after it are the
   * reply from its first word (the server took over a reply whose writer died, after replaying its start).
   */
  | { event: 'restart'; data: Record<string, never> }
  | { event: 'done'; data: { message: Message; chat: Chat } }
  /** `reply` is what was kept: partial (some text arrived) or failed (none did). */
  | { event: 'error'; data: { code: string; message: string; reply?: Message } };
