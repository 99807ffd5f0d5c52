// oxlint-disable-next-line import/no-unassigned-import -- the screen's stylesheet, loaded with its chunk
import './dashboard.css';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { PROFILE_FIELD_NAMES } from '../../../domain/contract/profileFields';
import { openUserDb } from '../../data/db';
import { useAuth } from '../auth/auth.queries';
import { useProfileValues } from '../profile/useProfile';
import { isOperator } from '../settings/modelStatus';
import { Screen } from '../../ui/Screen';
import { formatMemberSince } from './format';
import { SubscriptionCard } from './SubscriptionCard';
import { UsageCards } from './UsageCards';

/** /dashboard: account details, subscription and usage. The route guard ensures a user. */
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
        <ProfileCard userId={user.id} />
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

/** How much of the profile is filled (this device's copy, so it shows offline too), and the way to it. */
function ProfileCard({ userId }: { userId: number }) {
  const db = useMemo(() => openUserDb(userId), [userId]);
  const values = useProfileValues(db);
  const filled = values ? Object.keys(values).length : null;
  return (
    <section className="panel" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Your profile</h2>
      <p className="muted">
        {filled === null
          ? 'What you sell, so flows arrive filled.'
          : `${filled} of ${PROFILE_FIELD_NAMES.length} fields filled. What you sell, so flows arrive filled.`}
      </p>
      <Link to="/profile" className="pp-button">
        {filled ? 'Edit your profile' : 'Fill in your profile'}
      </Link>
    </section>
  );
}
