/**
 * Short checkout texts the route guards need. Kept apart from checkoutErrors.ts so the start-up
 * JS (which holds the routes) carries these strings and nothing else. Values from
 * domain/contract/* would bring zod into the browser bundle: checkoutErrors.test.ts checks they
 * still match the server's.
 */
export const CHECKOUT_LOGIN_REQUIRED = 'Please log in to continue with checkout.';
export const ALREADY_SUBSCRIBED = {
  header: 'Already Subscribed',
  message: 'You already have an active Pro plan.',
} as const;
