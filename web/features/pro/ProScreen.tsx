// oxlint-disable-next-line import/no-unassigned-import -- the screen's stylesheet, loaded with its chunk
import './pro.css';
import { IonButton, IonIcon } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { checkmarkCircle, diamond, sparkles } from 'ionicons/icons';
import { PRODUCT_NAME } from '../../../domain/limits';
import { PRO_FEATURES, PRO_PLAN_TAGLINE } from '../../../domain/plans';
import { IonSkeletonText } from '../../ui/IonSkeletonText';
import { Screen } from '../../ui/Screen';
import { useAuth } from '../auth/auth.queries';
import { plansQueryOptions } from '../billing/billing.queries';
import { formatPrice } from '../billing/formatPrice';
import { ServerOfferNote, proOfferOf } from '../billing/PaymentsOff';
import { usePlanSelection } from '../billing/usePlanSelection';
import { ToolCards, toolPath, useToolSelect } from '../landing/LandingScreen';

/** /pro, the Pro welcome page: the PRO tools for paying users, the upgrade pitch for everyone else. */
export function ProScreen() {
  const { hasPro, isLoading, isSubscriptionLoading } = useAuth();
  if (isLoading || isSubscriptionLoading) {
    return (
      <Screen>
        <div className="centered-state" role="status">
          <span className="pp-spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading…</span>
        </div>
      </Screen>
    );
  }
  return hasPro ? <ProTools /> : <ProPitch />;
}

function ProTools() {
  const selectTool = useToolSelect();
  return (
    <Screen>
      <section className="pro-hero pro-hero--member">
        <span className="pro-hero__badge">
          <IonIcon icon={diamond} aria-hidden="true" />
          PRO member
        </span>
        <h1>Your PRO tools</h1>
        <p className="lede">
          Everything is unlocked. Pick a tool and it walks you through the questions that matter.
        </p>
      </section>
      <ToolCards
        onSelect={(tool) => void selectTool(tool)}
        hrefOf={(tool) => toolPath(tool.type)}
      />
      <p className="pro-footnote muted">
        Your plan, card and invoices are on your <Link to="/dashboard">dashboard</Link>.
      </p>
    </Screen>
  );
}

function ProPitch() {
  const plans = useQuery(plansQueryOptions);
  const { selectPro } = usePlanSelection();
  const selectTool = useToolSelect();
  const { user } = useAuth();
  // Without payments there is no upgrade: a guest makes an account (every tool comes with it on a
  // server open to all), and a rep without Pro is told who gives it.
  const offer = proOfferOf(plans.data);
  const sold = offer === undefined || offer === 'checkout';

  return (
    <Screen>
      <section className="pro-hero">
        <span className="pro-hero__badge">
          <IonIcon icon={sparkles} aria-hidden="true" />
          {PRODUCT_NAME} Pro
        </span>
        <h1>{PRO_PLAN_TAGLINE}</h1>
        <p className="lede">
          Guided flows that turn a few answers into an investor-ready GTM plan, cold emails,
          personas and objection guides.
        </p>
        <div className="pro-hero__price" data-testid="pro-price">
          {!sold ? null : plans.data ? (
            <>
              <strong>{formatPrice(plans.data.pro.amount, plans.data.pro.currency)}</strong>
              <span>/ month · cancel anytime</span>
            </>
          ) : plans.isError ? null : (
            <IonSkeletonText
              animated
              className="pro-hero__price-skeleton"
              aria-label="Loading price"
            />
          )}
        </div>
        {(sold || !user) && (
          <IonButton size="large" className="pro-hero__cta" onClick={selectPro}>
            {sold ? 'Upgrade to Pro' : 'Create a free account'}
          </IonButton>
        )}
        {!user && sold && (
          <p className="pro-hero__hint muted">You will log in or create a free account first.</p>
        )}
      </section>

      {!sold && <ServerOfferNote offer={offer} operator={user?.isOperator === true} />}

      <section className="pro-section" aria-labelledby="pro-includes">
        <h2 id="pro-includes" className="section-title">
          What Pro includes
        </h2>
        <ul className="feature-list pro-features">
          {PRO_FEATURES.map((feature) => (
            <li key={feature}>
              <IonIcon icon={checkmarkCircle} color="primary" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="pro-section" aria-labelledby="pro-tools">
        <h2 id="pro-tools" className="section-title">
          The PRO tools
        </h2>
        <ToolCards
          onSelect={(tool) => void selectTool(tool)}
          hrefOf={(tool) => toolPath(tool.type)}
        />
      </section>
    </Screen>
  );
}
