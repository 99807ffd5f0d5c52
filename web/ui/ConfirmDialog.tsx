import { useId } from 'react';
import type { ReactNode } from 'react';
import { useModalDialog } from './useModalDialog';

/**
 * A dialog's button row: a quiet way out on the left, the one action on the right. Without
 * `onConfirm` the action is the submit button of the form around it.
 */
export function DialogActions({
  cancelLabel = 'Cancel',
  onCancel,
  confirmLabel,
  confirmDisabled = false,
  onConfirm,
  className,
}: {
  cancelLabel?: string;
  onCancel: () => void;
  confirmLabel: ReactNode;
  confirmDisabled?: boolean;
  onConfirm?: () => void;
  className?: string;
}) {
  return (
    <div className={className ? `dialog__actions ${className}` : 'dialog__actions'}>
      <button type="button" className="pp-button pp-button--ghost" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className="pp-button pp-button--primary"
        disabled={confirmDisabled}
        onClick={onConfirm}
      >
        {confirmLabel}
      </button>
    </div>
  );
}

/**
 * 'Delete this?' asked in a modal <dialog>: a title, what the action does, the error of the last
 * try, and the two buttons. Esc and the cancel button both call `onCancel`; the action's button is
 * off while `pending`, so a second tap does not send it twice.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  error,
  pending,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  error?: string | null;
  pending: boolean;
  cancelLabel?: string;
  confirmLabel: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const dialog = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={titleId} onClose={onCancel}>
      <h2 id={titleId}>{title}</h2>
      <p className="muted">{message}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <DialogActions
        cancelLabel={cancelLabel}
        onCancel={onCancel}
        confirmLabel={confirmLabel}
        confirmDisabled={pending}
        onConfirm={onConfirm}
      />
    </dialog>
  );
}
