import { z } from 'zod';
import { EMAIL_PATTERN, FIELD_MESSAGES, sameText } from '../accountFields';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../limits';

/** Control and format characters (Unicode Cc, Cf): NUL, newlines, zero-width joiners, bidi overrides. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

/**
 * A username as the server keeps and looks it up: NFKC-normalised (so 'ｂｏｂ' and 'bob' are one
 * name), trimmed, and free of characters that make two names look alike.
 */
const Username = z
  .string({ error: FIELD_MESSAGES.usernameRequired })
  .normalize('NFKC')
  .refine(
    (v) => !INVISIBLE.test(v),
    'Username may not contain control or invisible characters (such as zero-width or text-direction marks)',
  )
  .trim();

/** The same length rule at register and login, so a password accepted at sign-up can always log in. */
export const Password = z
  .string({ error: FIELD_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN, FIELD_MESSAGES.passwordShort)
  .max(PASSWORD_MAX, FIELD_MESSAGES.passwordLong);

/** An email address as an account keeps it: trimmed, lower case. */
export const Email = z
  .string({ error: FIELD_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: FIELD_MESSAGES.emailInvalid }));

/** POST /api/auth/register */
export const RegisterInput = z
  .object({
    username: Username.min(USERNAME_MIN, FIELD_MESSAGES.usernameShort).max(
      USERNAME_MAX,
      FIELD_MESSAGES.usernameLong,
    ),
    email: Email,
    password: Password,
    name: z
      .string()
      .trim()
      .max(NAME_MAX, FIELD_MESSAGES.nameLong)
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((input, ctx) => {
    // The first thing a guesser tries. (The most common passwords are refused by the server's list.)
    if (sameText(input.password, input.username))
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: FIELD_MESSAGES.passwordIsUsername,
      });
    else if (sameText(input.password, input.email))
      ctx.addIssue({ code: 'custom', path: ['password'], message: FIELD_MESSAGES.passwordIsEmail });
  });
export type RegisterInput = z.input<typeof RegisterInput>;

/** POST /api/auth/login */
export const LoginInput = z.object({
  username: Username.min(1, FIELD_MESSAGES.usernameRequired).max(
    USERNAME_MAX,
    FIELD_MESSAGES.usernameLong,
  ),
  password: Password,
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
  /**
   * Runs this server (Settings → Model). This server always sends it; optional so a user the app
   * kept from an older server reads as not an operator.
   */
  isOperator: z.boolean().optional(),
});
export type User = z.infer<typeof User>;

/** GET /api/auth/user: the user, or null when logged out. */
export const AuthUserResponse = User.nullable();

/** POST /api/auth/login and /register answer with the user. */
export const AuthResponse = z.object({ user: User });
export type AuthResponse = z.infer<typeof AuthResponse>;

/**
 * Why an account has the Pro tools: a paid subscription, the operator's grant, or a server without
 * payments that opens every tool to every account; 'none' when it has not.
 */
export const ProAccess = z.enum(['subscription', 'granted', 'everyone', 'none']);
export type ProAccess = z.infer<typeof ProAccess>;

/** GET /api/user/subscription */
export const SubscriptionInfo = z.object({
  subscriptionTier: SubscriptionTier,
  isActive: z.boolean(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  /** This server always sends it; optional so an answer the app kept from an older server still reads. */
  access: ProAccess.optional(),
});
export type SubscriptionInfo = z.infer<typeof SubscriptionInfo>;

// Zod-free helpers live in ../subscription so the browser bundle can use them without zod.
export { hasProAccess, isPaidSubscriber, NO_SUBSCRIPTION } from '../subscription';

/** GET /api/csrf-token */
export const CsrfTokenResponse = z.object({ csrfToken: z.string() });

/** GET /api/health: up or not, and nothing more (which database or model runs is the operator's business). */
export const HealthResponse = z.object({ ok: z.boolean() });
export type HealthResponse = z.infer<typeof HealthResponse>;
