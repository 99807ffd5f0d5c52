import { IonToast } from '@ionic/react';
import { closeOutline } from 'ionicons/icons';
import { useMemo, useState, useSyncExternalStore } from 'react';
import type { ShownToast, Toaster } from './toaster';

/**
 * Toasts drop in under the screen's lowest header (the chat's own, else the app's), never at the
 * bottom: there they covered the chat's input bar and the Copy / Share / 'Open in mail app' row
 * under a flow's result, which sits right above it (issue 13, point 3), and the keyboard hid them.
 */
function lowestHeader(): HTMLElement | undefined {
  let lowest: { header: HTMLElement; bottom: number } | undefined;
  for (const header of document.querySelectorAll<HTMLElement>('header.app-header, ion-header')) {
    const box = header.getBoundingClientRect();
    const onScreen = box.height > 0 && box.right > 0 && box.left < window.innerWidth && box.top >= 0 && box.bottom < window.innerHeight / 2;
    if (onScreen && (!lowest || box.bottom > lowest.bottom)) lowest = { header, bottom: box.bottom };
  }
  return lowest?.header;
}

/**
 * Renders the toaster's current toast with one IonToast that stays mounted for the app's lifetime:
 * Ionic moves a presented toast out of its React parent, so unmounting it would crash React. A new
 * toast first closes the one on screen, then takes its place once Ionic reports it gone.
 */
export function ToastView({ toaster }: { toaster: Toaster }) {
  const wanted = useSyncExternalStore(toaster.subscribe, toaster.current, toaster.current);
  // The toast Ionic has on screen. While it is up, a newer wanted toast first closes it.
  const [presented, setPresented] = useState<ShownToast | null>(null);
  const current = presented ?? wanted;
  const isOpen = current !== null && current.id === wanted?.id;
  // Looked up per toast: the headers on screen change with the screen.
  const currentId = current?.id;
  const anchor = useMemo(() => (currentId === undefined ? undefined : lowestHeader()), [currentId]);

  const handleDidDismiss = () => {
    if (current) toaster.dismiss(current.id); // ignored when a newer toast is already waiting
    setPresented(null);
  };

  return (
    <IonToast
      isOpen={isOpen}
      position="top"
      positionAnchor={anchor}
      header={current?.header}
      message={current?.message}
      color={current?.color}
      duration={current?.duration}
      buttons={[
        ...(current?.action ? [{ text: current.action.label, side: 'end' as const, handler: current.action.handler }] : []),
        { icon: closeOutline, role: 'cancel', side: 'end', htmlAttributes: { 'aria-label': 'Dismiss' } },
      ]}
      onDidPresent={() => setPresented(current)}
      onDidDismiss={handleDidDismiss}
    />
  );
}
