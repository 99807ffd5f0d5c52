import { IonIcon } from '@ionic/react';
import { alertCircle, copyOutline, refreshOutline, sparkles } from 'ionicons/icons';
import { memo } from 'react';
import { OFFLINE_DRAFTER_LABEL } from '../../../domain/limits';
import { Markdown } from './Markdown';
import type { ReplyState } from './messageView';
import { TypingIndicator } from './TypingIndicator';

export function AiAvatar() {
  return (
    <span className="message__avatar" role="img" aria-label="AI">
      <IonIcon icon={sparkles} aria-hidden="true" />
    </span>
  );
}

interface UserMessageProps {
  messageKey: string;
  content: string;
  notSent: boolean;
  onRetry: (key: string) => void;
}

/** The user's message, right-aligned; marked 'Not sent' with Retry when its send failed (design §11). */
export const UserMessage = memo(function UserMessage({ messageKey, content, notSent, onRetry }: UserMessageProps) {
  return (
    <li className={`message message--user${notSent ? ' message--not-sent' : ''}`}>
      <div className="message__body">
        <p className="message__bubble">{content}</p>
        {notSent && (
          <div className="message__status message__status--error">
            <IonIcon icon={alertCircle} aria-hidden="true" />
            <span>Not sent</span>
            <button type="button" className="message__retry" onClick={() => onRetry(messageKey)}>
              Retry
            </button>
          </div>
        )}
      </div>
      <span className="message__avatar message__avatar--you">You</span>
    </li>
  );
});

const STATE_NOTES: Partial<Record<ReplyState, string>> = {
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
  onCopy: (text: string) => void;
  onRegenerate: () => void;
}

/** An assistant reply: Markdown, its state, and Copy (and Regenerate on the last one) once it has finished. */
export const AssistantReply = memo(function AssistantReply({ content, state, byOfflineDrafter, canRegenerate, errorMessage, onCopy, onRegenerate }: ReplyProps) {
  const finished = state === 'complete' || state === 'stopped' || state === 'incomplete';
  const note = STATE_NOTES[state];
  return (
    <li className={`message message--assistant message--${state}`} aria-busy={state === 'typing' || state === 'streaming'}>
      <AiAvatar />
      <div className="message__body">
        <div className="message__bubble">{state === 'typing' ? <TypingIndicator /> : <Markdown text={content} />}</div>
        {(finished || note || byOfflineDrafter) && (
          <div className="message__meta">
            {byOfflineDrafter && <span className="message__tag">{OFFLINE_DRAFTER_LABEL}</span>}
            {note && (
              <span className={`message__note message__note--${state}`} title={errorMessage}>
                {note}
              </span>
            )}
            {finished && content && (
              <button type="button" className="message__action" aria-label="Copy" title="Copy" onClick={() => onCopy(content)}>
                <IonIcon icon={copyOutline} aria-hidden="true" />
              </button>
            )}
            {canRegenerate && (
              <button type="button" className="message__action" aria-label="Regenerate" title="Regenerate" onClick={onRegenerate}>
                <IonIcon icon={refreshOutline} aria-hidden="true" />
              </button>
            )}
          </div>
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
