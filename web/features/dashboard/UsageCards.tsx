import { IonIcon } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { bulbOutline, chatbubblesOutline, sparklesOutline, timeOutline } from 'ionicons/icons';
import type { AiAllowance } from '../../../domain/contract/usage';
import { IonSkeletonText } from '../../ui/IonSkeletonText';
import { formatCount, formatMinutes, formatWaitUntil } from './format';
import { usageQueryOptions } from './usage.queries';
// oxlint-disable-next-line import/no-unassigned-import -- the usage cards' stylesheet, loaded with the dashboard
import './usage.css';

/** Total Chats, Ideas Analyzed and Time Saved, from the server's real counts, and today's AI allowance. */
export function UsageCards() {
  const usage = useQuery(usageQueryOptions);
  const cards = [
    {
      label: 'Total Chats',
      icon: chatbubblesOutline,
      value: usage.data && String(usage.data.totalChats),
    },
    {
      label: 'Ideas Analyzed',
      icon: bulbOutline,
      value: usage.data && String(usage.data.ideasAnalyzed),
    },
    {
      label: 'Time Saved',
      icon: timeOutline,
      value: usage.data && formatMinutes(usage.data.timeSavedMinutes),
    },
  ];
  return (
    <section className="usage" aria-labelledby="usage-heading">
      <h2 id="usage-heading" className="section-title">
        Your usage
      </h2>
      {usage.isError && (
        <p className="form-error">Usage figures could not be loaded: {usage.error.message}</p>
      )}
      <div className="usage__grid">
        {cards.map((card) => (
          <article key={card.label} className="usage-card" data-testid={`usage-${card.label}`}>
            <IonIcon icon={card.icon} className="usage-card__icon" aria-hidden="true" />
            <p className="usage-card__label">{card.label}</p>
            <p className="usage-card__value">
              {card.value ??
                (usage.isError ? (
                  '—'
                ) : (
                  <IonSkeletonText animated className="usage-card__skeleton" aria-label="Loading" />
                ))}
            </p>
          </article>
        ))}
      </div>
      {usage.data?.aiAllowance && <AllowanceCard allowance={usage.data.aiAllowance} />}
    </section>
  );
}

/** What the model read and wrote for the user today, against the day's allowance, and when it starts again. */
function AllowanceCard({ allowance }: { allowance: AiAllowance }) {
  const { used, limit, resetsAt } = allowance;
  const spent = limit !== null && used >= limit;
  return (
    <article className="usage-card usage-allowance" data-testid="usage-AI allowance today">
      <IonIcon icon={sparklesOutline} className="usage-card__icon" aria-hidden="true" />
      <p className="usage-card__label">AI allowance today</p>
      <p className="usage-card__value">
        {limit === null
          ? `${formatCount(used)} tokens`
          : `${formatCount(Math.min(used, limit))} / ${formatCount(limit)} tokens`}
      </p>
      {limit !== null && (
        <progress
          className="usage-allowance__meter"
          max={limit}
          value={Math.min(used, limit)}
          aria-label="AI allowance used today"
        />
      )}
      <p className="usage-allowance__note">
        {spent ? "You've used today's AI allowance. " : ''}
        {limit === null
          ? 'No daily limit on this server.'
          : `Resets at 00:00 UTC (${formatWaitUntil(resetsAt)}).`}
      </p>
    </article>
  );
}
