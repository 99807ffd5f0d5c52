/**
 * Connections: the rep's CRM accounts (HubSpot, Salesforce), where notes are sent from Pitchpad.
 * 'Connect' opens the CRM's own consent page, which sends the rep back here with how it went (said
 * once, as a toast). Only what this server offers is shown; with neither CRM set up, one line says
 * who can enable them, and nothing looks broken.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { CrmConnectionInfo } from '../../../domain/contract/crm';
import { CRM_NAMES, isCrmProvider } from '../../../domain/contract/crmBasics';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/ToastProvider';
import { openUserDb } from '../../data/db';
import { useAuth } from '../auth/auth.queries';
import { sendWaitingPushes } from '../crm/crmPushes';
import { crmConnectionsQueryOptions, useConnectCrm, useDisconnectCrm } from '../crm/crm.queries';
import { isOperator } from '../settings/modelStatus';
import { AccountList } from './ListLoading';

/** What the rep reads after the CRM's consent page sent them back. */
const RESULTS: Record<string, { header: string; message: (name: string) => string; ok: boolean }> =
  {
    connected: {
      header: 'Connected',
      message: (name) => `${name} is connected: notes you send from Pitchpad go into it.`,
      ok: true,
    },
    denied: {
      header: 'Not connected',
      message: (name) => `${name} was not connected: the permission was not given.`,
      ok: false,
    },
    expired: {
      header: 'Not connected',
      message: (name) =>
        `That sign-in with ${name} was not started here, or took too long: tap Connect ${name} again.`,
      ok: false,
    },
    failed: {
      header: 'Not connected',
      message: (name) => `${name} did not finish the sign-in: try again in a moment.`,
      ok: false,
    },
  };

export function ConnectionsSection({ userId }: { userId: number }) {
  const operator = isOperator(useAuth().user);
  const query = useQuery(crmConnectionsQueryOptions(userId));
  useConnectResultToast(userId);
  const crms = query.data?.crms ?? [];
  const offered = crms.filter((crm) => crm.available || crm.connection);

  return (
    <section className="account-section" aria-labelledby="connections-heading">
      <h2 id="connections-heading">Connections</h2>
      <p className="muted">
        Send debrief notes, call analyses and follow-ups into your CRM, also from a phone with no
        signal: they go when it returns.
      </p>
      <AccountList query={query} what="connections">
        {offered.length === 0 ? (
          operator ? (
            <p className="settings-hint">
              You run this server: enter a HubSpot or Salesforce app in{' '}
              <Link to="/settings/connections">Settings → Connections</Link>, and your reps can
              connect their CRM here.
            </p>
          ) : (
            <p className="settings-hint">
              HubSpot and Salesforce can be connected once the operator of this Pitchpad server sets
              them up.
            </p>
          )
        ) : (
          <ul className="account-devices">
            {offered.map((crm) => (
              <ConnectionRow key={crm.provider} userId={userId} crm={crm} />
            ))}
          </ul>
        )}
      </AccountList>
    </section>
  );
}

function ConnectionRow({ userId, crm }: { userId: number; crm: CrmConnectionInfo }) {
  const name = CRM_NAMES[crm.provider];
  const connect = useConnectCrm(userId);
  const disconnect = useDisconnectCrm(userId);
  const [confirming, setConfirming] = useState(false);
  const { connection } = crm;
  const connectLabel = connection?.needsReconnect ? `Reconnect ${name}` : `Connect ${name}`;
  const since = connection
    ? new Date(connection.connectedAt).toLocaleDateString(undefined, { dateStyle: 'medium' })
    : '';

  return (
    <li className="account-device">
      <div className="account-device__text">
        <p className="account-device__name">{name}</p>
        {connection ? (
          connection.needsReconnect ? (
            <p className="account-connection__problem" role="status">
              {name} no longer accepts Pitchpad’s connection to {connection.accountName}. Notes
              waiting to go are kept until you reconnect.
            </p>
          ) : (
            <p className="muted">
              {connection.accountName} · since {since}
            </p>
          )
        ) : (
          <p className="muted">Not connected</p>
        )}
        {connect.error && (
          <p className="form-error" role="alert">
            {connect.error.message}
          </p>
        )}
      </div>
      <div className="account-connection__actions">
        {(!connection || connection.needsReconnect) && crm.available && (
          <button
            type="button"
            className="pp-button pp-button--primary account-device__action"
            aria-busy={connect.isPending || undefined}
            onClick={() => {
              if (!connect.isPending) connect.mutate(crm.provider);
            }}
          >
            {connectLabel}
          </button>
        )}
        {connection && (
          <button
            type="button"
            className="pp-button pp-button--ghost account-device__action"
            onClick={() => setConfirming(true)}
          >
            Disconnect
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Disconnect ${name}?`}
        message={`Pitchpad stops sending notes to ${connection?.accountName ?? name}, and ${name} is told to forget its permission. Notes already there stay.`}
        error={disconnect.error?.message}
        pending={disconnect.isPending}
        cancelLabel="Keep it"
        confirmLabel="Disconnect"
        onCancel={() => setConfirming(false)}
        onConfirm={() => disconnect.mutate(crm.provider, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}

/** Says once how the CRM's consent page ended, then takes the answer out of the address. */
function useConnectResultToast(userId: number) {
  const search = useSearch({ strict: false }) as { crm?: string; result?: string };
  const navigate = useNavigate();
  const toast = useToast();
  useEffect(() => {
    const result = search.result ? RESULTS[search.result] : undefined;
    if (!isCrmProvider(search.crm) || !result) return;
    const name = CRM_NAMES[search.crm];
    toast({
      header: result.header,
      message: result.message(name),
      color: result.ok ? 'success' : 'warning',
    });
    // Notes that waited for this connection go now, not at their next try.
    if (result.ok) void sendWaitingPushes(openUserDb(userId));
    void navigate({ to: '/account', search: {}, replace: true });
  }, [search.crm, search.result, navigate, toast, userId]);
}
