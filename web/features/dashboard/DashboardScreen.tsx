import { Link } from '@tanstack/react-router';
import { useAuth } from '../auth/auth.queries';
import { isOperator } from '../settings/modelStatus';
import { Screen } from '../../ui/Screen';
import { formatMemberSince } from './format';
import { SubscriptionCard } from './SubscriptionCard';
import { UsageCards } from './UsageCards';

/** /dashboard: account details, subscription and usage (spec §2 Dashboard). The route guard ensures a user. */
export function DashboardScreen() {
  const { user } = useAuth();
  if (!user) return null;

  const details = [
    { label: 'Email', value: user.email },
    { label: 'Username', value: user.username },
    { label: 'Member Since', value: formatMemberSince(user.createdAt) },
  ];

  return (
    <Screen>
      <section className="page-intro">
        <p className="eyebrow">Dashboard</p>
        <h1>Hi, {user.name || user.username}</h1>
      </section>

      <div className="dashboard-grid">
        <section className="panel account" aria-labelledby="account-heading">
          <h2 id="account-heading">Account</h2>
          <dl className="account__details">
            {details.map((d) => (
              <div key={d.label} className="account__row">
                <dt>{d.label}</dt>
                <dd>{d.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <SubscriptionCard />
        {isOperator(user) && (
          <section className="panel" aria-labelledby="settings-heading">
            <h2 id="settings-heading">Settings</h2>
            <p className="muted">
              You run this server: connect or change the AI model everyone here uses.
            </p>
            <Link to="/settings/model" className="pp-button">
              Settings → Model
            </Link>
          </section>
        )}
      </div>

      <UsageCards />
    </Screen>
  );
}
