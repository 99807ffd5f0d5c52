// oxlint-disable-next-line import/no-unassigned-import -- the screen's stylesheet, loaded with its chunk
import './billing.css';
import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../../domain/limits';
import { BrandMark } from '../../ui/BrandMark';
import { Screen } from '../../ui/Screen';
import { LoginForm } from '../auth/LoginForm';
import { PlanSummary } from './PlanSummary';

/** Where login sends a Pro buyer: /checkout-auth skips checkout for someone who already pays. */
const AFTER_LOGIN = 'checkout-auth';

/** /login-pro: log in, then on to checkout. */
export function LoginProScreen() {
  return (
    <Screen width="narrow" className="auth-screen">
      <section className="auth-card">
        <div className="auth-card__brand">
          <BrandMark size={44} />
          <h1>Log in to upgrade to Pro</h1>
          <p className="muted">Sign in and we take you straight to checkout.</p>
        </div>
        <LoginForm redirect={AFTER_LOGIN} />
        <p className="login-pro__register">
          New to {PRODUCT_NAME}?{' '}
          <Link to="/auth/$tab" params={{ tab: 'register' }} search={{ redirect: AFTER_LOGIN }}>
            Create a free account
          </Link>
        </p>
      </section>
      <div className="login-pro__summary">
        <PlanSummary featureCount={3} />
      </div>
    </Screen>
  );
}
