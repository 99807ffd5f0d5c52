/**
 * Which CRMs a rep can connect here, and with which app: a provider whose client id and secret are
 * both in the environment uses those; otherwise the app the operator saved in Settings →
 * Connections, if any. Each comes with its adapter.
 */
import { CRM_PROVIDERS, type CrmProvider } from '../../domain/contract/crm';
import type { Config } from '../config';
import type { Pool } from '../db';
import type { CrmAdapter, CrmApp } from './adapter';
import { readCrmApps, type Secrets } from './crm.sql';
import { hubspotAdapter } from './hubspot';
import { salesforceAdapter } from './salesforce';

export interface CrmSetup {
  adapter: CrmAdapter;
  /** Null when the operator has set up no app for this CRM (or its secret cannot be opened). */
  app: CrmApp | null;
  /** The app is the environment's (Settings shows it read-only). */
  fromEnv: boolean;
}

export const secretsOf = (config: Config): Secrets => ({
  secret: config.sessionSecret,
  previous: config.previousSessionSecret,
});

/** Where a CRM sends the rep back after its consent page. */
export const callbackUrl = (config: Config, provider: CrmProvider) =>
  `${config.appUrl}/api/crm/${provider}/callback`;

export async function crmSetups(
  config: Config,
  pool: Pool,
): Promise<Record<CrmProvider, CrmSetup>> {
  const stored = await readCrmApps(pool, secretsOf(config));
  const { hubspot, salesforce } = config.crm;
  const setups = {} as Record<CrmProvider, CrmSetup>;
  for (const provider of CRM_PROVIDERS) {
    const env = config.crm[provider];
    const fromEnv = Boolean(env.clientId && env.clientSecret);
    const saved = stored[provider];
    const clientId = fromEnv ? env.clientId! : saved?.clientId;
    const clientSecret = fromEnv ? env.clientSecret! : saved?.clientSecret;
    const authUrl =
      provider === 'hubspot'
        ? hubspot.authUrl
        : ((!fromEnv && saved?.loginUrl) || salesforce.loginUrl).replace(/\/+$/, '');
    setups[provider] = {
      adapter: provider === 'hubspot' ? hubspotAdapter({ authUrl }) : salesforceAdapter(),
      fromEnv,
      app:
        clientId && clientSecret
          ? {
              clientId,
              clientSecret,
              redirectUri: callbackUrl(config, provider),
              authUrl,
              apiUrl: provider === 'hubspot' ? hubspot.apiUrl : authUrl,
            }
          : null,
    };
  }
  return setups;
}

export async function crmSetup(
  config: Config,
  pool: Pool,
  provider: CrmProvider,
): Promise<CrmSetup> {
  return (await crmSetups(config, pool))[provider];
}
