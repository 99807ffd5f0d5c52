import { IonButton, IonIcon } from '@ionic/react';
import { useRouter } from '@tanstack/react-router';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { alertCircleOutline } from 'ionicons/icons';
import { Screen } from './Screen';

/** A screen failed to load (e.g. its code could not be fetched on a bad connection). */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const handleRetry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <Screen width="narrow">
      <section className="state-card">
        <IonIcon icon={alertCircleOutline} color="danger" className="state-card__icon" aria-hidden="true" />
        <h1>Something went wrong</h1>
        <p className="muted">{error instanceof Error ? error.message : 'This screen could not be loaded.'}</p>
        <IonButton onClick={handleRetry}>Try again</IonButton>
      </section>
    </Screen>
  );
}
