import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../api/auth/passwords';
import type { TestServer } from '../support/server';
import { TestClient } from '../support/client';

export interface BuiltUser {
  id: number;
  username: string;
  email: string;
  password: string;
}

/** A unique username/email pair, so tests never collide on a shared database. */
export function uniqueCredentials(prefix = 'user') {
  const tag = randomUUID().slice(0, 8);
  return {
    username: `${prefix}_${tag}`,
    email: `${prefix}_${tag}@example.com`,
    password: `pw-${tag}-secret`,
  };
}

export type UserOverrides = Partial<Omit<BuiltUser, 'id'>> & {
  name?: string;
  /** A paying Pro subscriber (what a paid checkout's webhooks leave behind; billing tests go the real way). */
  pro?: boolean;
};

/** Insert a fresh user straight into the database. */
export async function buildUser(
  server: TestServer,
  overrides: UserOverrides = {},
): Promise<BuiltUser> {
  const { pro = false, name = null, ...rest } = overrides;
  const creds = { ...uniqueCredentials(), ...rest };
  const { rows } = await server.pool.query<{ id: number }>(
    `INSERT INTO users (username, email, password, name, subscription_tier, subscription_active)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      creds.username,
      creds.email,
      await hashPassword(creds.password),
      name,
      pro ? 'pro' : 'none',
      pro ? 'true' : 'false',
    ],
  );
  return {
    id: rows[0]!.id,
    username: creds.username,
    email: creds.email,
    password: creds.password,
  };
}

/** A fresh user and a client logged in as them. */
export async function loggedInClient(server: TestServer, overrides: UserOverrides = {}) {
  const user = await buildUser(server, overrides);
  const client = new TestClient(server.url);
  const res = await client.post('/api/auth/login', {
    username: user.username,
    password: user.password,
  });
  if (res.status !== 200) throw new Error(`login failed in factory: ${res.status} ${res.text}`);
  return { user, client };
}

/** Each server's operator (one per database, so made once), signed in. */
const operators = new Map<TestServer, ReturnType<typeof loggedInClient>>();

/** The operator of `server`'s database, made on first use and signed in. */
export function operatorClient(server: TestServer): ReturnType<typeof loggedInClient> {
  let operator = operators.get(server);
  if (!operator) {
    operator = loggedInClient(server).then(async (made) => {
      await server.pool.query('UPDATE users SET is_operator = true WHERE id = $1', [made.user.id]);
      return made;
    });
    operators.set(server, operator);
  }
  return operator;
}
