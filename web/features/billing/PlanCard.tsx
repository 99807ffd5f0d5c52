import { checkmarkCircle } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { earlyTap } from '../../../domain/contract/earlyTapScript';
import { InlineIcon } from '../../ui/InlineIcon';

interface PlanCardProps {
  name: string;
  tagline: string;
  /** The price line, or a description where the plan has no list price. */
  price: ReactNode;
  features: readonly string[];
  /** The button's label; none where the plan is not chosen on this page (`note` says how instead). */
  buttonLabel?: string;
  onSelect: () => void;
  recommended?: boolean;
  current?: boolean;
  /** Who is signed in is not known yet: the button still takes a tap (onSelect keeps it until then). */
  busy?: boolean;
  /** A line under the button, or in its place: how this plan is had on this server. */
  note?: string;
}

/**
 * One plan on the pricing page: plain elements, as the page is prerendered (no Ionic element to wait
 * for). Its button is never disabled for the wait (a disabled button gets no tap at all): a tap before
 * the app has taken the page over is kept (domain/contract/earlyTapScript.ts), one while the session is
 * looked up is kept by usePlanSelection.
 */
export function PlanCard({
  name,
  tagline,
  price,
  features,
  buttonLabel,
  onSelect,
  recommended,
  current,
  busy,
  note,
}: PlanCardProps) {
  const headingId = `plan-${name.toLowerCase()}`;
  const noteId = `${headingId}-note`;
  return (
    <article
      className={`plan-card${recommended ? ' plan-card--recommended' : ''}`}
      aria-labelledby={headingId}
    >
      {recommended && <span className="plan-card__ribbon">Recommended</span>}
      <h2 id={headingId} className="plan-card__name">
        {name}
      </h2>
      <p className="plan-card__tagline">{tagline}</p>
      <div className="plan-card__price">{price}</div>
      {buttonLabel !== undefined && (
        <button
          type="button"
          className={`pp-button plan-card__button${recommended && !current ? ' pp-button--primary' : ''}`}
          onClick={onSelect}
          aria-busy={busy || undefined}
          {...earlyTap(headingId)}
          aria-current={current ? 'true' : undefined}
          aria-describedby={note ? noteId : undefined}
        >
          {current && <InlineIcon icon={checkmarkCircle} />}
          {buttonLabel}
        </button>
      )}
      {note && (
        <p id={noteId} className="plan-card__note">
          {note}
        </p>
      )}
      <ul className="plan-card__features">
        {features.map((feature) => (
          <li key={feature}>
            <InlineIcon icon={checkmarkCircle} className="plan-card__check" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}
