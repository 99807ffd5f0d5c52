/** Password reset by email: the words the server and the pages share (zod-free, for the page). */

/** The answer to every request for a link, whether or not an account uses the address. */
export const RESET_LINK_SENT =
  "If an account uses that email, we've sent a link to reset its password. It works for 30 minutes.";

/** A replayed, expired, malformed or unknown link: one message for all, nothing changed. */
export const RESET_LINK_DEAD =
  'This reset link has expired or was already used. Ask for a new one.';

/** The forgot page on a server that cannot send mail (production without SMTP_URL). */
export const RESET_OFF =
  'Password reset by email is off on this server. Ask the person who runs it to reset your password.';

/** Too many requests from one client address. */
export const RESET_TOO_MANY = 'Too many reset requests from this network. Try again in an hour.';

/** Where the emailed link leads; the token goes in its query. */
export const RESET_PAGE = '/auth/reset';
export const FORGOT_PAGE = '/auth/forgot';
