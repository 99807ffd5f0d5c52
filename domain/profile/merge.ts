import type {
  ProfileEdit,
  ProfileEditOutcome,
  ProfileField,
  ProfileResponse,
  ProfileValues,
  StoredProfileField,
} from '../contract/profile';

export type StoredProfile = ProfileResponse['fields'];

/** When a stored field counts as edited: its `at`, else its `editedAt`. */
const countsAt = (field: StoredProfileField) => Date.parse(field.at ?? field.editedAt);

/**
 * Apply a device's edits to the stored profile, field by field, so two devices editing different
 * fields both keep their change:
 *
 *  - An edit made on top of what the field holds (its `base` is the stored `editedAt`, or the field
 *    is new) is stored, and ends any note of a replaced edit: the rep changed it knowing its value.
 *  - Two devices edited the same field without seeing each other's edit: the later edit (by when the
 *    rep made it) is the value, and the other is kept as `replaced`, shown on the profile, so it is
 *    never lost without a word. The same value from both is no conflict.
 *
 * `editedAt` is the device's clock: it is kept as sent (a later edit names it as its base). When
 * edits are compared it counts in the server's time: moved by how far the device's clock was from
 * the server's when it sent them (`sentAt`, its clock then, against `now`), so a laptop an hour slow
 * still wins with an edit made after the phone's; and never later than `now`, so a phone set a day
 * ahead does not win every conflict for a day. Only each device's own clock is read against itself.
 * Pure: returns the new fields and each edit's outcome, in order.
 */
export function mergeProfileEdits(
  stored: StoredProfile,
  edits: readonly ProfileEdit[],
  now: Date,
  sentAt?: string,
): { fields: StoredProfile; outcomes: { field: ProfileField; outcome: ProfileEditOutcome }[] } {
  const fields: StoredProfile = { ...stored };
  const outcomes: { field: ProfileField; outcome: ProfileEditOutcome }[] = [];
  // How far the server's clock is ahead of the device's (0 when the device did not say when it sent).
  const clockOffset = sentAt === undefined ? 0 : now.getTime() - Date.parse(sentAt);
  for (const edit of edits) {
    const current = fields[edit.field];
    const incoming: StoredProfileField = { value: edit.value, editedAt: edit.editedAt };
    const made = Math.min(Date.parse(edit.editedAt) + clockOffset, now.getTime());
    if (made !== Date.parse(edit.editedAt)) incoming.at = new Date(made).toISOString();
    if (
      !current ||
      (edit.base !== null && Date.parse(edit.base) === Date.parse(current.editedAt))
    ) {
      fields[edit.field] = incoming;
      outcomes.push({ field: edit.field, outcome: 'applied' });
    } else if (current.value === edit.value) {
      fields[edit.field] = countsAt(incoming) > countsAt(current) ? incoming : current;
      outcomes.push({ field: edit.field, outcome: 'applied' });
    } else if (countsAt(incoming) > countsAt(current)) {
      fields[edit.field] = {
        ...incoming,
        replaced: { value: current.value, editedAt: current.editedAt },
      };
      outcomes.push({ field: edit.field, outcome: 'replaced-other' });
    } else {
      fields[edit.field] = {
        ...current,
        replaced: { value: edit.value, editedAt: edit.editedAt },
      };
      outcomes.push({ field: edit.field, outcome: 'kept-other' });
    }
  }
  return { fields: withVersions(stored, fields), outcomes };
}

/** The highest `version` of the stored fields (0 before any was versioned). */
export function profileVersion(stored: StoredProfile): number {
  return Math.max(0, ...Object.values(stored).map((field) => field?.version ?? 0));
}

/**
 * `fields` with every field this write changed stamped with the profile's next version, so a device
 * can tell a newer answer from an older one by the server's own order, never by clocks (see
 * StoredProfileField.version). A field left as it was keeps its version.
 */
function withVersions(stored: StoredProfile, fields: StoredProfile): StoredProfile {
  const next = profileVersion(stored) + 1;
  const stamped: StoredProfile = { ...fields };
  for (const [field, value] of Object.entries(fields) as [ProfileField, StoredProfileField][])
    if (value !== stored[field]) stamped[field] = { ...value, version: next };
  return stamped;
}

const EPOCH = new Date(0).toISOString();

/**
 * Fill the fields that hold nothing yet (never set, or cleared to '') with `values`, dated `now`:
 * what Pitchpad learned elsewhere (a guest's idea analysis) never overwrites what the rep wrote.
 */
export function fillBlankFields(
  stored: StoredProfile,
  values: ProfileValues,
  now: Date,
): { fields: StoredProfile; filled: ProfileField[] } {
  const fields: StoredProfile = { ...stored };
  const filled: ProfileField[] = [];
  for (const [field, value] of Object.entries(values) as [ProfileField, string | undefined][]) {
    if (!value?.trim() || fields[field]?.value) continue;
    // Dated when filled (a base for the next edit), but counting as the epoch: any edit of the rep's
    // (one made offline before this fill, arriving after it) wins over it.
    fields[field] = { value: value.trim(), editedAt: now.toISOString(), at: EPOCH };
    filled.push(field);
  }
  return { fields: withVersions(stored, fields), filled };
}
