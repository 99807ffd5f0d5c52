import { useQuery } from '@tanstack/react-query';
import {
  PRO_FEATURES,
  PRO_PLAN_NAME,
  PRO_PLAN_TAGLINE,
  TEAM_FEATURES,
  TEAM_PLAN_NAME,
  TEAM_PLAN_TAGLINE,
} from '../../../domain/plans';
import { PRODUCT_NAME } from '../../../domain/limits';
import { useHydrating } from '../../prerender/takeover';
import { Screen } from '../../ui/Screen';
import { useAuth } from '../auth/auth.queries';
import { formatPrice } from './formatPrice';
import { PlanCard } from './PlanCard';
import { plansQueryOptions } from './billing.queries';
import { PAYMENTS_OFF_REASON } from './billingText';
import { PaymentsOffNote } from './PaymentsOff';
import { TeamContactDialog } from './TeamContactDialog';
import { usePlanSelection } from './usePlanSelection';

/** /pricing: Pro (the one server-configured price) and Team (by contact). */
export function PricingScreen() {
  // While React hydrates the prerendered page, the price is drawn as the build drew it (loading), and
  // the query does not report to this screen: an answer landing mid-hydration would make React
  // finish the whole page at once, in one long task. It shows right after, in a transition
  // (useHydrating).
  const hydrating = useHydrating();
  const plans = useQuery({ ...plansQueryOptions, subscribed: !hydrating });
  const planData = hydrating ? undefined : plans.data;
  const { isPaid, isLoading } = useAuth();
  const { selectPro, selectTeam, teamDialogOpen, closeTeamDialog } = usePlanSelection();
  const paymentsOff = planData?.paymentsEnabled === false;

  const proPrice = planData ? (
    <>
      <span className="plan-card__amount">
        {formatPrice(planData.pro.amount, planData.pro.currency)}
      </span>
      <span className="plan-card__interval"> / month</span>
    </>
  ) : plans.isError && !hydrating ? (
    <span className="muted">Price unavailable right now</span>
  ) : (
    <span className="skeleton plan-card__price-skeleton" role="img" aria-label="Loading price" />
  );

  return (
    <Screen width="wide">
      <section className="page-intro page-intro--center">
        <p className="eyebrow">Pricing</p>
        <h1>Your AI Head of Growth, for less than a lunch</h1>
        <p className="lede">Start free. Upgrade when you need the PRO tools. Billed monthly.</p>
      </section>

      {paymentsOff && <PaymentsOffNote />}

      <div className="plan-grid">
        <PlanCard
          name={PRO_PLAN_NAME}
          tagline={PRO_PLAN_TAGLINE}
          price={proPrice}
          features={PRO_FEATURES}
          buttonLabel={isPaid ? 'Current Plan' : 'Upgrade to Pro'}
          current={isPaid}
          busy={isLoading}
          onSelect={selectPro}
          unavailable={paymentsOff && !isPaid ? PAYMENTS_OFF_REASON : undefined}
          recommended
        />
        <PlanCard
          name={TEAM_PLAN_NAME}
          tagline={TEAM_PLAN_TAGLINE}
          price={<span className="plan-card__custom">Tailored consulting for your team</span>}
          features={TEAM_FEATURES}
          buttonLabel={`Contact ${PRODUCT_NAME}`}
          busy={isLoading}
          onSelect={selectTeam}
        />
      </div>

      <TeamContactDialog
        open={teamDialogOpen}
        contactEmail={planData?.contactEmail}
        onClose={closeTeamDialog}
      />
    </Screen>
  );
}
