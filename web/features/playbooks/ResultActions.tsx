import {
  checkmarkOutline,
  clipboardOutline,
  copyOutline,
  createOutline,
  mailOutline,
  shareOutline,
} from 'ionicons/icons';
import { lazy, Suspense, useCallback, useState } from 'react';
import { mailtoLink, type EmailDraft } from '../../../domain/drafts/coldEmail';
import { useToast } from '../../ui/ToastProvider';
import { COPY_FAILED_TOAST, copyRichText, copyText } from '../../ui/copyText';
import { emailHtml } from '../../../domain/drafts/emailHtml';
import { useCopiedMark } from '../../ui/useCopiedMark';
import type { ShareTarget } from '../links/ShareLinkSheet';
import { InlineIcon } from '../../ui/InlineIcon';

// Loaded when first opened: the chat's own chunk stays as it was.
const ShareLinkSheet = lazy(() =>
  import('../links/ShareLinkSheet').then((module) => ({ default: module.ShareLinkSheet })),
);

interface ResultActionsProps {
  /** The text copied and shared. */
  text: string;
  /** The share sheet's title. */
  title: string;
  /** For an email: the subject and body 'Open in mail app' fills in. */
  email?: EmailDraft | null;
  /** For an email: opens the editor. */
  onEdit?: () => void;
  /** For a CRM note: the plain text 'Copy for CRM' copies (domain/crm/plainText.ts). */
  crmText?: string;
  /** What 'Share' makes a link to, once the server holds it; without, 'Share' hands on the text. */
  shareLink?: ShareTarget & { userId: number };
}

/** Whether this browser has a share sheet (the Web Share API). */
function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * Copy (iOS-safe), Share where the browser has it, for emails 'Open in mail app', and for a CRM
 * note 'Copy for CRM': the note as plain text a CRM's note field takes.
 */
export function ResultActions({
  text,
  title,
  email,
  onEdit,
  crmText,
  shareLink,
}: ResultActionsProps) {
  const toast = useToast();
  const [sharing, setSharing] = useState(false);
  // Copy says 'Copied' on itself for a moment: a toast saying it too would only cover the screen.
  const { copied, copy } = useCopiedMark(
    useCallback(async () => {
      // An email keeps its paragraphs and links when pasted into a mail app, and is plain text
      // where only plain text goes.
      const ok = email ? await copyRichText(emailHtml(text), text) : await copyText(text);
      if (!ok) toast(COPY_FAILED_TOAST);
      return ok;
    }, [text, toast, email]),
  );
  const crm = useCopiedMark(
    useCallback(async () => {
      const ok = crmText !== undefined && (await copyText(crmText));
      if (!ok) toast(COPY_FAILED_TOAST);
      return ok;
    }, [crmText, toast]),
  );
  const handleShare = async () => {
    try {
      await navigator.share({ title, text });
    } catch (error) {
      // Closing the share sheet is not an error.
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        console.warn('Share failed', error);
    }
  };
  return (
    <div className="result-actions" role="group" aria-label="Use this result">
      {onEdit && (
        <button type="button" className="result-actions__button" onClick={onEdit}>
          <InlineIcon icon={createOutline} />
          Edit
        </button>
      )}
      <button type="button" className="result-actions__button" onClick={() => void copy()}>
        <InlineIcon icon={copied ? checkmarkOutline : copyOutline} />
        {copied ? 'Copied' : 'Copy'}
      </button>
      {crmText !== undefined && (
        <button
          type="button"
          className="result-actions__button result-actions__button--primary"
          onClick={() => void crm.copy()}
        >
          <InlineIcon icon={crm.copied ? checkmarkOutline : clipboardOutline} />
          {crm.copied ? 'Copied for CRM' : 'Copy for CRM'}
        </button>
      )}
      {shareLink ? (
        <button type="button" className="result-actions__button" onClick={() => setSharing(true)}>
          <InlineIcon icon={shareOutline} />
          Share
        </button>
      ) : (
        canShare() && (
          <button
            type="button"
            className="result-actions__button"
            onClick={() => void handleShare()}
          >
            <InlineIcon icon={shareOutline} />
            Share
          </button>
        )
      )}
      {email && (
        <a
          className="result-actions__button result-actions__button--primary"
          href={mailtoLink(email)}
        >
          <InlineIcon icon={mailOutline} />
          Open in mail app
        </a>
      )}
      {shareLink && sharing && (
        <Suspense fallback={null}>
          <ShareLinkSheet
            userId={shareLink.userId}
            target={shareLink}
            onClose={() => setSharing(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
