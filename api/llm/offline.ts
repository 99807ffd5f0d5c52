import { draftChatReply } from '../../domain/drafts/chat';
import { OFFLINE_DRAFTER_LABEL, OFFLINE_DRAFTER_MODEL } from '../../domain/limits';
import { UpstreamError, type CompletionRequest, type LlmGateway } from './types';

/**
 * The offline drafter as a gateway: deterministic templates, no network. A chat question is answered
 * from what the rep has: the kit passages the send found (given in `draft.passages`, stored as the
 * reply's sources) and the profile.
 */
function draft(req: CompletionRequest): string {
  const last = req.messages.findLast((m) => m.role === 'user')?.content ?? '';
  return draftChatReply(
    req.draft?.type ?? 'none',
    last,
    req.draft?.answers,
    req.draft?.sender,
    req.draft?.pro ?? false,
    req.draft?.profile,
    req.draft?.passages,
  );
}

export function createOfflineGateway(): LlmGateway {
  return {
    offline: true,
    models: [{ id: OFFLINE_DRAFTER_MODEL, label: OFFLINE_DRAFTER_LABEL, group: 'offline' }],
    defaultModel: OFFLINE_DRAFTER_MODEL,
    // Whatever the client asks for (the default is gpt-4o), the drafter is what answers.
    resolveModel: () => OFFLINE_DRAFTER_MODEL,
    async *stream(req) {
      for (const word of draft(req).match(/\s*\S+/g) ?? []) {
        if (req.signal?.aborted) throw new UpstreamError('aborted', 'Stopped');
        yield word;
      }
    },
    async complete(req) {
      return draft(req);
    },
  };
}
