import type { User } from '../../domain/contract/auth';

/** A signed-in user as the server describes one to the app (GET /api/auth/user): on the free plan, no operator. */
export function buildSessionUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    username: 'ada',
    email: 'ada@example.com',
    name: 'Ada',
    createdAt: '2026-01-01T00:00:00.000Z',
    authProvider: 'local',
    subscriptionTier: 'none',
    subscriptionActive: false,
    ...overrides,
  };
}
