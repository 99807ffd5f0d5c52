import type { LlmParams } from '../../domain/contract/chat';
import type { ProfileValues } from '../../domain/contract/profile';
import type { PlaybookType } from '../../domain/playbooks/types';
import type { PromptPassage } from '../../domain/profile/promptBlock';
import type { TokenPayer, TokenReservation } from './budget';

export interface ModelInfo {
  id: string;
  label: string;
  /** The picker's group: 'openai' for any OpenAI-compatible server, 'offline' for the drafter. */
  group: string;
}

export interface CompletionRequest {
  model: string;
  messages: Array<{ role: 'system' | 'user' | 'assistant'; content: string }>;
  params: Omit<LlmParams, 'provider' | 'model'>;
  /** Abort: the user pressed stop. */
  signal?: AbortSignal;
  /** Ask for a JSON object (OpenAI JSON mode). */
  json?: boolean;
  /**
   * Whose daily token allowance the call counts against, or the reservation the caller took already
   * (a chat send reserves before it stores anything, so a refusal leaves nothing behind).
   */
  budget: TokenPayer | TokenReservation;
  /** What the offline drafter composes from when no model is configured (a model ignores it). */
  draft?: {
    type: PlaybookType;
    answers?: Record<string, string>;
    sender?: string;
    /** A paying user: the drafter offers the Pro flows, not only the free tools. */ pro?: boolean;
    /** The rep's profile: what a cold email's answers leave out (signature, booking link, offer). */
    profile?: ProfileValues;
    /**
     * The passages of the rep's sales kit a chat answer quotes, [1] first: the same list, in the same
     * order, as the reply's stored sources.
     */
    passages?: readonly PromptPassage[];
  };
}

/** The one way the server talks to a model. */
export interface LlmGateway {
  /** True when no model is configured and the offline drafter answers. */
  readonly offline: boolean;
  readonly models: ModelInfo[];
  readonly defaultModel: string;
  /** The model to use for a requested id; unknown ids are refused (null). */
  resolveModel(requested: string | undefined): string | null;
  /** The reply, token by token. Throws UpstreamError. */
  stream(req: CompletionRequest): AsyncIterable<string>;
  /** The whole reply at once. Throws UpstreamError. */
  complete(req: CompletionRequest): Promise<string>;
}

export type UpstreamFailure =
  'auth' | 'rate_limit' | 'server' | 'timeout' | 'cut' | 'network' | 'bad_request' | 'aborted';

/** A model call that failed; `kind` says how, for the log and for the status the client gets. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly kind: UpstreamFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
