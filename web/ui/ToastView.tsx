import { IonToast } from '@ionic/react';
import { closeOutline } from 'ionicons/icons';
import { useState, useSyncExternalStore } from 'react';
import type { ShownToast, Toaster } from './toaster';

/**
 * Toasts drop in at the top of the screen, over the headers: there they cover only the app's own
 * chrome for a few seconds. At the bottom they covered the chat's input bar and the Copy / Share /
 * 'Open in mail app' row under a flow's result, and the keyboard hid them; under
 * the headers they covered the start of a flow's result, which leads its screen, and the top of the
 * history sheet.
 *
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

  const handleDidDismiss = () => {
    if (current) toaster.dismiss(current.id); // ignored when a newer toast is already waiting
    setPresented(null);
  };

  return (
    <IonToast
      isOpen={isOpen}
      position="top"
      header={current?.header}
      message={current?.message}
      color={current?.color}
      duration={current?.duration}
      buttons={[
        ...(current?.action
          ? [{ text: current.action.label, side: 'end' as const, handler: current.action.handler }]
          : []),
        {
          icon: closeOutline,
          role: 'cancel',
          side: 'end',
          htmlAttributes: { 'aria-label': 'Dismiss' },
        },
      ]}
      onDidPresent={() => setPresented(current)}
      onDidDismiss={handleDidDismiss}
    />
  );
}
