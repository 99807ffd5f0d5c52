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
import { ServerOfferNote, proOfferOf, type ProOffer } from './PaymentsOff';
import { TeamContactDialog } from './TeamContactDialog';
import { usePlanSelection } from './usePlanSelection';

/**
 * /pricing: Pro (the one server-configured price) and Team (by contact). On a server without
 * payments it says what the server offers instead (every tool for every account, or Pro given by
 * its operator), and never shows an 'Upgrade' that cannot be used.
 */
export function PricingScreen() {
  // While React hydrates the prerendered page, the price is drawn as the build drew it (loading), and
  // the query does not report to this screen: an answer landing mid-hydration would make React
  // finish the whole page at once, in one long task. It shows right after, in a transition
  // (useHydrating).
  const hydrating = useHydrating();
  const plans = useQuery({ ...plansQueryOptions, subscribed: !hydrating });
  const planData = hydrating ? undefined : plans.data;
  const { user, hasPro, isLoading } = useAuth();
  const { selectPro, selectTeam, teamDialogOpen, closeTeamDialog } = usePlanSelection();
  const offer = proOfferOf(planData);
  const sold = offer === undefined || offer === 'checkout';
  const pro = proCard(offer, { signedIn: user !== null, hasPro });

  const proPrice = !sold ? (
    <span className="plan-card__custom">
      {offer === 'everyone' ? 'Included on this server' : 'Given by this server’s operator'}
    </span>
  ) : planData ? (
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
        <p className="lede">
          {sold
            ? 'Start free. Upgrade when you need the PRO tools. Billed monthly.'
            : offer === 'everyone'
              ? 'Every PRO tool is yours on this server, free.'
              : 'Start free. Pro on this server comes from whoever runs it.'}
        </p>
      </section>

      {!sold && <ServerOfferNote offer={offer} operator={user?.isOperator === true} />}

      <div className="plan-grid">
        <PlanCard
          name={PRO_PLAN_NAME}
          tagline={PRO_PLAN_TAGLINE}
          price={proPrice}
          features={PRO_FEATURES}
          buttonLabel={pro.label}
          current={pro.current}
          busy={isLoading}
          onSelect={selectPro}
          note={pro.note}
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

/** The Pro card's button (or none) and its note, by what this server offers and who is reading. */
export function proCard(
  offer: ProOffer | undefined,
  reader: { signedIn: boolean; hasPro: boolean },
): { label?: string; current: boolean; note?: string } {
  if (offer === undefined || offer === 'checkout')
    return reader.hasPro
      ? { label: 'Current Plan', current: true }
      : { label: 'Upgrade to Pro', current: false };
  if (!reader.signedIn)
    return {
      label: 'Create a free account',
      current: false,
      note:
        offer === 'everyone'
          ? 'Every tool comes with the account.'
          : 'Then ask whoever runs this server to give your account Pro.',
    };
  if (reader.hasPro) return { label: 'Open your tools', current: false };
  return { current: false, note: 'Ask whoever runs this server to give your account Pro.' };
}
