import { z } from 'zod';
import { Email, Password } from './auth';

/** POST /api/auth/forgot */
export const ForgotPasswordInput = z.object({ email: Email });
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInput>;

/**
 * POST /api/auth/reset. A token of any shape is read (a malformed one is answered as an unknown
 * one, with RESET_LINK_DEAD): only the password has rules to tell.
 */
export const ResetPasswordInput = z.object({
  token: z.string().max(200).catch(''),
  password: Password,
});
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>;
