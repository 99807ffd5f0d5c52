import { IonIcon } from '@ionic/react';
import { Link } from '@tanstack/react-router';
import { arrowBackOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';

/** The top of both checkout pages: back to pricing, and the heading (with a line on how it goes). */
export function CheckoutIntro({ children }: { children?: ReactNode }) {
  return (
    <>
      <Link to="/pricing" className="back-link">
        <IonIcon icon={arrowBackOutline} aria-hidden="true" />
        Pricing
      </Link>
      <section className="page-intro checkout-intro">
        <p className="eyebrow">Checkout</p>
        <h1>Upgrade to Pro</h1>
        {children}
      </section>
    </>
  );
}
