import { IonIcon } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { bulbOutline, chatbubblesOutline, timeOutline } from 'ionicons/icons';
import { IonSkeletonText } from '../../ui/IonSkeletonText';
import { formatMinutes } from './format';
import { usageQueryOptions } from './usage.queries';

/** Total Chats, Ideas Analyzed and Time Saved, from the server's real counts. */
export function UsageCards() {
  const usage = useQuery(usageQueryOptions);
  const cards = [
    { label: 'Total Chats', icon: chatbubblesOutline, value: usage.data && String(usage.data.totalChats) },
    { label: 'Ideas Analyzed', icon: bulbOutline, value: usage.data && String(usage.data.ideasAnalyzed) },
    { label: 'Time Saved', icon: timeOutline, value: usage.data && formatMinutes(usage.data.timeSavedMinutes) },
  ];
  return (
    <section className="usage" aria-labelledby="usage-heading">
      <h2 id="usage-heading" className="section-title">
        Your usage
      </h2>
      {usage.isError && <p className="form-error">Usage figures could not be loaded: {usage.error.message}</p>}
      <div className="usage__grid">
        {cards.map((card) => (
          <article key={card.label} className="usage-card" data-testid={`usage-${card.label}`}>
            <IonIcon icon={card.icon} className="usage-card__icon" aria-hidden="true" />
            <p className="usage-card__label">{card.label}</p>
            <p className="usage-card__value">
              {card.value ?? (usage.isError ? '—' : <IonSkeletonText animated className="usage-card__skeleton" aria-label="Loading" />)}
            </p>
          </article>
        ))}
      </div>
    </section>
  );
}
