// Web Push: the phone's subscription (made when the rep allows notifications) and what a push
// message carries. Shared by the API (which validates with these schemas), the web app and its
// service worker (which read these types).
import { z } from 'zod';

/** The longest endpoint kept: push services hand out a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 2000;

/** A push service's address for one browser: the phone's own words for a bad one. */
const Endpoint = z
  .string({ error: 'The subscription needs its endpoint.' })
  .trim()
  .min(1, 'The subscription needs its endpoint.')
  .max(PUSH_ENDPOINT_MAX, `An endpoint has at most ${PUSH_ENDPOINT_MAX} characters.`)
  // The address guard says the rest (https only in production, no private address): the API.
  .refine(
    (url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol),
    'The endpoint must be an https:// address.',
  );

/** base64url as a browser's `PushSubscription.toJSON()` writes it; padding, if any, dropped. */
const base64url = (what: string, chars: number, first?: RegExp) =>
  z
    .string({ error: `The subscription needs its ${what} key.` })
    .transform((text) => text.replace(/=+$/, ''))
    .refine(
      (text) =>
        text.length === chars && /^[A-Za-z0-9_-]+$/.test(text) && (!first || first.test(text)),
      `The ${what} key is not one a browser makes.`,
    );

/** PUT /api/push/subscription: what `PushSubscription.toJSON()` gives, less its expiration time. */
export const PushSubscriptionInput = z.object({
  endpoint: Endpoint,
  keys: z.object(
    {
      // An uncompressed P-256 point: 65 bytes, the first 0x04 (so its text starts with 'B').
      p256dh: base64url('p256dh', 87, /^B/),
      // The browser's 16-byte authentication secret.
      auth: base64url('auth', 22),
    },
    { error: 'The subscription needs its keys.' },
  ),
});
export type PushSubscriptionInput = z.input<typeof PushSubscriptionInput>;

/** DELETE /api/push/subscription: the browser that no longer takes messages (the rep's own). */
export const PushUnsubscribeInput = z.object({ endpoint: Endpoint });
export type PushUnsubscribeInput = z.input<typeof PushUnsubscribeInput>;

/** GET /api/push/key: the server's VAPID public key, the phone's `applicationServerKey`. */
export interface PushKeyResponse {
  publicKey: string;
}

/**
 * What one push message carries (JSON, encrypted for the browser): the notification's words, the
 * page a tap opens (a path of the app's own), its tag (a later message with the same tag replaces
 * it on the phone) and, as sent, the account it is for (`user`): a meeting's reminder lets the
 * service worker fetch that rep's brief onto the phone as it shows the notification.
 */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
  user?: number;
}
