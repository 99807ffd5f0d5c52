import { Router } from '@koa/router';
import {
  ProfilePatchInput,
  type ProfilePatchResponse,
  type ProfileResponse,
} from '../../domain/contract/profile';
import { PROFILE_WRITE_WINDOW_MS, PROFILE_WRITES_PER_USER } from '../../domain/limits';
import type { AppDeps, AppState } from '../context';
import { expectedUser } from '../middleware/expectedUser';
import { rateLimit } from '../middleware/rateLimit';
import { requireUser, userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import { applyProfileEdits, readProfile } from './profile.sql';

const perUser = rateLimit(
  { name: 'profile:user', limit: PROFILE_WRITES_PER_USER, windowMs: PROFILE_WRITE_WINDOW_MS },
  (ctx) => String(userOf(ctx).id),
);

/**
 * The rep's profile (issue #21 item 1): GET /api/profile, and PATCH /api/profile with the edits a
 * device made (queued offline, so they carry when they were made and what they were made on top of).
 */
export function profileRoutes() {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/profile' });
  // Queued offline edits name their owner: never applied with another account's session.
  router.use(expectedUser());

  router.get('/', requireUser(), async (ctx) => {
    const body: ProfileResponse = { fields: await readProfile(ctx.pool, userOf(ctx).id) };
    ctx.body = body;
  });

  router.patch('/', requireUser(), perUser, validate(ProfilePatchInput), async (ctx) => {
    const { edits } = inputOf(ctx, ProfilePatchInput);
    const merged = await applyProfileEdits(ctx.pool, userOf(ctx).id, edits);
    const body: ProfilePatchResponse = merged;
    ctx.body = body;
  });

  return router;
}
