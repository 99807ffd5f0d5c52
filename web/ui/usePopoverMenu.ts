import { useState } from 'react';
import type { MouseEvent } from 'react';

/**
 * Open state for an IonPopover menu anchored to the button that opened it. Controlled rather than
 * `trigger="id"`, which needs the trigger in the DOM before the popover mounts and warns otherwise.
 */
export type PopoverMenu = ReturnType<typeof usePopoverMenu>;

export function usePopoverMenu() {
  const [state, setState] = useState<{ open: boolean; event?: Event; used: boolean }>({
    open: false,
    used: false,
  });
  return {
    isOpen: state.open,
    event: state.event,
    /** Opened at least once: a lazily loaded popover mounts from then on, and stays mounted. */
    used: state.used,
    open: (e: MouseEvent) => setState({ open: true, event: e.nativeEvent, used: true }),
    close: () => setState((current) => ({ ...current, open: false, event: undefined })),
  };
}
