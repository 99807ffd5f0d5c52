import type { Pool, PoolClient } from 'pg';
import type { ProAccess } from '../../domain/contract/auth';
import { PLAN_ACCOUNTS_MAX, type PlanAccount } from '../../domain/contract/planSettings';
import { proAccessOf } from '../../domain/subscription';

type Db = Pool | PoolClient;

/** The operator's rule in Settings → Plans, as stored: every account gets every tool by default. */
export interface PlanRule {
  everyAccountPro: boolean;
  /** When the operator chose; null while the default holds. */
  updatedAt: Date | null;
}

export async function readPlanRule(db: Db): Promise<PlanRule> {
  const { rows } = await db.query<{ every_account_pro: boolean; updated_at: Date }>(
    'SELECT every_account_pro, updated_at FROM plan_settings',
  );
  const row = rows[0];
  return row
    ? { everyAccountPro: row.every_account_pro, updatedAt: row.updated_at }
    : { everyAccountPro: true, updatedAt: null };
}

export async function savePlanRule(
  db: Db,
  everyAccountPro: boolean,
  operatorId: number,
): Promise<void> {
  await db.query(
    `INSERT INTO plan_settings (id, every_account_pro, updated_by) VALUES (true, $1, $2)
     ON CONFLICT (id) DO UPDATE SET every_account_pro = $1, updated_by = $2, updated_at = now()`,
    [everyAccountPro, operatorId],
  );
}

interface AccountRow {
  id: number;
  username: string;
  name: string | null;
  email: string;
  paid: boolean;
  pro_granted_at: Date | null;
  every_account_pro: boolean | null;
}

// Each account with what decides its access: its subscription, its grant, and the server's rule.
const ACCOUNT_COLUMNS = `u.id, u.username, u.name, u.email, u.pro_granted_at,
  (u.subscription_tier = 'pro' AND u.subscription_active = 'true') AS paid,
  (SELECT every_account_pro FROM plan_settings) AS every_account_pro`;

function presentAccount(row: AccountRow, paymentsEnabled: boolean): PlanAccount {
  const access: ProAccess = proAccessOf({
    paid: row.paid,
    granted: row.pro_granted_at !== null,
    paymentsEnabled,
    everyAccountPro: row.every_account_pro,
  });
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    access,
    grantedAt: row.pro_granted_at?.toISOString() ?? null,
  };
}

/** The accounts the operator granted Pro, newest grant first. */
export async function grantedAccounts(db: Db, paymentsEnabled: boolean): Promise<PlanAccount[]> {
  const { rows } = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM users u WHERE u.pro_granted_at IS NOT NULL
      ORDER BY u.pro_granted_at DESC, u.id DESC`,
  );
  return rows.map((row) => presentAccount(row, paymentsEnabled));
}

/** `text` as a LIKE pattern that matches it literally anywhere: % and _ are only themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Accounts whose username, name or email contain every word of `query` (any case), the closest
 * first (a username or email that starts with the query), at most PLAN_ACCOUNTS_MAX.
 */
export async function searchAccounts(
  db: Db,
  query: string,
  paymentsEnabled: boolean,
): Promise<PlanAccount[]> {
  const words = query.split(/\s+/).filter(Boolean).slice(0, 8);
  const { rows } = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM users u
      WHERE (SELECT bool_and(concat_ws(' ', u.username, u.name, u.email) ILIKE w)
               FROM unnest($1::text[]) AS w)
      ORDER BY (lower(u.username) LIKE lower($2) || '%' OR lower(u.email) LIKE lower($2) || '%') DESC,
               lower(u.username), u.id
      LIMIT $3`,
    [words.map(containing), query.replace(/[\\%_]/g, (c) => `\\${c}`), PLAN_ACCOUNTS_MAX],
  );
  return rows.map((row) => presentAccount(row, paymentsEnabled));
}

/**
 * Grant (or revoke) Pro for one account; a grant kept is kept from when it was first made. Answers
 * the account as it is now, or null when there is no such account.
 */
export async function setGrant(
  db: Db,
  userId: number,
  granted: boolean,
  paymentsEnabled: boolean,
): Promise<PlanAccount | null> {
  const { rows } = await db.query<AccountRow>(
    `UPDATE users u SET pro_granted_at = CASE WHEN $2 THEN coalesce(u.pro_granted_at, now()) END
      WHERE u.id = $1 RETURNING ${ACCOUNT_COLUMNS}`,
    [userId, granted],
  );
  return rows[0] ? presentAccount(rows[0], paymentsEnabled) : null;
}

/** The same by username, for the command line (npm run grant-pro / revoke-pro). */
export async function setGrantByUsername(
  db: Db,
  username: string,
  granted: boolean,
  paymentsEnabled: boolean,
): Promise<PlanAccount | null> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM users WHERE lower(username) = lower($1)',
    [username],
  );
  return rows[0] ? setGrant(db, rows[0].id, granted, paymentsEnabled) : null;
}
