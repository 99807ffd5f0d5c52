import { IonIcon } from '@ionic/react';
import {
  analyticsOutline,
  checkmarkCircle,
  checkmarkDone,
  diamondOutline,
  pricetagOutline,
  removeCircleOutline,
} from 'ionicons/icons';
import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { StartupSummary } from '../../../domain/contract/analysis';
import { YC_CHECKS, ycScore } from './analysisText';

const TABS = [
  { id: 'market', label: 'Market Size', icon: analyticsOutline },
  { id: 'value', label: 'Value Prop', icon: diamondOutline },
  { id: 'pricing', label: 'Pricing', icon: pricetagOutline },
  { id: 'yc', label: 'YC Checklist', icon: checkmarkDone },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The analysis in four tabs: Market Size, Value Prop, Pricing, YC Checklist. */
export function AnalysisResults({ summary }: { summary: StartupSummary }) {
  const [tab, setTab] = useState<TabId>('market');
  const tabRefs = useRef(new Map<TabId, HTMLButtonElement>());

  // Arrow keys move between tabs, as in any tab list (WAI-ARIA tabs pattern).
  const handleKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = TABS.findIndex((t) => t.id === tab);
    const next = TABS[(index + step + TABS.length) % TABS.length]!.id;
    setTab(next);
    tabRefs.current.get(next)?.focus();
  };

  return (
    <section className="analysis" aria-label="Analysis">
      <div
        className="analysis-tabs"
        role="tablist"
        aria-label="Analysis sections"
        onKeyDown={handleKeyDown}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              if (el) tabRefs.current.set(t.id, el);
            }}
            type="button"
            role="tab"
            id={`analysis-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`analysis-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className="analysis-tabs__tab"
            onClick={() => setTab(t.id)}
          >
            <IonIcon icon={t.icon} aria-hidden="true" />
            <span>{t.label}</span>
          </button>
        ))}
      </div>

      <div
        className="analysis-panel panel"
        role="tabpanel"
        id={`analysis-panel-${tab}`}
        aria-labelledby={`analysis-tab-${tab}`}
      >
        {tab === 'market' && <MarketSize market={summary.marketSize} />}
        {tab === 'value' && <ValueProp value={summary.valueProposition} />}
        {tab === 'pricing' && <Pricing pricing={summary.pricing} />}
        {tab === 'yc' && <YcChecklist summary={summary} />}
      </div>
    </section>
  );
}

function MarketSize({ market }: { market: StartupSummary['marketSize'] }) {
  const figures = [
    { key: 'TAM', name: 'Total addressable market', value: market.tam },
    { key: 'SAM', name: 'Serviceable available market', value: market.sam },
    { key: 'SOM', name: 'Serviceable obtainable market', value: market.som },
  ];
  return (
    <>
      <h2 className="analysis-panel__title">Market Size</h2>
      <dl className="market-figures">
        {figures.map((figure) => (
          <div
            key={figure.key}
            className={`market-figure market-figure--${figure.key.toLowerCase()}`}
            data-testid={`market-${figure.key}`}
          >
            <dt>
              <abbr title={figure.name}>{figure.key}</abbr>
              <span>{figure.name}</span>
            </dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="analysis-panel__subtitle">Assumptions</h3>
      <ul className="analysis-list">
        {market.assumptions.map((assumption) => (
          <li key={assumption}>{assumption}</li>
        ))}
      </ul>
    </>
  );
}

function ValueProp({ value }: { value: StartupSummary['valueProposition'] }) {
  return (
    <>
      <h2 className="analysis-panel__title">Value Proposition</h2>
      <p className="analysis-panel__label">Core</p>
      <blockquote className="value-core">{value.core}</blockquote>
      <h3 className="analysis-panel__subtitle">What makes it unique</h3>
      <ul className="feature-list">
        {value.unique.map((point) => (
          <li key={point}>
            <IonIcon icon={checkmarkCircle} color="primary" aria-hidden="true" />
            <span>{point}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function Pricing({ pricing }: { pricing: StartupSummary['pricing'] }) {
  return (
    <>
      <h2 className="analysis-panel__title">Pricing</h2>
      <dl className="pricing-facts">
        <div className="pricing-facts__range">
          <dt>Range</dt>
          <dd>{pricing.range}</dd>
        </div>
        <div>
          <dt>Model</dt>
          <dd>{pricing.model}</dd>
        </div>
        <div>
          <dt>Strategy</dt>
          <dd>{pricing.strategy}</dd>
        </div>
      </dl>
    </>
  );
}

function YcChecklist({ summary }: { summary: StartupSummary }) {
  const score = ycScore(summary);
  return (
    <>
      <div className="yc-head">
        <h2 className="analysis-panel__title">YC Checklist</h2>
        <span className="yc-score" aria-label={`${score} of ${YC_CHECKS.length} answered`}>
          {score}/{YC_CHECKS.length}
        </span>
      </div>
      <p className="muted yc-intro">
        Does the idea, as described, answer the questions Y Combinator asks first?
      </p>
      <ul className="yc-list">
        {YC_CHECKS.map((check) => {
          const passed = summary.ycQuestions[check.key];
          return (
            <li
              key={check.key}
              className={`yc-item${passed ? ' yc-item--passed' : ''}`}
              data-testid={`yc-${check.key}`}
              data-passed={passed}
            >
              <IonIcon
                icon={passed ? checkmarkCircle : removeCircleOutline}
                className="yc-item__icon"
                aria-hidden="true"
              />
              <div>
                <p className="yc-item__label">{check.label}</p>
                <p className="yc-item__question">{check.question}</p>
              </div>
              <span className="yc-item__status">{passed ? 'Yes' : 'Not yet'}</span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
