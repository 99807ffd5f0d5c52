import { Router } from '@koa/router';
import { browserNameOf, deviceNameOf } from '../../domain/deviceName';
import {
  PushSubscriptionInput,
  PushUnsubscribeInput,
  type PushKeyResponse,
} from '../../domain/contract/push';
import type { AppDeps, AppState } from '../context';
import { AppError } from '../errors';
import { expectedUser } from '../middleware/expectedUser';
import { requireUser, userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import { whyUrlRefused } from '../net/addressGuard';
import { deleteSubscription, saveSubscription } from './push.sql';
import { vapidKeys } from './vapid';

/**
 * The phone's push subscription, the rep's own: GET /api/push/key (the server's public key, which the
 * browser subscribes with), PUT /api/push/subscription (keep this browser's; an endpoint the address
 * guard would never send to is refused here, with why, rather than failing at every reminder), and
 * DELETE /api/push/subscription (sign-out: this browser takes no more messages for this rep). A call
 * naming its user (x-pitchpad-user) goes through only with that user's session.
 */
export function pushRoutes() {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/push' });
  router.use(requireUser());
  // The phone names whose subscription it hands over: never kept for another account that signed in meanwhile.
  router.use(expectedUser());

  router.get('/key', async (ctx) => {
    const { publicKey } = await vapidKeys(ctx.pool, ctx.config, ctx.log);
    ctx.body = { publicKey } satisfies PushKeyResponse;
  });

  router.put('/subscription', validate(PushSubscriptionInput), async (ctx) => {
    const { endpoint, keys } = inputOf(ctx, PushSubscriptionInput);
    const refused = whyUrlRefused(endpoint, ctx.config.userFetch);
    if (refused)
      throw new AppError(422, 'push_endpoint_refused', refused, {}, { endpoint: refused });
    const userAgent = ctx.get('user-agent');
    const userId = userOf(ctx).id;
    await saveSubscription(ctx.pool, userId, {
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      device: userAgent ? `${deviceNameOf(userAgent)} · ${browserNameOf(userAgent)}` : null,
    });
    ctx.log.info(`user ${userId} subscribed to push messages at ${new URL(endpoint).host}`);
    ctx.status = 204;
  });

  router.delete('/subscription', validate(PushUnsubscribeInput), async (ctx) => {
    const { endpoint } = inputOf(ctx, PushUnsubscribeInput);
    await deleteSubscription(ctx.pool, userOf(ctx).id, endpoint);
    ctx.status = 204;
  });

  return router;
}
