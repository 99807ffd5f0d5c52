import { IonButton, IonIcon } from '@ionic/react';
import { useNavigate } from '@tanstack/react-router';
import { checkmarkCircle, diamond, sparklesOutline } from 'ionicons/icons';
import { PRO_FEATURES } from '../../../domain/plans';
import { IonSkeletonText } from '../../ui/IonSkeletonText';
import { LinkButton } from '../../ui/LinkButton';
import { useAuth } from '../auth/auth.queries';

/** 'PRO Plan' with its features for paid users; otherwise 'No Active Plan' and the way to upgrade. */
export function SubscriptionCard() {
  const { isPaid, isSubscriptionLoading } = useAuth();
  const navigate = useNavigate();

  if (isSubscriptionLoading) {
    return (
      <section className="panel subscription" aria-label="Subscription">
        <IonSkeletonText animated style={{ width: '40%', height: '1.4rem' }} />
        <IonSkeletonText animated style={{ width: '80%' }} />
      </section>
    );
  }

  if (isPaid) {
    return (
      <section className="panel subscription subscription--pro" aria-labelledby="subscription-heading">
        <div className="subscription__head">
          <IonIcon icon={diamond} className="subscription__icon" aria-hidden="true" />
          <div>
            <h2 id="subscription-heading">PRO Plan</h2>
            <p className="muted">Active · billed monthly</p>
          </div>
        </div>
        <ul className="feature-list">
          {PRO_FEATURES.map((feature) => (
            <li key={feature}>
              <IonIcon icon={checkmarkCircle} color="primary" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
        {/* Checkout is a screen of its own issue; navigate by href until its route exists. */}
        <IonButton fill="outline" expand="block" onClick={() => void navigate({ href: '/checkout' })}>
          Manage Payment Method
        </IonButton>
      </section>
    );
  }

  return (
    <section className="panel subscription" aria-labelledby="subscription-heading">
      <div className="subscription__head">
        <IonIcon icon={sparklesOutline} className="subscription__icon subscription__icon--muted" aria-hidden="true" />
        <div>
          <h2 id="subscription-heading">No Active Plan</h2>
          <p className="muted">You are on the free tier. Upgrade for the PRO tools: GTM plans, cold emails, personas and more.</p>
        </div>
      </div>
      <LinkButton to="/pricing" expand="block">
        Upgrade to PRO Plan
      </LinkButton>
    </section>
  );
}
