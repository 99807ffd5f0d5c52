/**
 * The rep's profile in the guided flows: read as a flow opens (fresh from the server
 * when it answers quickly), answers changed in a flow saved back to it, and a finished flow's offer
 * to save the answers it lacks, kept with the flow's chat until the rep answers it once.
 */
import type { ProfileValues } from '../../../domain/contract/profile';
import type { PitchpadDb } from '../../data/db';
import { readKeyValue, writeKeyValue } from '../../data/db';
import {
  flushProfileEdits,
  profileValues,
  pullProfile,
  readLocalProfile,
  saveProfileEdits,
} from '../profile/profileStore';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';

/**
 * How long a flow waits for the server's profile before it opens with this device's copy: another
 * device's edits arrive in a round trip; a slow network does not hold the flow (a later answer
 * still fills the steps not touched).
 */
export const PROFILE_WAIT_MS = 800;

/** The profile a flow opens with: the server's when it answers within PROFILE_WAIT_MS, else this device's. */
export async function profileForFlow(
  db: PitchpadDb,
  online = typeof navigator === 'undefined' || navigator.onLine,
): Promise<ProfileValues> {
  if (online) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      pullProfile(db).catch((error: unknown) => console.warn('Could not read the profile', error)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, PROFILE_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }
  return profileValues(await readLocalProfile(db));
}

/** Save `values` to the profile (stored here at once, sent now when online, queued otherwise). */
export async function saveToProfile(db: PitchpadDb, values: ProfileValues): Promise<void> {
  const changed = await saveProfileEdits(db, values);
  if (changed.length) void flushProfileEdits(db);
}

const offerKey = (chatId: string) => `flows.profileOffer:${chatId}`;

function isProfileValues(value: unknown): value is ProfileValues {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/** Keep a finished flow's offer with its chat: the answers the profile lacked. */
export async function keepProfileOffer(
  db: PitchpadDb,
  chatId: string,
  values: ProfileValues,
): Promise<void> {
  if (Object.keys(values).length) await writeKeyValue(db, offerKey(chatId), values);
}

/** The offer of a flow's chat, live; null when there is none or it was answered. */
export function useProfileOffer(db: PitchpadDb, chatId: string): ProfileValues | null {
  return (
    useSafeLiveQuery(
      () => readKeyValue(db, offerKey(chatId), isProfileValues),
      [db, chatId],
      null,
    ) ?? null
  );
}

/**
 * The rep's answer to the offer, given once: Save stores the values the profile still lacks (a
 * field filled meanwhile elsewhere is left as it is); Not now only forgets the offer.
 */
export async function answerProfileOffer(
  db: PitchpadDb,
  chatId: string,
  save: boolean,
): Promise<void> {
  const values = await readKeyValue(db, offerKey(chatId), isProfileValues);
  await db.keyValues.delete(offerKey(chatId));
  if (!save || !values) return;
  const profile = profileValues(await readLocalProfile(db));
  const blank = Object.fromEntries(
    Object.entries(values).filter(([field]) => !profile[field as keyof ProfileValues]?.trim()),
  );
  await saveToProfile(db, blank);
}
