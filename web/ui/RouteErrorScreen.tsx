import { useRouter } from '@tanstack/react-router';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { alertCircleOutline } from 'ionicons/icons';
import { InlineIcon } from './InlineIcon';
import { Screen } from './Screen';

/** A screen failed to load (e.g. its code could not be fetched on a bad connection): plain elements, it must draw whatever failed. */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const handleRetry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <Screen width="narrow">
      <section className="state-card">
        <InlineIcon
          icon={alertCircleOutline}
          className="state-card__icon state-card__icon--danger"
        />
        <h1>Something went wrong</h1>
        <p className="muted">
          {error instanceof Error ? error.message : 'This screen could not be loaded.'}
        </p>
        <button type="button" className="pp-button pp-button--primary" onClick={handleRetry}>
          Try again
        </button>
      </section>
    </Screen>
  );
}
