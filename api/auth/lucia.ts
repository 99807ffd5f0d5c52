// Every use of Lucia lives in this folder, so it can be swapped for a hand-written session
// module without touching the routes (stack-notes: Lucia is in maintenance upstream).
import { Lucia } from 'lucia';
import { NodePostgresAdapter } from '@lucia-auth/adapter-postgresql';
import type { Pool } from '../db';

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
}

/** The user on a request: the row without its password hash. */
export type SessionUser = Omit<UserRow, 'password'>;

export const SESSION_COOKIE = 'pitchpad_session';

export function createLucia(pool: Pool, opts: { secure: boolean }) {
  const adapter = new NodePostgresAdapter(pool, { user: 'users', session: 'user_session' });
  return new Lucia(adapter, {
    sessionCookie: {
      name: SESSION_COOKIE,
      attributes: { secure: opts.secure, sameSite: 'lax' },
    },
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
    }),
  });
}

export type AppLucia = ReturnType<typeof createLucia>;

declare module 'lucia' {
  interface Register {
    Lucia: AppLucia;
    DatabaseUserAttributes: UserRow;
    UserId: number;
  }
}
