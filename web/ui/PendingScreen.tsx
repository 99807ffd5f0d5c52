import { IonContent, IonSpinner } from '@ionic/react';

/** Shown while a screen's code or data is on its way (only after a short delay, so fast loads do not flash). */
export function PendingScreen() {
  return (
    <IonContent>
      <div className="centered-state" role="status" aria-live="polite">
        <IonSpinner name="crescent" color="primary" />
        <span className="visually-hidden">Loading…</span>
      </div>
    </IonContent>
  );
}
