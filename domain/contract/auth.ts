import { z } from 'zod';
import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../limits';

/** POST /api/auth/register */
export const RegisterInput = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
    .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`),
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().pipe(z.email('Enter a valid email address')),
  password: z.string({ error: 'Password is required' }).min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
  name: z
    .string()
    .trim()
    .max(100, 'Name must be at most 100 characters')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type RegisterInput = z.input<typeof RegisterInput>;

/** POST /api/auth/login */
export const LoginInput = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(200, 'Username is too long'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1000, 'Password is too long'),
});
export type LoginInput = z.input<typeof LoginInput>;

export const SubscriptionTier = z.enum(['none', 'pro']);
export type SubscriptionTier = z.infer<typeof SubscriptionTier>;

/** The user as it leaves the server: never a password field. */
export const User = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  createdAt: z.string(),
  authProvider: z.string(),
  subscriptionTier: SubscriptionTier,
  subscriptionActive: z.boolean(),
});
export type User = z.infer<typeof User>;

/** GET /api/auth/user: the user, or null when logged out. */
export const AuthUserResponse = User.nullable();

/** POST /api/auth/login and /register answer with the user. */
export const AuthResponse = z.object({ user: User });
export type AuthResponse = z.infer<typeof AuthResponse>;

/** GET /api/user/subscription */
export const SubscriptionInfo = z.object({
  subscriptionTier: SubscriptionTier,
  isActive: z.boolean(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
});
export type SubscriptionInfo = z.infer<typeof SubscriptionInfo>;

// Zod-free helpers live in ../subscription so the browser bundle can use them without zod.
export { isPaidSubscriber, NO_SUBSCRIPTION } from '../subscription';

/** GET /api/csrf-token */
export const CsrfTokenResponse = z.object({ csrfToken: z.string() });

/** GET /api/health */
export const HealthResponse = z.object({ ok: z.boolean(), db: z.string(), model: z.string() });
export type HealthResponse = z.infer<typeof HealthResponse>;
