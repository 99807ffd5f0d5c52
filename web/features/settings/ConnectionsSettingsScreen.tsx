/**
 * Settings → Connections: the apps the operator registered with HubSpot and Salesforce, so reps can
 * connect their own CRM account from their account page. Each shows the redirect URL to register
 * with the CRM (with Copy), the client id and secret (the secret never shown back: 'a secret is
 * saved; type to replace it'), and for Salesforce the login address (a sandbox's, a My Domain).
 * An app the environment sets is read-only.
 */
import { useId, useState, type FormEvent } from 'react';
import type { CrmAppSettings, CrmSettingsResponse } from '../../../domain/contract/crm';
import { CRM_NAMES } from '../../../domain/contract/crmBasics';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/ToastProvider';
import { COPY_FAILED_TOAST, copyText } from '../../ui/copyText';
import {
  OperatorOnly,
  SetByEnvironment,
  SettingsField,
  SettingsScreen,
  URL_FIELD,
  useOperatorQuery,
} from './OperatorSettings';
import { crmSettingsQueryOptions, useRemoveCrmApp, useSaveCrmApp } from './connections.queries';
// oxlint-disable-next-line import/no-unassigned-import -- the settings screens' stylesheet, loaded with the chunk
import './settings.css';

export function ConnectionsSettingsScreen() {
  const {
    query: settings,
    hidden,
    operatorOnly,
  } = useOperatorQuery(crmSettingsQueryOptions, '/settings/connections');
  if (hidden) return null;
  if (operatorOnly) return <OperatorOnly what="which CRMs reps can connect" />;
  return (
    <SettingsScreen
      current="/settings/connections"
      title="Connections"
      lede="The CRMs your reps can send notes to. Register an app with HubSpot or Salesforce, then enter it here: each rep then connects their own account from their account page."
      settings={settings}
    >
      {(saved: CrmSettingsResponse) => (
        <div className="model-settings">
          {saved.apps.map((app) => (
            <AppForm key={`${app.provider}:${app.updatedAt ?? 'none'}`} app={app} />
          ))}
        </div>
      )}
    </SettingsScreen>
  );
}

function AppForm({ app }: { app: CrmAppSettings }) {
  const id = useId();
  const toast = useToast();
  const save = useSaveCrmApp();
  const remove = useRemoveCrmApp();
  const [confirming, setConfirming] = useState(false);
  const name = CRM_NAMES[app.provider];
  const [clientId, setClientId] = useState(app.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [loginUrl, setLoginUrl] = useState(app.loginUrl ?? '');
  const locked = app.fromEnv;

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || locked) return;
    save.mutate(
      {
        provider: app.provider,
        input: {
          clientId: clientId.trim(),
          ...(clientSecret.trim() ? { clientSecret: clientSecret.trim() } : {}),
          ...(app.provider === 'salesforce' ? { loginUrl: loginUrl.trim() } : {}),
        },
      },
      {
        onSuccess: () =>
          toast({
            header: `${name} saved`,
            message: `Reps can connect ${name} from their account page now.`,
            color: 'success',
          }),
      },
    );
  };
  const copyRedirect = async () => {
    if (!(await copyText(app.redirectUri))) toast(COPY_FAILED_TOAST);
    else toast({ header: 'Copied', message: app.redirectUri, color: 'success' });
  };

  return (
    <form
      className="settings-section"
      onSubmit={handleSave}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="settings-section__title">
        {name} {locked && <SetByEnvironment />}
      </h2>
      <p className="settings-hint">
        {app.clientId
          ? `Reps can connect ${name}.`
          : `Not set up: reps don’t see ${name} on their account page.`}
      </p>
      {app.secretUnreadable && (
        <p className="form-error" role="alert">
          The saved client secret can no longer be read (the server's secret has changed since it
          was saved): enter it again.
        </p>
      )}
      <SettingsField
        htmlFor={`${id}-redirect`}
        label={`Redirect URL to register with ${name}`}
        after={
          <button type="button" className="pp-button" onClick={() => void copyRedirect()}>
            Copy redirect URL
          </button>
        }
      >
        <input id={`${id}-redirect`} {...URL_FIELD} value={app.redirectUri} readOnly />
      </SettingsField>
      <SettingsField htmlFor={`${id}-client`} label="Client id">
        <input
          id={`${id}-client`}
          className="text-field__input"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={clientId}
          readOnly={locked}
          onChange={(event) => {
            save.reset();
            setClientId(event.target.value);
          }}
        />
      </SettingsField>
      {!locked && (
        <SettingsField
          htmlFor={`${id}-secret`}
          label={
            app.hasSecret && !app.secretUnreadable
              ? 'Client secret (a secret is saved; type to replace it)'
              : 'Client secret'
          }
        >
          <input
            id={`${id}-secret`}
            className="text-field__input"
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            value={clientSecret}
            onChange={(event) => {
              save.reset();
              setClientSecret(event.target.value);
            }}
          />
        </SettingsField>
      )}
      {app.provider === 'salesforce' && (
        <SettingsField htmlFor={`${id}-login`} label="Login address">
          <input
            id={`${id}-login`}
            {...URL_FIELD}
            placeholder="https://login.salesforce.com"
            value={loginUrl}
            readOnly={locked}
            onChange={(event) => {
              save.reset();
              setLoginUrl(event.target.value);
            }}
          />
        </SettingsField>
      )}
      {save.error && (
        <p className="form-error" role="alert">
          {save.error.message}
        </p>
      )}
      {!locked && (
        <div className="settings-actions">
          {app.clientId && (
            <button type="button" className="pp-button" onClick={() => setConfirming(true)}>
              Remove
            </button>
          )}
          <button
            type="submit"
            className="pp-button pp-button--primary"
            aria-busy={save.isPending || undefined}
          >
            {save.isPending ? 'Saving…' : `Save ${name}`}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Remove ${name}?`}
        message={`Reps can no longer connect ${name} or send notes to it until it is set up again. Their connections are kept.`}
        error={remove.error?.message}
        pending={remove.isPending}
        cancelLabel="Keep it"
        confirmLabel="Remove"
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(app.provider, { onSuccess: () => setConfirming(false) })}
      />
    </form>
  );
}
