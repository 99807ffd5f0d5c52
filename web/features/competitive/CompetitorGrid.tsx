import { IonIcon } from '@ionic/react';
import {
  addCircleOutline,
  pricetagOutline,
  peopleOutline,
  removeCircleOutline,
} from 'ionicons/icons';
import { Link } from '@tanstack/react-router';
import type { CompetitorAnalysis } from '../../../domain/contract/playbooks';
import { CompetitorLogo } from './CompetitorLogo';

type Competitor = CompetitorAnalysis['competitors'][number];

/** What a competitor's research asks its pages. */
const COMPETITOR_QUESTION =
  'What do they sell, to whom, at what price, and what do their customers say?';

/**
 * The competitors as cards: 2 columns on a phone, up to 4 on wide screens. With a search engine
 * (`lookUp`), each card offers to look its competitor up on the web: research whose every line
 * cites its page, kept on the phone, which later answers about them cite.
 */
export function CompetitorGrid({
  competitors,
  lookUp = false,
}: {
  competitors: readonly Competitor[];
  lookUp?: boolean;
}) {
  return (
    <ul
      className={`competitor-grid competitor-grid--${Math.min(Math.max(competitors.length, 2), 4)}`}
      aria-label="Competitors"
    >
      {competitors.map((c) => (
        <li key={c.name} className="competitor-card">
          <div className="competitor-card__head">
            <CompetitorLogo name={c.name} />
            <h3 className="competitor-card__name">{c.name}</h3>
          </div>
          {c.description && <p className="competitor-card__description">{c.description}</p>}
          <Points label="Strengths" tone="good" icon={addCircleOutline} points={c.strengths} />
          <Points label="Weaknesses" tone="bad" icon={removeCircleOutline} points={c.weaknesses} />
          <dl className="competitor-card__facts">
            {c.pricing && (
              <div>
                <dt>
                  <IonIcon icon={pricetagOutline} aria-hidden="true" />
                  <span className="visually-hidden">Pricing</span>
                </dt>
                <dd>{c.pricing}</dd>
              </div>
            )}
            {c.target_customers && (
              <div>
                <dt>
                  <IonIcon icon={peopleOutline} aria-hidden="true" />
                  <span className="visually-hidden">Target customers</span>
                </dt>
                <dd>{c.target_customers}</dd>
              </div>
            )}
          </dl>
          {lookUp && (
            <Link
              to="/research"
              search={{ subject: c.name, question: COMPETITOR_QUESTION }}
              className="result-actions__button competitor-card__look-up"
            >
              Look up {c.name}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A card's strengths or weaknesses under their heading; nothing when there are none. */
function Points({
  label,
  tone,
  icon,
  points,
}: {
  label: string;
  tone: 'good' | 'bad';
  icon: string;
  points: readonly string[];
}) {
  if (points.length === 0) return null;
  return (
    <div className="competitor-card__section">
      <h4 className={`competitor-card__label competitor-card__label--${tone}`}>
        <IonIcon icon={icon} aria-hidden="true" />
        {label}
      </h4>
      <ul className="competitor-card__points">
        {points.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    </div>
  );
}
