/**
 * Sends a push message to every browser a rep subscribed (Web Push: RFC 8030, 8291, 8292). web-push
 * builds each request (the JSON message encrypted for that browser, aes128gcm, and the VAPID
 * signature for the push service's origin); our own guarded fetch sends it, because an endpoint is an
 * address the browser handed us and must pass the same guard as any address a user gives
 * (api/net/guardedFetch.ts: https only and no private or loopback address in production).
 *
 * What the server sends a push service: the endpoint's URL, the encrypted message (which only the
 * browser can read), a signed token naming the server (its public https address or contact email),
 * how long the message may wait for the phone (TTL), its urgency, and a topic derived from the tag,
 * so a message not yet delivered is replaced by a later one for the same thing.
 *
 * One browser's failure never stops the others, nor throws: a 404 or 410 means the subscription is
 * gone (the rep revoked it, the browser dropped it) and it is deleted; anything else is logged and
 * the subscription kept for the next message.
 */
import { createHash } from 'node:crypto';
import webpush from 'web-push';
import type { PushMessage } from '../../domain/contract/push';
import type { Config } from '../config';
import type { Pool } from '../db';
import type { Logger } from '../log';
import { guardedFetch } from '../net/guardedFetch';
import {
  deleteSubscription,
  markDelivered,
  subscriptionsOf,
  type StoredSubscription,
} from './push.sql';
import { vapidKeys, type VapidKeys } from './vapid';

export type { PushMessage } from '../../domain/contract/push';

/**
 * How long a push service keeps a message for a phone that is off or offline, by default: a meeting
 * reminder comes 30 minutes before, and one that arrives after the meeting started helps no one.
 */
export const PUSH_TTL_SECONDS = 30 * 60;
/**
 * The most a message's JSON may weigh: a push service takes 4,096 bytes of encrypted body, of which
 * the encryption's header, tag and padding delimiter take 103 (RFC 8291, section 4).
 */
export const PUSH_PAYLOAD_MAX_BYTES = 3993;
/** A push service answers at once; one that does not is given up on after this. */
const PUSH_TIMEOUT_MS = 10_000;

export interface PushDeps {
  pool: Pool;
  config: Config;
  log: Logger;
}

/** RFC 8030's Topic: at most 32 base64url characters, so the tag (any text) is hashed into one. */
function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

/** Sends to one browser; true when its push service took the message. Never throws. */
async function deliver(
  deps: PushDeps,
  userId: number,
  keys: VapidKeys,
  subscription: StoredSubscription,
  payload: string,
  options: { ttlSeconds: number; topic: string },
): Promise<boolean> {
  const { endpoint } = subscription;
  // The endpoint's path is the browser's secret address: the log names only its host.
  const where = `${URL.canParse(endpoint) ? new URL(endpoint).host : 'a bad endpoint'}${
    subscription.device ? ` (${subscription.device})` : ''
  }`;
  try {
    const request = webpush.generateRequestDetails(
      { endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        vapidDetails: keys,
        TTL: options.ttlSeconds,
        urgency: 'high',
        topic: options.topic,
      },
    );
    const answer = await guardedFetch(request.endpoint, {
      ...deps.config.userFetch,
      method: 'POST',
      body: request.body,
      // web-push writes TTL and Content-Length as numbers.
      headers: Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      ),
      maxBytes: 64 * 1024,
      timeoutMs: PUSH_TIMEOUT_MS,
    });
    if (answer.status >= 200 && answer.status < 300) {
      await markDelivered(deps.pool, userId, endpoint);
      return true;
    }
    if (answer.status === 404 || answer.status === 410) {
      await deleteSubscription(deps.pool, userId, endpoint);
      deps.log.info(`push: user ${userId}'s subscription at ${where} is gone; deleted it`);
      return false;
    }
    deps.log.warn(
      `push: ${where} refused a message for user ${userId} (${answer.status}): ${answer.body
        .toString('utf8')
        .slice(0, 200)}`,
    );
  } catch (error) {
    // A refused address (GuardedFetchError 'refused'), no answer, or keys web-push cannot use.
    const why = error instanceof Error ? error.message : String(error);
    deps.log.warn(`push: could not send user ${userId} a message at ${where}: ${why}`);
  }
  return false;
}

/**
 * Sends `message` to each browser `userId` subscribed, at once; answers how many push services took
 * it. A message over PUSH_PAYLOAD_MAX_BYTES is the caller's mistake and throws a RangeError; nothing
 * that goes wrong with one browser throws.
 */
export async function sendPush(
  deps: PushDeps,
  userId: number,
  message: PushMessage,
  options: { ttlSeconds?: number } = {},
): Promise<number> {
  const payload = JSON.stringify({
    title: message.title,
    body: message.body,
    url: message.url,
    tag: message.tag,
    user: userId,
  } satisfies PushMessage);
  if (Buffer.byteLength(payload) > PUSH_PAYLOAD_MAX_BYTES)
    throw new RangeError(
      `A push message is at most ${PUSH_PAYLOAD_MAX_BYTES} bytes of JSON; this one is ${Buffer.byteLength(payload)}.`,
    );
  const subscriptions = await subscriptionsOf(deps.pool, userId);
  if (subscriptions.length === 0) return 0;
  const keys = await vapidKeys(deps.pool, deps.config, deps.log);
  const sent = await Promise.all(
    subscriptions.map((subscription) =>
      deliver(deps, userId, keys, subscription, payload, {
        ttlSeconds: options.ttlSeconds ?? PUSH_TTL_SECONDS,
        topic: topicOf(message.tag),
      }),
    ),
  );
  return sent.filter(Boolean).length;
}
