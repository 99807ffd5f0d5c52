/**
 * What the operator's settings screens share: the session and operator check around a settings
 * query, the tabs between them, the refusal for anyone else, and a radio option as a tappable card.
 */
import { useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { arrowBackOutline, lockClosedOutline } from 'ionicons/icons';
import { useEffect, type ReactNode } from 'react';
import { ApiError, UnauthorizedError } from '../../data/api';
import { InlineIcon } from '../../ui/InlineIcon';
import { Screen } from '../../ui/Screen';
import { authKeys, useAuth } from '../auth/auth.queries';
import { isOperator } from './modelStatus';

/** The settings the operator has, in the order their tabs show. */
const TABS = [
  { to: '/settings/model', label: 'Model' },
  { to: '/settings/plans', label: 'Plans' },
  { to: '/settings/connections', label: 'Connections' },
  { to: '/settings/web-search', label: 'Web search' },
] as const;
export type SettingsPath = (typeof TABS)[number]['to'];

/**
 * A settings query for the operator. A 401 is a session that ended (the cached user is out of
 * date): sign in again, then back to `path`. A 403 is a signed-in user who is not the operator.
 */
export function useOperatorQuery<T, Key extends readonly unknown[]>(
  options: UseQueryOptions<T, Error, T, Key>,
  path: SettingsPath,
) {
  const { user } = useAuth();
  const operator = isOperator(user);
  const query = useQuery({ ...options, enabled: operator });
  const sessionEnded = query.error instanceof UnauthorizedError;
  const refused = query.error instanceof ApiError && query.error.status === 403;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!sessionEnded) return;
    void queryClient.invalidateQueries({ queryKey: authKeys.user });
    void navigate({
      to: '/auth/$tab',
      params: { tab: 'login' },
      search: { redirect: path.slice(1) },
      replace: true,
    });
  }, [sessionEnded, navigate, queryClient, path]);
  return {
    query,
    /** Nothing to draw: no user yet, or on the way to sign in again. */
    hidden: !user || sessionEnded,
    operatorOnly: !operator || refused,
  };
}

/**
 * One of the operator's settings screens: the way back, its title, the tabs between them, and its
 * form once the settings are loaded (or why they are not).
 */
export function SettingsScreen<T>({
  current,
  title,
  lede,
  settings,
  children,
}: {
  current: SettingsPath;
  title: string;
  lede: string;
  settings: { data: T | undefined; error: Error | null };
  children: (data: T) => ReactNode;
}) {
  return (
    <Screen width="narrow">
      <SettingsHeader current={current} title={title} lede={lede} />
      {settings.data !== undefined ? (
        children(settings.data)
      ) : settings.error ? (
        <p className="form-error" role="alert">
          Could not load the settings: {settings.error.message}
        </p>
      ) : (
        <p className="setup-busy" role="status">
          <span className="pp-spinner pp-spinner--small" aria-hidden="true" />
          Loading…
        </p>
      )}
    </Screen>
  );
}

function SettingsHeader({
  current,
  title,
  lede,
}: {
  current: SettingsPath;
  title: string;
  lede: string;
}) {
  return (
    <>
      <Link to="/dashboard" className="settings-back">
        <InlineIcon icon={arrowBackOutline} />
        Dashboard
      </Link>
      <section className="page-intro">
        <p className="eyebrow">Settings</p>
        <h1>{title}</h1>
        <p className="lede">{lede}</p>
      </section>
      <nav className="settings-tabs" aria-label="Settings">
        {TABS.map((tab) => (
          <Link
            key={tab.to}
            to={tab.to}
            className="settings-tabs__tab"
            aria-current={tab.to === current ? 'page' : undefined}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
    </>
  );
}

/** Anyone but the operator: who decides `what`, and that everything else works as it is. */
export function OperatorOnly({ what }: { what: string }) {
  return (
    <Screen width="narrow">
      <section className="state-card" aria-labelledby="operator-only-heading">
        <InlineIcon icon={lockClosedOutline} className="state-card__icon" />
        <h1 id="operator-only-heading">Only the operator can change this</h1>
        <p className="muted">
          The person who runs this server chooses {what}. Everything else works as it is.
        </p>
        <div className="state-card__actions">
          <Link to="/dashboard" className="pp-button">
            <InlineIcon icon={arrowBackOutline} />
            Back to Dashboard
          </Link>
        </div>
      </section>
    </Screen>
  );
}

/** One radio option drawn as a card the whole of which takes the tap. */
export function ChoiceOption({
  name,
  value,
  checked,
  title,
  description,
  onChange,
}: {
  name: string;
  value: string;
  checked: boolean;
  title: string;
  description: string;
  onChange: () => void;
}) {
  return (
    <label className={`provider-option${checked ? ' provider-option--checked' : ''}`}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} />
      <span className="provider-option__text">
        <span className="provider-option__label">{title}</span>
        <span className="provider-option__description">{description}</span>
      </span>
    </label>
  );
}

/** Read-only, with why: the environment's value wins over anything saved here. */
export function SetByEnvironment() {
  return (
    <span className="settings-locked">
      <InlineIcon icon={lockClosedOutline} />
      Set by the environment
    </span>
  );
}

/** A settings field: its label over the box that holds its control, then what follows (a hint, a note). */
export function SettingsField({
  htmlFor,
  label,
  children,
  after,
}: {
  htmlFor: string;
  label: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className="text-field">
      <label className="text-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      <div className="text-field__box">{children}</div>
      {after}
    </div>
  );
}

/** What every address field of the settings shares: the URL keyboard, no corrections, no autofill. */
export const URL_FIELD = {
  className: 'text-field__input',
  type: 'url',
  inputMode: 'url',
  autoComplete: 'off',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;
