import type { SearchEngineKind } from '../../domain/contract/webSearch';
import type { Pool } from '../db';
import { PURPOSE, seal, unsealWithEither } from '../settings/secretBox';

/** The web search engine the operator connected in Settings → Web search, as stored (key opened). */
export interface StoredWebSearchSettings {
  kind: SearchEngineKind;
  baseUrl: string | null;
  apiKey: string | null;
  /** A key is stored but this SESSION_SECRET cannot open it (the secret was rotated). */
  apiKeyUnreadable: boolean;
  updatedAt: Date;
}

/** The stored settings, or null when the operator has saved none. */
export async function readWebSearchSettings(
  pool: Pool,
  secret: string,
  previousSecret?: string,
): Promise<StoredWebSearchSettings | null> {
  const { rows } = await pool.query<{
    kind: SearchEngineKind;
    base_url: string | null;
    api_key_encrypted: string | null;
    updated_at: Date;
  }>('SELECT kind, base_url, api_key_encrypted, updated_at FROM web_search_settings');
  const row = rows[0];
  if (!row) return null;
  const sealed = row.api_key_encrypted;
  const apiKey =
    sealed === null
      ? null
      : unsealWithEither(sealed, secret, previousSecret, PURPOSE.webSearchApiKey);
  return {
    kind: row.kind,
    baseUrl: row.base_url,
    apiKey,
    apiKeyUnreadable: sealed !== null && apiKey === null,
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * Store the engine. `apiKey`: a string replaces the key, null removes it, undefined keeps it, but
 * only while the engine and its address stay: a key belongs to its service.
 */
export async function saveWebSearchSettings(
  pool: Pool,
  secret: string,
  input: {
    kind: SearchEngineKind;
    baseUrl: string | null;
    apiKey: string | null | undefined;
    userId: number;
  },
): Promise<void> {
  const sealed =
    typeof input.apiKey === 'string' ? seal(input.apiKey, secret, PURPOSE.webSearchApiKey) : null;
  await pool.query(
    `INSERT INTO web_search_settings AS s (id, kind, base_url, api_key_encrypted, updated_by)
     VALUES (true, $1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET
       kind = EXCLUDED.kind,
       base_url = EXCLUDED.base_url,
       api_key_encrypted = CASE WHEN $5 AND s.kind = EXCLUDED.kind
                                     AND s.base_url IS NOT DISTINCT FROM EXCLUDED.base_url
                                THEN s.api_key_encrypted ELSE EXCLUDED.api_key_encrypted END,
       updated_at = now(),
       updated_by = EXCLUDED.updated_by`,
    [input.kind, input.baseUrl, sealed, input.userId, input.apiKey === undefined],
  );
}

/** Disconnect: research says again that it needs a search engine. */
export async function deleteWebSearchSettings(pool: Pool): Promise<void> {
  await pool.query('DELETE FROM web_search_settings');
}
