/**
 * The rep's profile on this device: a copy of the server's in the local database,
 * so every screen reads it with no signal, and the rep's edits queued in the outbox as kind
 * 'profile-edit' on the line 'profile' (one PATCH /api/profile per save, in the order saved).
 *
 *  - `server`: the profile as the server last answered it (GET, or a PATCH's answer).
 *  - `pending`: this device's edits the server has not answered yet, the latest per field, each with
 *    the outbox entry that carries it (`entry`). What the screens show is the server's value with
 *    these on top (`profileValues`). An edit stops being pending when the server answers its own
 *    PATCH (stored, kept as `replaced`, or refused), whatever any clock says.
 *  - Which of two server answers is the newer, field by field: the one with the higher `version`,
 *    the order in which the server stored the value (StoredProfileField.version). Never the edits'
 *    times: those are the devices' clocks, and a phone an hour slow would otherwise never see
 *    another device's later value.
 *  - An edit's `base` is the `editedAt` of the value it was made on top of (the pending edit's, else
 *    the server's), so the server tells an edit of what this device saw from one made blind
 *    (domain/profile/merge.ts): two devices editing different fields both keep their change; the
 *    same field keeps the later edit and shows the other as `replaced`.
 *
 * No React or DOM here: the service worker delivers profile edits too (queuedWork.ts).
 */
import {
  checkProfileValue,
  PROFILE_FIELD_NAMES,
  type ProfileField,
  type ProfilePatchResponse,
  type ProfileResponse,
  type ProfileValues,
  type StoredProfileField,
} from '../../../domain/contract/profileFields';
import { api } from '../../data/api';
import {
  readKeyValue,
  userIdOfDb,
  writeKeyValue,
  type OutboxEntry,
  type PitchpadDb,
} from '../../data/db';
import { uuidv7 } from '../../data/ids';
import { enqueue, flushOutbox, type Answer, type KindHandler } from '../../data/outbox';
import type { QueuedFeature } from '../../data/queue/registry';
import { answerForError } from '../../data/queue/answers';

export const PROFILE_EDIT = 'profile-edit';
export const PROFILE_LINE = 'profile';
const PROFILE_KEY = 'profile';

/** One edit as PATCH /api/profile takes it. */
export interface PendingEdit {
  value: string;
  editedAt: string;
  base: string | null;
}

/** A pending edit on this device: the edit, and the outbox entry (its clientId) that sends it. */
export interface LocalEdit extends PendingEdit {
  /** Missing on edits saved before entries were named: those are told apart by `editedAt`. */
  entry?: string;
}

export interface LocalProfile {
  server: ProfileResponse['fields'];
  pending: Partial<Record<ProfileField, LocalEdit>>;
}

const EMPTY: LocalProfile = { server: {}, pending: {} };

/** The profile on this device (empty before the first read). */
export async function readLocalProfile(db: PitchpadDb): Promise<LocalProfile> {
  return (await readKeyValue(db, PROFILE_KEY, isLocalProfile)) ?? EMPTY;
}

function isLocalProfile(value: unknown): value is LocalProfile {
  const profile = value as LocalProfile | null;
  return (
    typeof profile === 'object' &&
    profile !== null &&
    typeof profile.server === 'object' &&
    profile.server !== null &&
    typeof profile.pending === 'object' &&
    profile.pending !== null
  );
}

/** What the screens use: each field's value, this device's pending edits on top; blank fields left out. */
export function profileValues(profile: LocalProfile): ProfileValues {
  const values: ProfileValues = {};
  for (const field of PROFILE_FIELD_NAMES) {
    const value = profile.pending[field]?.value ?? profile.server[field]?.value ?? '';
    if (value.trim()) values[field] = value;
  }
  return values;
}

/** A field as the server holds it, or undefined. */
export function storedField(
  profile: LocalProfile,
  field: ProfileField,
): StoredProfileField | undefined {
  return profile.server[field];
}

/**
 * Save the rep's changes: each field whose value differs from what this device shows becomes an edit,
 * stored here at once and queued for the server in one outbox entry. Values are kept in the form the
 * server stores them ('acme.com' as https://acme.com, 'Friendly' as friendly), so what this device
 * shows does not change when the server answers; one the server would refuse is sent as typed, and
 * its refusal is shown (the screen checks first, with the same rule). Answers the fields changed
 * (none: nothing is queued).
 */
export async function saveProfileEdits(
  db: PitchpadDb,
  values: ProfileValues,
  now = Date.now(),
): Promise<ProfileField[]> {
  const editedAt = new Date(now).toISOString();
  const clientId = uuidv7(now);
  return db.transaction('rw', [db.keyValues, db.outbox], async () => {
    const profile = await readLocalProfile(db);
    const shown = profileValues(profile);
    const edits: ({ field: ProfileField } & PendingEdit)[] = [];
    const pending = { ...profile.pending };
    for (const [field, raw] of Object.entries(values) as [ProfileField, string | undefined][]) {
      const checked = checkProfileValue(field, raw ?? '');
      const value = checked.ok ? checked.value : (raw ?? '').trim();
      if (value === (shown[field] ?? '')) continue;
      const base = pending[field]?.editedAt ?? profile.server[field]?.editedAt ?? null;
      const edit = { value, editedAt, base };
      pending[field] = { ...edit, entry: clientId };
      edits.push({ field, ...edit });
    }
    if (edits.length === 0) return [];
    await writeKeyValue(db, PROFILE_KEY, { ...profile, pending } satisfies LocalProfile);
    await enqueue(
      db,
      { clientId, kind: PROFILE_EDIT, line: PROFILE_LINE, payload: { edits } },
      now,
    );
    return edits.map((edit) => edit.field);
  });
}

/** The outbox entry the server answered, and the edits it carried. */
export interface AnsweredEntry {
  clientId: string;
  edits: readonly ({ field: ProfileField } & PendingEdit)[];
}

/**
 * Keep the server's profile here: `answer` is what it held when it answered. The pending edits of
 * `answered` (the entry whose PATCH this answers) go: the server has had its say on them; those a
 * later entry carries stay. A field this device holds in a higher version than the answer's keeps
 * it: a GET sent before a save was delivered may answer after it, and must not bring the older value
 * back. Versions are the server's own order (StoredProfileField.version), so no clock is compared.
 */
export async function storeServerProfile(
  db: PitchpadDb,
  answer: ProfileResponse,
  answered?: AnsweredEntry,
): Promise<void> {
  await db.transaction('rw', [db.keyValues], async () => {
    const profile = await readLocalProfile(db);
    const pending = { ...profile.pending };
    for (const edit of answered?.edits ?? []) {
      const waiting = pending[edit.field];
      const same =
        waiting?.entry === undefined
          ? waiting?.editedAt === edit.editedAt
          : waiting.entry === answered!.clientId;
      if (same) delete pending[edit.field];
    }
    const server = { ...answer.fields };
    for (const field of PROFILE_FIELD_NAMES) {
      const held = profile.server[field];
      const got = server[field];
      if (held && (!got || versionOf(held) > versionOf(got))) server[field] = held;
    }
    await writeKeyValue(db, PROFILE_KEY, { server, pending } satisfies LocalProfile);
  });
}

const versionOf = (field: StoredProfileField) => field.version ?? 0;

/** Read the server's profile into this device's copy (online; a failure leaves the copy as it was). */
export async function pullProfile(db: PitchpadDb, signal?: AbortSignal): Promise<void> {
  const answer = await api.get<ProfileResponse>('/api/profile', signal);
  await storeServerProfile(db, answer);
}

export type ProfileEditEntry = OutboxEntry & {
  payload: { edits: ({ field: ProfileField } & PendingEdit)[] };
};

/** The outbox's handler of profile edits: PATCH /api/profile with the entry's edits. */
export const profileEditHandler: KindHandler = {
  tables: ['keyValues'],
  async deliver(db, entry): Promise<Answer> {
    const { edits } = (entry as ProfileEditEntry).payload;
    const answered = { clientId: entry.clientId, edits };
    try {
      const answer = await api.patch<ProfilePatchResponse>(
        '/api/profile',
        // The device's clock now: the server reads the edits' times against it (merge.ts).
        { edits, sentAt: new Date().toISOString() },
        userIdOfDb(db),
      );
      await storeServerProfile(db, answer, answered);
      return { kind: 'delivered', detail: answer.outcomes };
    } catch (error) {
      const answer = answerForError(error, Date.now());
      // Refused for good (a value the server will never take): the edit is dropped here too, so the
      // screen shows what the server holds rather than a value that will never arrive.
      if (answer.kind === 'refused')
        await storeServerProfile(db, { fields: (await readLocalProfile(db)).server }, answered);
      return answer;
    }
  },
};

/** The profile's queued work, for the registry (web/app/queuedWork.ts). */
export const profileQueue: QueuedFeature = { handlers: { [PROFILE_EDIT]: profileEditHandler } };

/** The profile edits the server refused for good, newest first, with why (`lastError`). */
export async function refusedProfileEdits(db: PitchpadDb): Promise<ProfileEditEntry[]> {
  const failed = await db.outbox
    .where('state')
    .equals('failed')
    .filter((entry) => entry.kind === PROFILE_EDIT)
    .toArray();
  return (failed as ProfileEditEntry[]).toSorted((a, b) => b.createdAt - a.createdAt);
}

/** The rep has read why an edit was refused: it is no longer shown. */
export async function dismissRefusedProfileEdit(db: PitchpadDb, seq: number): Promise<void> {
  await db.outbox.delete(seq);
}

/** Send the queued profile edits now (after a save, online): the sync engine and the worker do it otherwise. */
export function flushProfileEdits(db: PitchpadDb): Promise<unknown> {
  return flushOutbox(
    db,
    { [PROFILE_EDIT]: profileEditHandler },
    { line: PROFILE_LINE, force: true },
  ).catch((error: unknown) => console.warn('Could not send the profile edits', error));
}
