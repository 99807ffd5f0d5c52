import { useState } from 'react';
import type { MouseEvent } from 'react';

/**
 * Open state for an IonPopover menu anchored to the button that opened it. Controlled rather than
 * `trigger="id"`, which needs the trigger in the DOM before the popover mounts and warns otherwise.
 */
export function usePopoverMenu() {
  const [state, setState] = useState<{ open: boolean; event?: Event }>({ open: false });
  return {
    isOpen: state.open,
    event: state.event,
    open: (e: MouseEvent) => setState({ open: true, event: e.nativeEvent }),
    close: () => setState({ open: false }),
  };
}
