import { IonToast } from '@ionic/react';
import { closeOutline } from 'ionicons/icons';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CSSProperties } from 'react';
import type { ShownToast, Toaster } from './toaster';
import { measureToastPlacement, type ToastPlacement } from './toastPlacement';

/**
 * Toasts drop in just under the headers, narrow, and never over the on-screen keyboard
 * (toastPlacement.ts). Over the headers they hid the controls a rep reaches for (the menu, the
 * account, Tools, 'Pitchpad') while a 'Welcome' or '… Generated' stayed up; at the bottom they
 * covered the chat's input bar and the Copy / Share / 'Open in mail app' row under a flow's result,
 * and the keyboard hid them. Under the headers they cover, for a few seconds, only the first lines
 * of what the screen shows, which the rep can scroll or swipe the toast away from.
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
  const placement = useToastPlacement(current?.id ?? null);

  const handleDidDismiss = () => {
    if (current) toaster.dismiss(current.id); // ignored when a newer toast is already waiting
    setPresented(null);
  };

  return (
    <IonToast
      isOpen={isOpen}
      position="top"
      style={placement ? placementStyle(placement) : undefined}
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

/**
 * The placement of the toast with this id (none shown: null), measured as it opens and again while
 * it shows: the on-screen keyboard comes or goes (the visual viewport changes), or the screen under
 * it changes (a toast shown on the way to the chat, whose own header draws a moment later).
 */
function useToastPlacement(toastId: number | null): ToastPlacement | null {
  const [placement, setPlacement] = useState<{ id: number; at: ToastPlacement } | null>(null);
  // Measured as the toast opens, so Ionic slides it in at its place from the first frame.
  if (toastId !== null && placement?.id !== toastId)
    setPlacement({ id: toastId, at: measureToastPlacement() });

  useEffect(() => {
    if (toastId === null) return;
    const remeasure = () => {
      const at = measureToastPlacement();
      setPlacement((current) =>
        current?.id === toastId &&
        current.at.top === at.top &&
        current.at.maxHeight === at.maxHeight
          ? current
          : { id: toastId, at },
      );
    };
    const visual = window.visualViewport;
    visual?.addEventListener('resize', remeasure);
    visual?.addEventListener('scroll', remeasure);
    // Headers drawn or removed under the toast: a few cheap looks a second, only while one shows.
    const timer = setInterval(remeasure, 250);
    return () => {
      visual?.removeEventListener('resize', remeasure);
      visual?.removeEventListener('scroll', remeasure);
      clearInterval(timer);
    };
  }, [toastId]);
  return toastId !== null && placement?.id === toastId ? placement.at : null;
}

/** The placement as the CSS variables toast.css reads. */
function placementStyle({ top, maxHeight }: ToastPlacement): CSSProperties {
  return {
    '--pp-toast-top': `${Math.round(top)}px`,
    '--pp-toast-max-height': `${Math.round(maxHeight)}px`,
  } as CSSProperties;
}
