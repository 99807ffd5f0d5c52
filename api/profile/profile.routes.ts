import { Router } from '@koa/router';
import { z } from 'zod';
import {
  checkProfileValue,
  PROFILE_FIELD_NAMES,
  PROFILE_FIELDS,
  ProfileExtractInput,
  ProfilePatchInput,
  TONES,
  type ProfileExtractResponse,
  type ProfileFieldSpec,
  type ProfilePatchResponse,
  type ProfileResponse,
  type ProfileValues,
} from '../../domain/contract/profile';
import { userPayer } from '../llm/budget';
import { NoModel } from '../llm/errors';
import { completeJson } from '../llm/json';
import { llmRateLimit } from '../llm/limit';
import type { MeteredGateway } from '../llm/metered';
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
 * The rep's profile: GET /api/profile; PATCH /api/profile with the edits a
 * device made (queued offline, so they carry when they were made and what they were made on top of);
 * POST /api/profile/extract, 'Fill from text': the model reads the fields from pasted text, as
 * suggestions the rep confirms one by one.
 */
export function profileRoutes(gateway: MeteredGateway) {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/profile' });
  // Queued offline edits name their owner: never applied with another account's session.
  router.use(expectedUser());

  router.get('/', requireUser(), async (ctx) => {
    const body: ProfileResponse = { fields: await readProfile(ctx.pool, userOf(ctx).id) };
    ctx.body = body;
  });

  router.patch('/', requireUser(), perUser, validate(ProfilePatchInput), async (ctx) => {
    const { edits, sentAt } = inputOf(ctx, ProfilePatchInput);
    const merged = await applyProfileEdits(ctx.pool, userOf(ctx).id, edits, sentAt);
    const body: ProfilePatchResponse = merged;
    ctx.body = body;
  });

  router.post(
    '/extract',
    requireUser(),
    llmRateLimit(),
    validate(ProfileExtractInput),
    async (ctx) => {
      const llm = gateway.current();
      if (llm.offline) throw NoModel('fill your profile from text');
      const { text } = inputOf(ctx, ProfileExtractInput);
      const found = await completeJson(
        llm,
        ctx.log,
        {
          model: llm.defaultModel,
          budget: userPayer(userOf(ctx)),
          params: EXTRACT_PARAMS,
          messages: [
            { role: 'system', content: EXTRACT_INSTRUCTIONS },
            { role: 'user', content: text },
          ],
        },
        ExtractedFields,
        'The model did not answer with the profile’s fields. Try again.',
      );
      const body: ProfileExtractResponse = { fields: fitFields(found) };
      ctx.body = body;
    },
  );

  return router;
}

/** Low temperature: the fields are read from the text, not invented. */
const EXTRACT_PARAMS = {
  temperature: 0.1,
  // Every field at its longest is about 2,500 tokens of JSON.
  max_tokens: 3000,
  top_p: 1,
  frequency_penalty: 0,
  presence_penalty: 0,
};

const EXTRACT_INSTRUCTIONS = [
  "You read a sales rep's pasted text (their company's About page, a one-pager, an email signature) and fill in their company profile.",
  'Answer with one JSON object. Its keys, each a string, only for what the text says; leave out any key the text does not answer (never guess, never invent figures, customers or quotes):',
  ...PROFILE_FIELD_NAMES.map((field) => {
    const spec: ProfileFieldSpec = PROFILE_FIELDS[field];
    const hint =
      spec.kind === 'tone'
        ? ` (one of ${TONES.join(', ')})`
        : spec.kind === 'link'
          ? ' (a web address)'
          : '';
    return `- "${field}": ${spec.label}${hint}, at most ${spec.max} characters`;
  }),
].join('\n');

/** Any object of strings: a key the profile lacks or a value that is not text is dropped below. */
const ExtractedFields = z.record(z.string(), z.unknown());

/** The model's fields that fit the profile, each checked as an edit would be. */
function fitFields(found: Record<string, unknown>): ProfileValues {
  const fields: ProfileValues = {};
  for (const field of PROFILE_FIELD_NAMES) {
    const raw = found[field];
    if (typeof raw !== 'string') continue;
    const checked = checkProfileValue(field, raw.slice(0, PROFILE_FIELDS[field].max));
    if (checked.ok && checked.value) fields[field] = checked.value;
  }
  return fields;
}
