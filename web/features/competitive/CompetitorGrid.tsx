import { IonIcon } from '@ionic/react';
import {
  addCircleOutline,
  pricetagOutline,
  peopleOutline,
  removeCircleOutline,
} from 'ionicons/icons';
import type { CompetitorAnalysis } from '../../../domain/contract/playbooks';
import { CompetitorLogo } from './CompetitorLogo';

type Competitor = CompetitorAnalysis['competitors'][number];

/** The competitors as cards: 2 columns on a phone, up to 4 on wide screens (spec §2). */
export function CompetitorGrid({ competitors }: { competitors: readonly Competitor[] }) {
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
          {c.strengths.length > 0 && (
            <div className="competitor-card__section">
              <h4 className="competitor-card__label competitor-card__label--good">
                <IonIcon icon={addCircleOutline} aria-hidden="true" />
                Strengths
              </h4>
              <ul className="competitor-card__points">
                {c.strengths.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </div>
          )}
          {c.weaknesses.length > 0 && (
            <div className="competitor-card__section">
              <h4 className="competitor-card__label competitor-card__label--bad">
                <IonIcon icon={removeCircleOutline} aria-hidden="true" />
                Weaknesses
              </h4>
              <ul className="competitor-card__points">
                {c.weaknesses.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </div>
          )}
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
        </li>
      ))}
    </ul>
  );
}
