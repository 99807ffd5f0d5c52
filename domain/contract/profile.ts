// The rep's profile, what they sell, kept once and used by every answer. Shared
// by the API (which validates with these schemas) and the web app (which reads these types).
import { z } from 'zod';
import {
  checkProfileValue,
  PROFILE_EXTRACT_MAX_CHARS,
  PROFILE_FIELD_NAMES,
  type ProfileField,
  type ProfileValues,
} from './profileFields';

export * from './profileFields';

/** At most this many edits in one PATCH: each field a few times over. */
export const PROFILE_EDITS_MAX = 100;

export const ProfileEdit = z
  .object({
    field: z.enum(PROFILE_FIELD_NAMES as [ProfileField, ...ProfileField[]], {
      error: `must be one of ${PROFILE_FIELD_NAMES.join(', ')}`,
    }),
    value: z.string({ error: 'must be text' }).max(5_000, 'must be at most 5000 characters'),
    editedAt: z.iso.datetime({ offset: true, error: 'must be an ISO date' }),
    /** The `editedAt` of the stored value this edit was made on top of; null when there was none. */
    base: z.iso.datetime({ offset: true, error: 'must be an ISO date or null' }).nullable(),
  })
  .transform((edit, ctx) => {
    const checked = checkProfileValue(edit.field, edit.value);
    if (!checked.ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `${edit.field} ${checked.message}`,
      });
      return z.NEVER;
    }
    return { ...edit, value: checked.value };
  });
export type ProfileEdit = z.output<typeof ProfileEdit>;

/** PATCH /api/profile */
export const ProfilePatchInput = z.object({
  edits: z
    .array(ProfileEdit, { error: 'must be a list' })
    .min(1, 'must hold at least one edit')
    .max(PROFILE_EDITS_MAX, `must hold at most ${PROFILE_EDITS_MAX} edits`),
  /**
   * When the device sent this request, by its own clock (the clock its edits' `editedAt` come from):
   * the server reads the edits' times against it, so a device's clock never has to agree with
   * another's. Optional: edits queued by an older app version come without it.
   */
  sentAt: z.iso.datetime({ offset: true, error: 'must be an ISO date' }).optional(),
});

/** POST /api/profile/extract: pasted text the model reads the profile's fields from. */
export const ProfileExtractInput = z.object({
  text: z
    .string({ error: 'text is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(PROFILE_EXTRACT_MAX_CHARS, `must be at most ${PROFILE_EXTRACT_MAX_CHARS} characters`),
});

/**
 * What the model found in the text, field by field: suggestions the rep confirms one by one
 * (nothing is stored until they do). Values that do not fit a field (a link that is not one, a
 * tone not offered) are left out.
 */
export interface ProfileExtractResponse {
  fields: ProfileValues;
}
