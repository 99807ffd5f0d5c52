// Every use of Lucia lives in this folder, so it can be swapped for a hand-written session
// module without touching the routes (stack-notes: Lucia is in maintenance upstream).
import { createHash, randomBytes } from 'node:crypto';
import { Lucia, type DatabaseSession, type DatabaseUser } from 'lucia';
import { NodePostgresAdapter } from '@lucia-auth/adapter-postgresql';
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
}

/** The user on a request: the row without its password hash. */
export type SessionUser = Omit<UserRow, 'password'>;

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
  constructor(private readonly pool: Pool) {
    super(pool, { user: 'users', session: 'user_session' });
  }

  override async getSessionAndUser(
    sessionId: string,
  ): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const { rows } = await this.pool.query<
      SessionUser & { session_id: string; session_expires_at: Date; session_seen_stale: boolean }
    >({
      name: 'auth-session-user-seen',
      // Columns by name, not u.*: a prepared plan must keep its result shape across migrations.
      // Not the password hash: no request after login needs it. Whether the session's last_seen_at
      // is due (a minute old, by the database's clock) comes with it, so no request writes for that
      // unless it is.
      text: `SELECT s.id AS session_id, s.expires_at AS session_expires_at,
                    (s.last_seen_at IS NULL OR s.last_seen_at < now() - make_interval(secs => $2))
                      AS session_seen_stale,
                    u.id, u.username, u.email, u.name,
                    u.created_at, u.auth_provider, u.subscription_tier, u.subscription_active,
                    u.stripe_customer_id, u.stripe_subscription_id, u.is_operator
               FROM user_session s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
      values: [sessionId, LAST_SEEN_EVERY_MS / 1000],
    });
    const row = rows[0];
    if (!row) return [null, null];
    const { session_id, session_expires_at, session_seen_stale, id, ...attributes } = row;
    return [
      {
        id: session_id,
        userId: id,
        expiresAt: session_expires_at,
        attributes: { seen_stale: session_seen_stale } as unknown as DatabaseSessionAttributes,
      },
      { id, attributes: attributes as unknown as DatabaseUser['attributes'] },
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

export function createLucia(pool: Pool, opts: { secure: boolean }) {
  const adapter = new SessionAdapter(pool);
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
    }),
  });
}

export type AppLucia = ReturnType<typeof createLucia>;

declare module 'lucia' {
  interface Register {
    Lucia: AppLucia;
    DatabaseUserAttributes: UserRow;
    DatabaseSessionAttributes: DatabaseSessionAttributes;
    UserId: number;
  }
}
