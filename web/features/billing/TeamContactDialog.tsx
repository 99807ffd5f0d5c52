import { mailOutline } from 'ionicons/icons';
import { useModalDialog } from '../../ui/useModalDialog';
import { PRODUCT_NAME } from '../../../domain/limits';
import { InlineIcon } from '../../ui/InlineIcon';

const SUBJECT = `${PRODUCT_NAME} Team plan enquiry`;

interface TeamContactDialogProps {
  open: boolean;
  contactEmail: string | undefined;
  onClose: () => void;
}

/**
 * 'Work With Us': opens the user's mail client with a preset subject. A native
 * <dialog> (focus trap, Esc to close) rather than IonAlert, whose code would ship on every page; plain buttons, as the pricing page is
 * prerendered and loads no Ionic.
 */
export function TeamContactDialog({ open, contactEmail, onClose }: TeamContactDialogProps) {
  const dialog = useModalDialog(open);

  const mailto = contactEmail
    ? `mailto:${contactEmail}?subject=${encodeURIComponent(SUBJECT)}`
    : undefined;

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="team-dialog-title" onClose={onClose}>
      <h2 id="team-dialog-title">Work With Us</h2>
      {contactEmail ? (
        <p className="muted">
          Tell us about your team and what you want to achieve. Your email app opens with a message
          to <strong>{contactEmail}</strong>.
        </p>
      ) : (
        <p className="muted">
          Contact details are not available right now. Please try again in a moment.
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="pp-button pp-button--ghost" onClick={onClose}>
          Cancel
        </button>
        {mailto && (
          <a className="pp-button pp-button--primary" href={mailto} onClick={onClose}>
            <InlineIcon icon={mailOutline} />
            Email {PRODUCT_NAME}
          </a>
        )}
      </div>
    </dialog>
  );
}
