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
  return { username: `${prefix}_${tag}`, email: `${prefix}_${tag}@example.com`, password: `pw-${tag}-secret` };
}

/** Insert a fresh user straight into the database. */
export async function buildUser(server: TestServer, overrides: Partial<Omit<BuiltUser, 'id'>> & { name?: string } = {}): Promise<BuiltUser> {
  const creds = { ...uniqueCredentials(), ...overrides };
  const { rows } = await server.pool.query<{ id: number }>(
    'INSERT INTO users (username, email, password, name) VALUES ($1, $2, $3, $4) RETURNING id',
    [creds.username, creds.email, await hashPassword(creds.password), overrides.name ?? null],
  );
  return { id: rows[0]!.id, username: creds.username, email: creds.email, password: creds.password };
}

/** A fresh user and a client logged in as them. */
export async function loggedInClient(server: TestServer, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(server, overrides);
  const client = new TestClient(server.url);
  const res = await client.post('/api/auth/login', { username: user.username, password: user.password });
  if (res.status !== 200) throw new Error(`login failed in factory: ${res.status} ${res.text}`);
  return { user, client };
}
