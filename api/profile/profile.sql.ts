import type { Pool } from '../db';
import type { ProfileEdit } from '../../domain/contract/profile';
import type { ProfileField, ProfileValues } from '../../domain/contract/profile';
import { fillBlankFields, mergeProfileEdits, type StoredProfile } from '../../domain/profile/merge';

/** The user's profile fields ({} before the first edit). */
export async function readProfile(pool: Pool, userId: number): Promise<StoredProfile> {
  const { rows } = await pool.query<{ fields: StoredProfile }>({
    // Named: every send reads it.
    name: 'profile-read',
    text: 'SELECT fields FROM profiles WHERE user_id = $1',
    values: [userId],
  });
  return rows[0]?.fields ?? {};
}

/**
 * Merge `edits` into the user's profile in one transaction: the row is locked while it is read and
 * written, so two devices' edits arriving together through two instances both count.
 */
export function applyProfileEdits(
  pool: Pool,
  userId: number,
  edits: readonly ProfileEdit[],
  sentAt?: string,
): Promise<ReturnType<typeof mergeProfileEdits>> {
  return updateProfile(pool, userId, (fields, now) =>
    mergeProfileEdits(fields, edits, now, sentAt),
  );
}

/** Fill the profile's blank fields with `values` (what a guest's idea analysis knows); answers which. */
export async function fillBlankProfileFields(
  pool: Pool,
  userId: number,
  values: ProfileValues,
): Promise<ProfileField[]> {
  return (await updateProfile(pool, userId, (fields, now) => fillBlankFields(fields, values, now)))
    .filled;
}

/** Read the user's profile locked, change it with `change`, and write it back, in one transaction. */
async function updateProfile<R extends { fields: StoredProfile }>(
  pool: Pool,
  userId: number,
  change: (fields: StoredProfile, now: Date) => R,
): Promise<R> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('INSERT INTO profiles (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [
      userId,
    ]);
    const { rows } = await client.query<{ fields: StoredProfile; now: Date }>(
      'SELECT fields, now() AS now FROM profiles WHERE user_id = $1 FOR UPDATE',
      [userId],
    );
    const merged = change(rows[0]!.fields, new Date(rows[0]!.now));
    await client.query('UPDATE profiles SET fields = $2, updated_at = now() WHERE user_id = $1', [
      userId,
      JSON.stringify(merged.fields),
    ]);
    await client.query('COMMIT');
    return merged;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
