import {
  alertCircle,
  arrowUp,
  checkmarkOutline,
  chevronDownOutline,
  copyOutline,
  refreshOutline,
  sparkles,
  timeOutline,
} from 'ionicons/icons';
import { Link } from '@tanstack/react-router';
import { memo, useCallback } from 'react';
import { researchAsk } from '../../../domain/research/ask';
import { OFFLINE_DRAFTER_LABEL } from '../../../domain/limits';
import type { MessageSource } from '../../../domain/contract/chat';
import { Markdown } from './Markdown';
import { MessageSources } from './MessageSources';
import { withoutCitations } from '../../../domain/research/citations';
import type { Delivery, ReplyState } from './messageView';
import { TypingIndicator } from './TypingIndicator';
import { useCopiedMark } from '../../ui/useCopiedMark';
import { IconButton } from '../../ui/IconButton';
import { InlineIcon } from '../../ui/InlineIcon';

export function AiAvatar() {
  return (
    <span className="message__avatar" role="img" aria-label="AI">
      <InlineIcon icon={sparkles} />
    </span>
  );
}

interface UserMessageProps {
  messageKey: string;
  /** The message a search opened the chat on: shown in view, highlighted for a moment. */
  found?: boolean;
  content: string;
  delivery: Delivery;
  /** Queued until then: the day's AI allowance is used up and the server takes it once it resets. */
  waitsUntil?: number;
  /** Why it was not sent, when the server said. */
  errorMessage: string | undefined;
  canDelete: boolean;
  /** A guided flow's composed prompt: shown folded as 'Your answers', so the result leads the screen. */
  asAnswers?: boolean;
  onRetry: (key: string) => void;
  onDelete: (key: string) => void;
}

/**
 * The user's message, right-aligned, with its mark: 'Queued' while it waits for the
 * network, 'Sending…', a check once the server has it, or 'Not sent' with Retry (and Delete when
 * the server never got it).
 */
export const UserMessage = memo(function UserMessage({
  messageKey,
  content,
  delivery,
  waitsUntil,
  errorMessage,
  canDelete,
  asAnswers = false,
  found = false,
  onRetry,
  onDelete,
}: UserMessageProps) {
  return (
    <li
      className={`message message--user message--${delivery}${delivery === 'failed' ? ' message--not-sent' : ''}${asAnswers ? ' message--answers' : ''}${found ? ' message--found' : ''}`}
      data-found={found || undefined}
    >
      <div className="message__body">
        {asAnswers ? (
          <AnswersCard prompt={content} />
        ) : (
          <p className="message__bubble">{content}</p>
        )}
        {delivery === 'failed' ? (
          <div className="message__status message__status--error" title={errorMessage}>
            <InlineIcon icon={alertCircle} />
            <span>Not sent</span>
            <button type="button" className="message__retry" onClick={() => onRetry(messageKey)}>
              Retry
            </button>
            {canDelete && (
              <button
                type="button"
                className="message__delete"
                onClick={() => onDelete(messageKey)}
              >
                Delete
              </button>
            )}
          </div>
        ) : (
          <div className={`message__status message__status--${delivery}`}>
            <InlineIcon icon={DELIVERY_ICONS[delivery]} />
            <span className={delivery === 'sent' ? 'visually-hidden' : undefined}>
              {waitsUntil ? allowanceWait(waitsUntil) : DELIVERY_LABELS[delivery]}
            </span>
          </div>
        )}
        <ResearchOffer content={content} />
      </div>
      <span className="message__avatar message__avatar--you">You</span>
    </li>
  );
});

/** 'Allowance used · queued until 01:00', in the phone's own time: short enough for a 320 px phone. */
export function allowanceWait(until: number): string {
  const time = new Date(until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return `Allowance used · queued until ${time}`;
}

/**
 * A finished flow's prompt (the answers and the instructions built from them), folded to one line:
 * the rep reads the result first and opens this only to check what it was written from.
 */
function AnswersCard({ prompt }: { prompt: string }) {
  return (
    <details className="message__bubble answers-card">
      <summary className="answers-card__summary">
        Your answers
        <InlineIcon icon={chevronDownOutline} className="answers-card__chevron" />
      </summary>
      <p className="answers-card__text">{prompt}</p>
    </details>
  );
}

const DELIVERY_LABELS = { queued: 'Queued', sending: 'Sending…', sent: 'Sent' } as const;
// Icons the app already uses elsewhere: every distinct icon adds to the shared icons chunk the landing page loads.
const DELIVERY_ICONS = { queued: timeOutline, sending: arrowUp, sent: checkmarkOutline } as const;

const STATE_NOTES: Partial<Record<ReplyState, string>> = {
  regenerating: 'Writing a new answer…',
  kept: 'A new answer could not be written. This is your earlier answer.',
  reconnecting: 'Connection lost. Picking up the rest of the answer…',
  stopped: 'Stopped',
  incomplete: 'Incomplete answer',
};

interface ReplyProps {
  content: string;
  state: ReplyState;
  byOfflineDrafter: boolean;
  canRegenerate: boolean;
  /** The server's explanation of an incomplete reply. */
  errorMessage: string | undefined;
  /** Why the full plan of a plan drafted offline was not written yet, or will not be. */
  planNote?: string;
  /** The sales-kit passages the answer was written with. */
  sources?: readonly MessageSource[];
  /** Copies the text; resolves whether it worked (a failure is told by the caller). */
  onCopy: (text: string) => Promise<boolean>;
  onRegenerate: () => void;
  /** The message a search opened the chat on: shown in view, highlighted for a moment. */
  found?: boolean;
}

/** An assistant reply: Markdown, its state, and Copy (and Regenerate on the last one) once it has finished. */
export const AssistantReply = memo(function AssistantReply({
  content,
  state,
  byOfflineDrafter,
  canRegenerate,
  errorMessage,
  planNote,
  sources,
  onCopy,
  onRegenerate,
  found = false,
}: ReplyProps) {
  const finished =
    state === 'complete' || state === 'stopped' || state === 'incomplete' || state === 'kept';
  const note = STATE_NOTES[state];
  // Copied without its '[1]' marks: they point at the Sources under it, which do not travel.
  const { copied, copy } = useCopiedMark(
    useCallback(() => onCopy(withoutCitations(content)), [onCopy, content]),
  );
  return (
    <li
      className={`message message--assistant message--${state}${found ? ' message--found' : ''}`}
      data-found={found || undefined}
      aria-busy={state === 'typing' || state === 'regenerating' || state === 'streaming'}
    >
      <AiAvatar />
      <div className="message__body">
        <div className="message__bubble">
          {state === 'typing' ? (
            <TypingIndicator />
          ) : (
            <Markdown text={content} streaming={state === 'streaming'} />
          )}
        </div>
        {finished && sources && sources.length > 0 && <MessageSources sources={sources} />}
        {(finished || note || byOfflineDrafter) && (
          <div className="message__meta">
            {byOfflineDrafter && <span className="message__tag">{OFFLINE_DRAFTER_LABEL}</span>}
            {note && (
              <span className={`message__note message__note--${state}`} title={errorMessage}>
                {note}
              </span>
            )}
            {finished && content && (
              <IconButton
                className={`message__action${copied ? ' message__action--done' : ''}`}
                aria-label={copied ? 'Copied' : 'Copy'}
                title={copied ? 'Copied' : 'Copy'}
                onClick={() => void copy()}
                icon={copied ? checkmarkOutline : copyOutline}
              />
            )}
            {canRegenerate && (
              <IconButton
                className="message__action"
                aria-label="Regenerate"
                onClick={onRegenerate}
                icon={refreshOutline}
              />
            )}
          </div>
        )}
        {planNote && (
          <p className="message__status message__status--error message__plan-note" role="status">
            <InlineIcon icon={alertCircle} />
            <span>{planNote}</span>
          </p>
        )}
      </div>
    </li>
  );
});

/** The assistant's turn while the server has not acknowledged the send yet. */
export function WaitingReply() {
  return (
    <li className="message message--assistant message--typing" aria-busy="true">
      <AiAvatar />
      <div className="message__body">
        <div className="message__bubble">
          <TypingIndicator />
        </div>
      </div>
    </li>
  );
}

/**
 * Under a message asking for research ('Research Freightly before my call'): research on the web with
 * every line sourced, rather than what the model remembers.
 */
function ResearchOffer({ content }: { content: string }) {
  const subject = researchAsk(content);
  if (!subject) return null;
  return (
    <Link to="/research" search={{ subject }} className="result-actions__button message__research">
      Research {subject} on the web, with sources
    </Link>
  );
}
