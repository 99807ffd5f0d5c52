import { useEffect, useRef } from 'react';

/**
 * A native `<dialog>` shown as a modal (focus trapped, Esc closes it, the page behind inert) while
 * `open`, and closed when not: put the returned ref on the dialog. The dialog's own `onClose` says
 * when the rep closed it (Esc), for the owner to set `open` false.
 */
export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  return dialog;
}
