/**
 * The phone's push subscription, so meeting reminders reach it with the app closed (Web Push; the
 * service worker shows them: web/sw.ts). Made once the rep allowed notifications: right after
 * 'Notify me' is granted (notifyAsk.ts), and at every start of the app for a signed-in rep whose
 * permission is granted (web/app/sync.ts), which also mends what changed meanwhile:
 *
 *  - no subscription yet (permission given before this existed, or in the browser's settings);
 *  - a subscription made with another server key (the server made a new key pair: api/push/vapid.ts),
 *    which push services would refuse: it is dropped and made again with the server's key;
 *  - the server no longer has it (another account signed in on this browser took it, or it was
 *    deleted after a push service called it gone): the subscription is handed over again each start.
 *
 * Sign-out forgets it on both sides (`dropPushSubscription`), so the next rep on this browser never
 * gets the last one's reminders. Nothing here is shown to the rep: where the browser has no push
 * service (Chromium in tests, a browser with push turned off) subscribing fails, is logged, and the
 * app goes on without reminders.
 */
import type { PushKeyResponse, PushSubscriptionInput } from '../../../domain/contract/push';
import { api, type ApiClient } from '../../data/api';
import { notificationPermission } from './draftReady';

/** How long a start waits for the service worker before giving up until the next start. */
const WORKER_WAIT_MS = 10_000;
/** How long sign-out waits for the browser and the server to forget the subscription. */
const DROP_WAIT_MS = 3_000;

/** The calls this makes (the app's client; a test's stand-in). */
export type PushClient = Pick<ApiClient, 'get' | 'put' | 'delete'>;

/** The browser can take push messages: a service worker and the Push API (iOS: only installed). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

/** `promise`, or undefined once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The key's bytes from its base64url text (the server's form). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The subscription was made with `key`. */
function madeWith(subscription: PushSubscription, key: Uint8Array): boolean {
  const used = subscription.options.applicationServerKey;
  if (!used || used.byteLength !== key.length) return false;
  const bytes = new Uint8Array(used);
  return key.every((byte, i) => byte === bytes[i]);
}

/** What the server keeps of a subscription: its endpoint and keys, as the browser gives them. */
function inputOf(subscription: PushSubscription): PushSubscriptionInput {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth)
    throw new Error('The browser gave a subscription without its endpoint or keys.');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

export type PushOutcome = 'subscribed' | 'handed-over' | 'unsupported' | 'not-allowed' | 'failed';

let running: Promise<PushOutcome> | null = null;

async function subscribe(client: PushClient, userId: number | undefined): Promise<PushOutcome> {
  if (!pushSupported()) return 'unsupported';
  if (notificationPermission() !== 'granted') return 'not-allowed';
  try {
    const registration = await within(navigator.serviceWorker.ready, WORKER_WAIT_MS);
    // No worker yet (a first visit registers it once the app has started): the next start does it.
    if (!registration) return 'unsupported';
    const { publicKey } = await client.get<PushKeyResponse>('/api/push/key');
    const key = keyBytes(publicKey);
    const existing = await registration.pushManager.getSubscription();
    if (existing && madeWith(existing, key)) {
      await client.put('/api/push/subscription', inputOf(existing), userId);
      return 'handed-over';
    }
    // Made with a key the server no longer signs with: push services would refuse every message.
    if (existing) await existing.unsubscribe();
    const made = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    await client.put('/api/push/subscription', inputOf(made), userId);
    return 'subscribed';
  } catch (error) {
    console.warn('Could not subscribe to push messages', error);
    return 'failed';
  }
}

/**
 * Subscribes this browser to push messages and hands the subscription to the server, when the rep
 * allowed notifications and the browser can; never throws. `userId`: the signed-in rep, named to the
 * server so another account's session never gets it. Calls made while one runs share its outcome.
 */
export function ensurePushSubscription(
  userId?: number,
  client: PushClient = api,
): Promise<PushOutcome> {
  running ??= subscribe(client, userId).finally(() => {
    running = null;
  });
  return running;
}

/**
 * Sign-out: the server forgets this browser for the rep leaving (while the session still says who),
 * and the browser drops the subscription. Waits a few seconds at most, and never throws: offline,
 * the push service forgets it when it can, and the server deletes it at the next message it refuses.
 */
export async function dropPushSubscription(
  userId?: number,
  client: PushClient = api,
): Promise<void> {
  if (!pushSupported()) return;
  const drop = async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await Promise.allSettled([
      client.delete('/api/push/subscription', userId, { endpoint: subscription.endpoint }),
      subscription.unsubscribe(),
    ]);
  };
  await within(
    drop().catch((error: unknown) => console.warn('Could not drop the push subscription', error)),
    DROP_WAIT_MS,
  );
}
