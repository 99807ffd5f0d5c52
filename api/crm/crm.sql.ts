/**
 * The CRM tables (db/migrations/0027_create_crm.sql): the operator's CRM apps, each rep's connection
 * (tokens encrypted with secretBox), the sign-ins in progress, and the pushes.
 */
import type { CrmProvider, CrmPush, CrmRecord, CrmSourceKind } from '../../domain/contract/crm';
import type { Pool } from '../db';
import { PURPOSE, seal, unsealWithEither } from '../settings/secretBox';
import type { CrmAccount, CrmSession, CrmTokens } from './adapter';

/** The secrets a stored value may be sealed under: the current one, then the one before it. */
export interface Secrets {
  secret: string;
  previous?: string;
}

const open = (sealed: string, secrets: Secrets, purpose: string): string | null =>
  unsealWithEither(sealed, secrets.secret, secrets.previous, purpose);

// --- The operator's apps -------------------------------------------------------------------------

export interface StoredCrmApp {
  clientId: string;
  /** Null when this SESSION_SECRET cannot open it (the secret was rotated). */
  clientSecret: string | null;
  loginUrl: string | null;
  updatedAt: Date;
}

export async function readCrmApps(
  pool: Pool,
  secrets: Secrets,
): Promise<Partial<Record<CrmProvider, StoredCrmApp>>> {
  const { rows } = await pool.query<{
    provider: CrmProvider;
    client_id: string;
    client_secret_encrypted: string;
    login_url: string | null;
    updated_at: Date;
  }>('SELECT provider, client_id, client_secret_encrypted, login_url, updated_at FROM crm_apps');
  return Object.fromEntries(
    rows.map((row) => [
      row.provider,
      {
        clientId: row.client_id,
        clientSecret: open(row.client_secret_encrypted, secrets, PURPOSE.crmClientSecret),
        loginUrl: row.login_url,
        updatedAt: new Date(row.updated_at),
      },
    ]),
  );
}

export async function saveCrmApp(
  pool: Pool,
  secret: string,
  provider: CrmProvider,
  app: { clientId: string; clientSecret: string; loginUrl: string | null; userId: number },
): Promise<void> {
  await pool.query(
    `INSERT INTO crm_apps (provider, client_id, client_secret_encrypted, login_url, updated_by)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (provider) DO UPDATE SET client_id = $2, client_secret_encrypted = $3,
       login_url = $4, updated_by = $5, updated_at = now()`,
    [
      provider,
      app.clientId,
      seal(app.clientSecret, secret, PURPOSE.crmClientSecret),
      app.loginUrl,
      app.userId,
    ],
  );
}

export async function deleteCrmApp(pool: Pool, provider: CrmProvider): Promise<void> {
  await pool.query('DELETE FROM crm_apps WHERE provider = $1', [provider]);
}

// --- Connections ---------------------------------------------------------------------------------

export interface StoredConnection {
  provider: CrmProvider;
  /** Null when the tokens cannot be opened (SESSION_SECRET rotated): the rep reconnects. */
  session: CrmSession | null;
  account: CrmAccount;
  needsReconnect: boolean;
  createdAt: Date;
}

interface ConnectionRow {
  provider: CrmProvider;
  account_id: string;
  account_name: string;
  api_url: string;
  access_token_encrypted: string;
  refresh_token_encrypted: string;
  expires_at: Date | null;
  needs_reconnect: boolean;
  created_at: Date;
}

function connectionOf(row: ConnectionRow, secrets: Secrets): StoredConnection {
  const account = { id: row.account_id, name: row.account_name, apiUrl: row.api_url };
  const accessToken = open(row.access_token_encrypted, secrets, PURPOSE.crmAccessToken);
  const refreshToken = open(row.refresh_token_encrypted, secrets, PURPOSE.crmRefreshToken);
  return {
    provider: row.provider,
    account,
    session:
      accessToken && refreshToken
        ? {
            tokens: {
              accessToken,
              refreshToken,
              expiresAt: row.expires_at ? new Date(row.expires_at) : null,
            },
            account,
          }
        : null,
    needsReconnect: row.needs_reconnect,
    createdAt: new Date(row.created_at),
  };
}

export async function readConnections(
  pool: Pool,
  userId: number,
  secrets: Secrets,
): Promise<StoredConnection[]> {
  const { rows } = await pool.query<ConnectionRow>(
    'SELECT * FROM crm_connections WHERE user_id = $1 ORDER BY provider',
    [userId],
  );
  return rows.map((row) => connectionOf(row, secrets));
}

export async function readConnection(
  pool: Pool,
  userId: number,
  provider: CrmProvider,
  secrets: Secrets,
): Promise<StoredConnection | null> {
  const { rows } = await pool.query<ConnectionRow>(
    'SELECT * FROM crm_connections WHERE user_id = $1 AND provider = $2',
    [userId, provider],
  );
  return rows[0] ? connectionOf(rows[0], secrets) : null;
}

/** Stores a new connection, replacing the rep's earlier one to this CRM. */
export async function saveConnection(
  pool: Pool,
  secret: string,
  userId: number,
  provider: CrmProvider,
  session: CrmSession,
): Promise<void> {
  await pool.query(
    `INSERT INTO crm_connections (user_id, provider, account_id, account_name, api_url,
       access_token_encrypted, refresh_token_encrypted, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (user_id, provider) DO UPDATE SET account_id = $3, account_name = $4, api_url = $5,
       access_token_encrypted = $6, refresh_token_encrypted = $7, expires_at = $8,
       needs_reconnect = false, created_at = now(), updated_at = now()`,
    [
      userId,
      provider,
      session.account.id,
      session.account.name,
      session.account.apiUrl,
      seal(session.tokens.accessToken, secret, PURPOSE.crmAccessToken),
      seal(session.tokens.refreshToken, secret, PURPOSE.crmRefreshToken),
      session.tokens.expiresAt,
    ],
  );
}

/** Stores refreshed tokens, unless the connection was replaced or removed meanwhile. */
export async function saveTokens(
  pool: Pool,
  secret: string,
  userId: number,
  provider: CrmProvider,
  accountId: string,
  tokens: CrmTokens,
): Promise<void> {
  await pool.query(
    `UPDATE crm_connections SET access_token_encrypted = $4, refresh_token_encrypted = $5,
       expires_at = $6, updated_at = now()
     WHERE user_id = $1 AND provider = $2 AND account_id = $3`,
    [
      userId,
      provider,
      accountId,
      seal(tokens.accessToken, secret, PURPOSE.crmAccessToken),
      seal(tokens.refreshToken, secret, PURPOSE.crmRefreshToken),
      tokens.expiresAt,
    ],
  );
}

export async function markNeedsReconnect(
  pool: Pool,
  userId: number,
  provider: CrmProvider,
): Promise<void> {
  await pool.query(
    'UPDATE crm_connections SET needs_reconnect = true, updated_at = now() WHERE user_id = $1 AND provider = $2',
    [userId, provider],
  );
}

export async function deleteConnection(
  pool: Pool,
  userId: number,
  provider: CrmProvider,
): Promise<boolean> {
  const { rowCount } = await pool.query(
    'DELETE FROM crm_connections WHERE user_id = $1 AND provider = $2',
    [userId, provider],
  );
  return (rowCount ?? 0) > 0;
}

// --- Sign-ins in progress ------------------------------------------------------------------------

/** How long the CRM's consent page may stay open before its answer is refused. */
export const OAUTH_STATE_TTL_S = 15 * 60;

export async function saveOAuthState(
  pool: Pool,
  secret: string,
  input: {
    stateHash: string;
    userId: number;
    sessionId: string;
    provider: CrmProvider;
    codeVerifier: string;
  },
): Promise<void> {
  await pool.query('DELETE FROM crm_oauth_states WHERE expires_at < now()');
  await pool.query(
    `INSERT INTO crm_oauth_states (state_hash, user_id, session_id, provider, code_verifier_encrypted, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [
      input.stateHash,
      input.userId,
      input.sessionId,
      input.provider,
      seal(input.codeVerifier, secret, PURPOSE.crmCodeVerifier),
      OAUTH_STATE_TTL_S,
    ],
  );
}

/**
 * The sign-in a state stands for, taken (deleted) so it is used once, if it is this session's, for
 * this CRM, and not expired; null otherwise. A state of another session is left alone.
 */
export async function takeOAuthState(
  pool: Pool,
  secrets: Secrets,
  input: { stateHash: string; userId: number; sessionId: string; provider: CrmProvider },
): Promise<{ codeVerifier: string } | null> {
  const { rows } = await pool.query<{ code_verifier_encrypted: string }>(
    `DELETE FROM crm_oauth_states
     WHERE state_hash = $1 AND user_id = $2 AND session_id = $3 AND provider = $4 AND expires_at > now()
     RETURNING code_verifier_encrypted`,
    [input.stateHash, input.userId, input.sessionId, input.provider],
  );
  const sealed = rows[0]?.code_verifier_encrypted;
  const codeVerifier = sealed ? open(sealed, secrets, PURPOSE.crmCodeVerifier) : null;
  return codeVerifier ? { codeVerifier } : null;
}

// --- Pushes --------------------------------------------------------------------------------------

export interface PushRow {
  id: string;
  provider: CrmProvider;
  source_kind: CrmSourceKind;
  source_ref: string | null;
  title: string;
  targets: CrmRecord[];
  body: string;
  email_subject: string | null;
  marker: string;
  state: 'writing' | 'written';
  attempts: number;
  last_attempt_at: Date | null;
  record_url: string | null;
  cut: boolean;
  created_at: Date;
  written_at: Date | null;
}

export function presentPush(row: PushRow): CrmPush {
  return {
    id: row.id,
    provider: row.provider,
    source: { kind: row.source_kind, ...(row.source_ref ? { ref: row.source_ref } : {}) },
    title: row.title,
    targets: row.targets,
    state: row.state,
    recordUrl: row.record_url,
    cut: row.cut,
    createdAt: new Date(row.created_at).toISOString(),
    writtenAt: row.written_at ? new Date(row.written_at).toISOString() : null,
  };
}

/** Records the push, or answers the one already recorded under this id. */
export async function recordPush(
  pool: Pool,
  userId: number,
  input: Omit<
    PushRow,
    'state' | 'attempts' | 'last_attempt_at' | 'record_url' | 'cut' | 'created_at' | 'written_at'
  >,
): Promise<PushRow> {
  const { rows } = await pool.query<PushRow>(
    `WITH added AS (
       INSERT INTO crm_pushes (user_id, id, provider, source_kind, source_ref, title, targets, body,
         email_subject, marker, state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'writing')
       ON CONFLICT (user_id, id) DO NOTHING
       RETURNING *)
     SELECT * FROM added
     UNION ALL SELECT * FROM crm_pushes WHERE user_id = $1 AND id = $2 AND NOT EXISTS (SELECT 1 FROM added)`,
    [
      userId,
      input.id,
      input.provider,
      input.source_kind,
      input.source_ref,
      input.title,
      JSON.stringify(input.targets),
      input.body,
      input.email_subject,
      input.marker,
    ],
  );
  if (rows[0]) return rows[0];
  // Another request recorded it at the same moment: its row was not in this statement's snapshot.
  const { rows: theirs } = await pool.query<PushRow>(
    'SELECT * FROM crm_pushes WHERE user_id = $1 AND id = $2',
    [userId, input.id],
  );
  if (!theirs[0]) throw new Error(`push ${input.id} was neither recorded nor found`);
  return theirs[0];
}

/**
 * How long one request holds a push it writes; a holder that died lets go when this passes. Longer
 * than the most a push can take: a refresh, a call, a refresh and a call again, and the marker's
 * search, each cut off after 15 s (adapter.ts CRM_TIMEOUT_MS).
 */
const LEASE_S = 120;

/** Takes the push for this request under `token`; null while another request holds it (or it is written). */
export async function claimPush(
  pool: Pool,
  userId: number,
  id: string,
  token: string,
): Promise<PushRow | null> {
  const { rows } = await pool.query<PushRow>(
    `UPDATE crm_pushes SET lease_until = now() + make_interval(secs => $3), lease_token = $4
     WHERE user_id = $1 AND id = $2 AND state = 'writing'
       AND (lease_until IS NULL OR lease_until < now())
     RETURNING *`,
    [userId, id, LEASE_S, token],
  );
  return rows[0] ?? null;
}

/** A try reaches the CRM: counted, so a later try searches for the marker before writing. */
export async function countAttempt(
  pool: Pool,
  userId: number,
  id: string,
  token: string,
): Promise<void> {
  await pool.query(
    `UPDATE crm_pushes SET attempts = attempts + 1, last_attempt_at = now()
     WHERE user_id = $1 AND id = $2 AND lease_token = $3`,
    [userId, id, token],
  );
}

/**
 * A try ended with no answer: the note may be in. Its time is when the try ended (a write can take
 * until its timeout), so the search for its marker waits from then.
 */
export async function endAttemptUnanswered(
  pool: Pool,
  userId: number,
  id: string,
  token: string,
): Promise<void> {
  await pool.query(
    'UPDATE crm_pushes SET last_attempt_at = now() WHERE user_id = $1 AND id = $2 AND lease_token = $3',
    [userId, id, token],
  );
}

/** A try that the CRM refused outright wrote nothing: it no longer counts as one to search after. */
export async function forgetAttempt(
  pool: Pool,
  userId: number,
  id: string,
  token: string,
): Promise<void> {
  await pool.query(
    `UPDATE crm_pushes SET attempts = greatest(attempts - 1, 0)
     WHERE user_id = $1 AND id = $2 AND lease_token = $3`,
    [userId, id, token],
  );
}

/** Lets go of the push, if this request still holds it (a lease taken over is not another's to end). */
export async function releasePush(
  pool: Pool,
  userId: number,
  id: string,
  token: string,
): Promise<void> {
  await pool.query(
    `UPDATE crm_pushes SET lease_until = NULL, lease_token = NULL
     WHERE user_id = $1 AND id = $2 AND lease_token = $3`,
    [userId, id, token],
  );
}

export async function markWritten(
  pool: Pool,
  userId: number,
  id: string,
  written: { remoteId: string; recordUrl: string | null; cut: boolean },
): Promise<PushRow> {
  const { rows } = await pool.query<PushRow>(
    `UPDATE crm_pushes SET state = 'written', remote_id = $3, record_url = $4, cut = $5,
       written_at = now(), lease_until = NULL, lease_token = NULL
     WHERE user_id = $1 AND id = $2 RETURNING *`,
    [userId, id, written.remoteId, written.recordUrl, written.cut],
  );
  return rows[0]!;
}

/** The rep's latest pushes, newest first. */
export async function recentPushes(pool: Pool, userId: number, limit = 100): Promise<PushRow[]> {
  const { rows } = await pool.query<PushRow>(
    'SELECT * FROM crm_pushes WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2',
    [userId, limit],
  );
  return rows;
}
