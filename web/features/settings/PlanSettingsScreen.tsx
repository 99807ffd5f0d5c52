/**
 * /settings/plans: who gets the Pro tools on this server. Without payments the operator chooses
 * between every account getting every tool (the default) and only the accounts they grant; with
 * payments Pro is sold, and a grant gives it without paying. Grants and revokes are made here by
 * finding the account by name or email, and count on that account's next request.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the settings screens' stylesheet, loaded with their chunk
import './settings.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { UnauthorizedError } from '../../data/api';
import { useToast } from '../../ui/ToastProvider';
import { ChoiceOption, OperatorOnly, SettingsScreen, useOperatorQuery } from './OperatorSettings';
import {
  planAccountsQueryOptions,
  planSettingsQueryOptions,
  useSavePlanRule,
  useSetGrant,
  type PlanAccount,
  type PlanSettingsResponse,
} from './plans.queries';

/** The search waits this long after the last key before it asks the server. */
const SEARCH_PAUSE_MS = 250;

const RULES = [
  {
    value: 'everyone',
    title: 'Every account gets every tool',
    description:
      'The guided flows, competitive intelligence and drafts for everyone who signs up, with Pro’s daily AI allowance. Nobody pays.',
  },
  {
    value: 'granted',
    title: 'Only the accounts I grant',
    description:
      'Everyone else keeps the free tools: the chat, the idea analysis and their saved history.',
  },
] as const;

export function PlanSettingsScreen() {
  const {
    query: settings,
    hidden,
    operatorOnly,
  } = useOperatorQuery(planSettingsQueryOptions, '/settings/plans');
  if (hidden) return null;
  if (operatorOnly) return <OperatorOnly what="who gets the PRO tools" />;
  return (
    <SettingsScreen
      current="/settings/plans"
      title="Plans"
      lede="Who gets the PRO tools on this server: the guided flows, competitive intelligence and the drafts."
      settings={settings}
    >
      {(saved) => <PlanSettingsForm settings={saved} />}
    </SettingsScreen>
  );
}

function PlanSettingsForm({ settings }: { settings: PlanSettingsResponse }) {
  const id = useId();
  const toast = useToast();
  const save = useSavePlanRule();
  const everyone = settings.everyAccountPro && !settings.paymentsEnabled;
  // The choice shows from the tap on, over the settings it was made on, until settings saved since
  // are drawn; a refusal puts the saved one back. (Kept here, not read from the mutation, whose
  // pending state arrives a tick after the tap, nor let go when the save ends, a tick before the
  // saved settings are drawn: either way the radio would spring back for a moment.)
  const [picked, setPicked] = useState<{ value: boolean; over: string | null } | null>(null);
  const shown =
    picked && picked.over === settings.updatedAt ? picked.value : settings.everyAccountPro;
  const choose = (everyAccountPro: boolean) => {
    if (everyAccountPro === shown) return;
    setPicked({ value: everyAccountPro, over: settings.updatedAt });
    save.mutate(everyAccountPro, {
      onError: () => setPicked(null),
      onSuccess: () =>
        toast({
          header: 'Plans saved',
          message: everyAccountPro
            ? 'Every account now gets every tool.'
            : 'Only the accounts you grant have the PRO tools now.',
          color: 'success',
        }),
    });
  };

  return (
    <div className="model-settings">
      {settings.paymentsEnabled ? (
        <p className="callout settings-status" role="note">
          Payments are set up on this server, so Pro is sold on the pricing page. An account you
          grant below has Pro without paying.
        </p>
      ) : (
        <fieldset className="settings-section" disabled={save.isPending}>
          <legend className="settings-section__title">Who gets every tool</legend>
          <div className="provider-choice" role="radiogroup" aria-label="Who gets every tool">
            {RULES.map(({ value, title, description }) => (
              <ChoiceOption
                key={value}
                name={`${id}-rule`}
                value={value}
                checked={shown === (value === 'everyone')}
                title={title}
                description={description}
                onChange={() => choose(value === 'everyone')}
              />
            ))}
          </div>
          {save.error && (
            <p className="form-error" role="alert">
              {save.error instanceof UnauthorizedError
                ? 'Your session has ended: sign in again, then choose again.'
                : save.error.message}
            </p>
          )}
        </fieldset>
      )}
      <GrantSection granted={settings.granted} everyone={everyone} />
    </div>
  );
}

/** Find an account and grant or revoke Pro; the granted ones are listed under the search. */
function GrantSection({ granted, everyone }: { granted: PlanAccount[]; everyone: boolean }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const wait = setTimeout(() => setQuery(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(wait);
  }, [typed]);
  const found = useQuery(planAccountsQueryOptions(query));
  const searching = query.length > 0;

  return (
    <section className="settings-section" aria-labelledby={`${id}-grants`}>
      <h2 id={`${id}-grants`} className="settings-section__title">
        Give Pro to an account
      </h2>
      {everyone && (
        <p className="settings-hint">
          Every account has every tool now: a grant counts once you choose ‘Only the accounts I
          grant’.
        </p>
      )}
      <div className="text-field">
        <label className="text-field__label" htmlFor={`${id}-search`}>
          Find an account by name or email
        </label>
        <div className="text-field__box">
          <input
            id={`${id}-search`}
            className="text-field__input"
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={100}
            placeholder="Name, username or email"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
      </div>
      {searching ? (
        found.isError ? (
          <p className="form-error" role="alert">
            Could not search: {found.error.message}
          </p>
        ) : found.data ? (
          <AccountList
            label="Accounts found"
            accounts={found.data.accounts}
            empty={`No account matches ‘${query}’.`}
          />
        ) : (
          <p className="setup-busy" role="status">
            <span className="pp-spinner pp-spinner--small" aria-hidden="true" />
            Searching…
          </p>
        )
      ) : (
        <AccountList
          label="Granted Pro"
          accounts={granted}
          empty="No account has been granted Pro yet."
        />
      )}
    </section>
  );
}

function AccountList({
  label,
  accounts,
  empty,
}: {
  label: string;
  accounts: PlanAccount[];
  empty: string;
}) {
  if (accounts.length === 0) return <p className="settings-hint">{empty}</p>;
  return (
    <ul className="plan-accounts" aria-label={label}>
      {accounts.map((account) => (
        <AccountRow key={account.id} account={account} />
      ))}
    </ul>
  );
}

const ACCESS_TEXT: Record<PlanAccount['access'], string> = {
  subscription: 'Pays for Pro',
  granted: 'Pro, granted',
  everyone: 'Every tool, as every account',
  none: 'Free tools only',
};

function AccountRow({ account }: { account: PlanAccount }) {
  const setGrant = useSetGrant();
  const toast = useToast();
  const who = account.name ? `${account.name} (${account.username})` : account.username;
  const granted = account.grantedAt !== null;
  const change = () =>
    setGrant.mutate(
      { userId: account.id, granted: !granted },
      {
        onSuccess: () =>
          toast({
            header: granted ? 'Pro revoked' : 'Pro granted',
            message: `${who} ${granted ? 'no longer has' : 'has'} Pro from their next tap.`,
            color: 'success',
          }),
        onError: (error) =>
          toast({ header: 'Not changed', message: error.message, color: 'danger' }),
      },
    );
  return (
    <li className="plan-account">
      <span className="plan-account__who">
        <span className="plan-account__name">{who}</span>
        <span className="plan-account__email">{account.email}</span>
        <span className="plan-account__access">{ACCESS_TEXT[account.access]}</span>
      </span>
      <button
        type="button"
        className={`pp-button plan-account__button${granted ? '' : ' pp-button--primary'}`}
        onClick={change}
        disabled={setGrant.isPending}
        aria-label={`${granted ? 'Revoke Pro for' : 'Grant Pro to'} ${who}`}
      >
        {granted ? 'Revoke Pro' : 'Grant Pro'}
      </button>
    </li>
  );
}
