import { Router } from '@koa/router';
import { z } from 'zod';
import { CANNOT_SIGN_OUT_THIS, DeviceId } from '../../domain/contract/account';
import type { DevicesResponse, SignOutResponse } from '../../domain/contract/account';
import type { AppDeps, AppState } from '../context';
import {
  formatZodIssues,
  InvalidRequest,
  NotFound,
  Unauthorized,
  zodFieldMessages,
} from '../errors';
import { requireUser, userOf } from '../middleware/requireUser';
import { presentDevice } from './devices.present';
import { endDevice, endOtherDevices, listDevices } from './devices.sql';

const DeviceParams = z.object({ id: DeviceId });

/** The path's device id, or a 400 naming `id`. */
function parseParams(params: unknown): z.output<typeof DeviceParams> {
  const result = DeviceParams.safeParse(params);
  if (!result.success)
    throw InvalidRequest(
      formatZodIssues(result.error.issues),
      zodFieldMessages(result.error.issues),
    );
  return result.data;
}

/** The asking session's stored id (every route here is behind requireUser, which implies one). */
function sessionOf(ctx: { state: AppState }): string {
  if (!ctx.state.sessionId) throw Unauthorized();
  return ctx.state.sessionId;
}

/**
 * Account → Devices: GET /api/account/devices, POST /api/account/devices/:id/sign-out and
 * /api/account/devices/sign-out-others. A device signed out here is signed out at once: its
 * session row is gone, so its next request is a 401 on any instance.
 */
export function deviceRoutes() {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/account/devices' });

  router.get('/', requireUser(), async (ctx) => {
    const rows = await listDevices(ctx.pool, userOf(ctx).id, sessionOf(ctx));
    ctx.body = { devices: rows.map(presentDevice) } satisfies DevicesResponse;
  });

  router.post('/sign-out-others', requireUser(), async (ctx) => {
    const signedOut = await endOtherDevices(ctx.pool, userOf(ctx).id, sessionOf(ctx));
    ctx.body = { signedOut } satisfies SignOutResponse;
  });

  router.post('/:id/sign-out', requireUser(), async (ctx) => {
    const { id } = parseParams(ctx.params);
    const found = await endDevice(ctx.pool, userOf(ctx).id, id, sessionOf(ctx));
    // Someone else's device answers as no device at all: nothing tells it exists.
    if (found === 'none') throw NotFound('Device');
    if (found === 'current')
      throw InvalidRequest(`id: ${CANNOT_SIGN_OUT_THIS}`, { id: CANNOT_SIGN_OUT_THIS });
    ctx.body = { signedOut: 1 } satisfies SignOutResponse;
  });

  return router;
}
