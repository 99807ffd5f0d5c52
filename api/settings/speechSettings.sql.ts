import type { Pool } from '../db';
import { PURPOSE, seal, unsealWithEither } from './secretBox';

/** The speech model the operator connected in Settings → Model, as stored (the key opened). */
export interface StoredSpeechSettings {
  /** The speech server; null: the chat model's server transcribes too. */
  baseUrl: string | null;
  apiKey: string | null;
  /** A key is stored but this SESSION_SECRET cannot open it (the secret was rotated). */
  apiKeyUnreadable: boolean;
  model: string;
  updatedAt: Date;
}

/** The stored speech settings, or null when the operator has saved none. */
export async function readSpeechSettings(
  pool: Pool,
  secret: string,
  previousSecret?: string,
): Promise<StoredSpeechSettings | null> {
  const { rows } = await pool.query<{
    base_url: string | null;
    api_key_encrypted: string | null;
    model: string;
    updated_at: Date;
  }>('SELECT base_url, api_key_encrypted, model, updated_at FROM speech_settings');
  const row = rows[0];
  if (!row) return null;
  const sealed = row.api_key_encrypted;
  const apiKey =
    sealed === null ? null : unsealWithEither(sealed, secret, previousSecret, PURPOSE.speechApiKey);
  return {
    baseUrl: row.base_url,
    apiKey,
    apiKeyUnreadable: sealed !== null && apiKey === null,
    model: row.model,
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * Store the speech settings. `apiKey`: a string replaces the key, null removes it, undefined keeps
 * it, but only while the base URL stays: a key belongs to its server.
 */
export async function saveSpeechSettings(
  pool: Pool,
  secret: string,
  input: {
    baseUrl: string | null;
    apiKey: string | null | undefined;
    model: string;
    userId: number;
  },
): Promise<void> {
  const sealed =
    typeof input.apiKey === 'string' ? seal(input.apiKey, secret, PURPOSE.speechApiKey) : null;
  await pool.query(
    `INSERT INTO speech_settings AS s (id, base_url, api_key_encrypted, model, updated_by)
     VALUES (true, $1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET
       base_url = EXCLUDED.base_url,
       api_key_encrypted = CASE WHEN $5 AND s.base_url IS NOT DISTINCT FROM EXCLUDED.base_url
                                THEN s.api_key_encrypted ELSE EXCLUDED.api_key_encrypted END,
       model = EXCLUDED.model,
       updated_at = now(),
       updated_by = EXCLUDED.updated_by`,
    [input.baseUrl, sealed, input.model, input.userId, input.apiKey === undefined],
  );
}
