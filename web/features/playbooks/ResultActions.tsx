import { IonIcon } from '@ionic/react';
import { copyOutline, createOutline, mailOutline, shareOutline } from 'ionicons/icons';
import { mailtoLink, type EmailDraft } from '../../../domain/drafts/coldEmail';
import { SHORT_TOAST_DURATION_MS } from '../../../domain/limits';
import { useToast } from '../../ui/ToastProvider';
import { copyText } from '../chat/copyText';

interface ResultActionsProps {
  /** The text copied and shared. */
  text: string;
  /** The share sheet's title. */
  title: string;
  /** For an email: the subject and body 'Open in mail app' fills in. */
  email?: EmailDraft | null;
  /** For an email: opens the editor (issue 14). */
  onEdit?: () => void;
}

/** Whether this browser has a share sheet (the Web Share API). */
function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** Copy (iOS-safe), Share where the browser has it, and for emails 'Open in mail app' (spec issue 5, part 6). */
export function ResultActions({ text, title, email, onEdit }: ResultActionsProps) {
  const toast = useToast();
  const handleCopy = async () => {
    const copied = await copyText(text);
    toast(
      copied
        ? { header: 'Copied', message: 'It is on your clipboard.', color: 'success', duration: SHORT_TOAST_DURATION_MS }
        : { header: 'Copy failed', message: 'Select the text and copy it instead.', color: 'warning' },
    );
  };
  const handleShare = async () => {
    try {
      await navigator.share({ title, text });
    } catch (error) {
      // Closing the share sheet is not an error.
      if (!(error instanceof DOMException && error.name === 'AbortError')) console.warn('Share failed', error);
    }
  };
  return (
    <div className="result-actions" role="group" aria-label="Use this result">
      {onEdit && (
        <button type="button" className="result-actions__button" onClick={onEdit}>
          <IonIcon icon={createOutline} aria-hidden="true" />
          Edit
        </button>
      )}
      <button type="button" className="result-actions__button" onClick={() => void handleCopy()}>
        <IonIcon icon={copyOutline} aria-hidden="true" />
        Copy
      </button>
      {canShare() && (
        <button type="button" className="result-actions__button" onClick={() => void handleShare()}>
          <IonIcon icon={shareOutline} aria-hidden="true" />
          Share
        </button>
      )}
      {email && (
        <a className="result-actions__button result-actions__button--primary" href={mailtoLink(email)}>
          <IonIcon icon={mailOutline} aria-hidden="true" />
          Open in mail app
        </a>
      )}
    </div>
  );
}
