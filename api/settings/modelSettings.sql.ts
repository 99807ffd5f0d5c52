import type { Pool } from '../db';
import { PURPOSE, seal, unseal } from './secretBox';

/** The model the operator connected in Settings → Model, as stored (the key sealed). */
export interface StoredModelSettings {
  baseUrl: string | null;
  /** The key, opened; null when none is stored. */
  apiKey: string | null;
  /** A key is stored but this SESSION_SECRET cannot open it (the secret was rotated). */
  apiKeyUnreadable: boolean;
  defaultModel: string | null;
  models: string[];
  updatedAt: Date;
  /** updated_at as Postgres writes it, to the microsecond: what modelSettingsVersion compares. */
  version: string;
}

interface Row {
  base_url: string | null;
  api_key_encrypted: string | null;
  default_model: string | null;
  models: string[];
  updated_at: Date;
  version: string;
}

/**
 * The stored settings, or null when the operator has saved none. A key `secret` cannot open but
 * `previousSecret` can (sealed under the development secret before the server made its own) is
 * sealed again under `secret`, in place: the settings themselves do not change, so updated_at stays.
 */
export async function readModelSettings(
  pool: Pool,
  secret: string,
  previousSecret?: string,
): Promise<StoredModelSettings | null> {
  const { rows } = await pool.query<Row>(
    'SELECT base_url, api_key_encrypted, default_model, models, updated_at, updated_at::text AS version FROM model_settings',
  );
  const row = rows[0];
  if (!row) return null;
  const sealed = row.api_key_encrypted;
  let apiKey = sealed === null ? null : unseal(sealed, secret, PURPOSE.modelApiKey);
  if (sealed !== null && apiKey === null && previousSecret !== undefined) {
    apiKey = unseal(sealed, previousSecret, PURPOSE.modelApiKey);
    // Only if it is still the same sealed key: a save in between wins.
    if (apiKey !== null)
      await pool.query(
        'UPDATE model_settings SET api_key_encrypted = $1 WHERE api_key_encrypted = $2',
        [seal(apiKey, secret, PURPOSE.modelApiKey), sealed],
      );
  }
  return {
    baseUrl: row.base_url,
    apiKey,
    apiKeyUnreadable: row.api_key_encrypted !== null && apiKey === null,
    defaultModel: row.default_model,
    models: row.models,
    updatedAt: new Date(row.updated_at),
    version: row.version,
  };
}

/** When the settings last changed (null: never saved): what every instance polls, a cheap read. */
export async function modelSettingsVersion(pool: Pool): Promise<string | null> {
  const { rows } = await pool.query<{ v: string }>({
    name: 'model-settings-version',
    text: 'SELECT updated_at::text AS v FROM model_settings',
  });
  return rows[0]?.v ?? null;
}

/**
 * Store the settings. `apiKey`: a string replaces the key, null removes it, undefined keeps it, but
 * only while the base URL stays: a key belongs to its server, so a new address without a key of its
 * own drops the old one (it must not be sent to wherever the new address points).
 * updated_at moves on every save, which is how the other instances notice.
 */
export async function saveModelSettings(
  pool: Pool,
  secret: string,
  input: {
    baseUrl: string | null | undefined;
    apiKey: string | null | undefined;
    defaultModel: string;
    models: string[];
    userId: number;
  },
): Promise<void> {
  const keepBaseUrl = input.baseUrl === undefined;
  const keepKey = input.apiKey === undefined;
  const sealed =
    typeof input.apiKey === 'string' ? seal(input.apiKey, secret, PURPOSE.modelApiKey) : null;
  await pool.query(
    `INSERT INTO model_settings AS m (id, base_url, api_key_encrypted, default_model, models, updated_at, updated_by)
     VALUES (true, $1, $2, $3, $4, clock_timestamp(), $5)
     ON CONFLICT (id) DO UPDATE SET
       base_url = CASE WHEN $6 THEN m.base_url ELSE EXCLUDED.base_url END,
       api_key_encrypted = CASE WHEN $7 AND ($6 OR m.base_url IS NOT DISTINCT FROM EXCLUDED.base_url) THEN m.api_key_encrypted ELSE EXCLUDED.api_key_encrypted END,
       default_model = EXCLUDED.default_model,
       models = EXCLUDED.models,
       updated_at = greatest(clock_timestamp(), m.updated_at + interval '1 microsecond'),
       updated_by = EXCLUDED.updated_by`,
    [
      input.baseUrl ?? null,
      sealed,
      input.defaultModel,
      input.models,
      input.userId,
      keepBaseUrl,
      keepKey,
    ],
  );
}
