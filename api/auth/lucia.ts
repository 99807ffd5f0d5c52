// Every use of Lucia lives in this folder, so it can be swapped for a hand-written session
// module without touching the routes (stack-notes: Lucia is in maintenance upstream).
import { createHash, randomBytes } from 'node:crypto';
import { Lucia, type DatabaseSession, type DatabaseUser } from 'lucia';
import { NodePostgresAdapter } from '@lucia-auth/adapter-postgresql';
import type { ProAccess } from '../../domain/contract/auth';
import { proAccessOf } from '../../domain/subscription';
import type { Pool } from '../db';
import { cookieNames } from './cookies';

/** The users row as Lucia loads it (snake_case columns). Only `presentUser` decides what leaves. */
export interface UserRow {
  id: number;
  username: string;
  email: string;
  password: string;
  name: string | null;
  created_at: Date;
  auth_provider: string;
  subscription_tier: string;
  subscription_active: string;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /** Runs this server: connects its model in Settings → Model. */
  is_operator: boolean;
  /** When the operator granted this account Pro (Settings → Plans, npm run grant-pro); null if not. */
  pro_granted_at: Date | null;
}

/**
 * The user on a request: the row without its password hash, and whether it may use the Pro tools
 * now (its subscription, a grant, or the server's rule), read with the session on every request so
 * a grant or a revoke counts from the next one.
 */
export type SessionUser = Omit<UserRow, 'password'> & { pro_access: ProAccess };

/**
 * A new session token for the cookie: 160 random bits. Only its hash is stored (Lucia v3's own
 * advice), so a copy of the user_session table opens no one's session.
 */
export function generateSessionToken(): string {
  return randomBytes(20).toString('base64url');
}

/** The stored session id of a cookie's token: SHA-256, hex. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Lucia's Postgres adapter, but reading a session and its user in one query instead of two: every
 * request pays for this lookup, and the embedded database runs queries one at a time.
 */
class SessionAdapter extends NodePostgresAdapter {
  constructor(
    private readonly pool: Pool,
    private readonly paymentsEnabled: boolean,
  ) {
    super(pool, { user: 'users', session: 'user_session' });
  }

  override async getSessionAndUser(
    sessionId: string,
  ): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const { rows } = await this.pool.query<
      Omit<SessionUser, 'pro_access'> & {
        session_id: string;
        session_expires_at: Date;
        session_seen_stale: boolean;
        every_account_pro: boolean | null;
      }
    >({
      name: 'auth-session-user-plan',
      // Columns by name, not u.*: a prepared plan must keep its result shape across migrations.
      // Not the password hash: no request after login needs it. Whether the session's last_seen_at
      // is due (a minute old, by the database's clock) comes with it, so no request writes for that
      // unless it is. So does the operator's rule in Settings → Plans: a change counts from the next
      // request, on every instance.
      text: `SELECT s.id AS session_id, s.expires_at AS session_expires_at,
                    (s.last_seen_at IS NULL OR s.last_seen_at < now() - make_interval(secs => $2))
                      AS session_seen_stale,
                    u.id, u.username, u.email, u.name,
                    u.created_at, u.auth_provider, u.subscription_tier, u.subscription_active,
                    u.stripe_customer_id, u.stripe_subscription_id, u.is_operator, u.pro_granted_at,
                    (SELECT every_account_pro FROM plan_settings) AS every_account_pro
               FROM user_session s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
      values: [sessionId, LAST_SEEN_EVERY_MS / 1000],
    });
    const row = rows[0];
    if (!row) return [null, null];
    const {
      session_id,
      session_expires_at,
      session_seen_stale,
      every_account_pro,
      id,
      ...attributes
    } = row;
    const user: Omit<SessionUser, 'id'> = {
      ...attributes,
      pro_access: proAccessOf({
        paid: attributes.subscription_tier === 'pro' && attributes.subscription_active === 'true',
        granted: attributes.pro_granted_at !== null,
        paymentsEnabled: this.paymentsEnabled,
        everyAccountPro: every_account_pro,
      }),
    };
    return [
      {
        id: session_id,
        userId: id,
        expiresAt: session_expires_at,
        attributes: { seen_stale: session_seen_stale } as unknown as DatabaseSessionAttributes,
      },
      { id, attributes: user as unknown as DatabaseUser['attributes'] },
    ];
  }
}

/** A session's last_seen_at is written at most this often (Account → Devices' 'last seen'). */
export const LAST_SEEN_EVERY_MS = 60_000;

/** What a session row keeps beside Lucia's columns, written when it starts (Account → Devices). */
export interface DatabaseSessionAttributes {
  /** The browser's User-Agent at sign-in, cut to USER_AGENT_MAX characters. */
  user_agent?: string | null;
}

export const USER_AGENT_MAX = 512;

export function createLucia(pool: Pool, opts: { secure: boolean; paymentsEnabled: boolean }) {
  const adapter = new SessionAdapter(pool, opts.paymentsEnabled);
  return new Lucia(adapter, {
    sessionCookie: {
      name: cookieNames(opts.secure).session,
      attributes: { secure: opts.secure, sameSite: 'lax' },
    },
    // Read back only whether last_seen_at is due (the adapter's read above puts it there).
    getSessionAttributes: (attributes) => ({
      seenStale: (attributes as { seen_stale?: boolean }).seen_stale === true,
    }),
    getUserAttributes: (row): Omit<SessionUser, 'id'> => ({
      username: row.username,
      email: row.email,
      name: row.name,
      created_at: row.created_at,
      auth_provider: row.auth_provider,
      subscription_tier: row.subscription_tier,
      subscription_active: row.subscription_active,
      stripe_customer_id: row.stripe_customer_id,
      stripe_subscription_id: row.stripe_subscription_id,
      is_operator: row.is_operator,
      pro_granted_at: row.pro_granted_at,
      pro_access: row.pro_access,
    }),
  });
}

export type AppLucia = ReturnType<typeof createLucia>;

declare module 'lucia' {
  interface Register {
    Lucia: AppLucia;
    DatabaseUserAttributes: Omit<SessionUser, 'id'>;
    DatabaseSessionAttributes: DatabaseSessionAttributes;
    UserId: number;
  }
}
