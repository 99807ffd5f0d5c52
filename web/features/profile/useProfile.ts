import { useMemo } from 'react';
import type { ProfileValues } from '../../../domain/contract/profile';
import type { PitchpadDb } from '../../data/db';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import {
  profileValues,
  readLocalProfile,
  refusedProfileEdits,
  type LocalProfile,
  type ProfileEditEntry,
} from './profileStore';

/** The profile on this device, live (undefined until read). */
export function useLocalProfile(db: PitchpadDb): LocalProfile | undefined {
  return useSafeLiveQuery(() => readLocalProfile(db), [db], { server: {}, pending: {} });
}

/** The profile's values on this device, live: what flows prefill and drafts use (undefined until read). */
export function useProfileValues(db: PitchpadDb): ProfileValues | undefined {
  const profile = useLocalProfile(db);
  return useMemo(() => profile && profileValues(profile), [profile]);
}

/** The profile edits the server refused for good, live: the screen says why. */
export function useRefusedProfileEdits(db: PitchpadDb): ProfileEditEntry[] {
  return useSafeLiveQuery(() => refusedProfileEdits(db), [db], []) ?? [];
}
