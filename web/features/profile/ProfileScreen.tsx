/**
 * /profile: what the rep sells, kept once so flows arrive filled and every answer speaks about their
 * product. Works with no signal: the screen shows this device's copy at once, a save is stored here
 * and queued (profileStore.ts), and the server's copy is read whenever the phone is online.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the profile screen's stylesheet, loaded with its chunk
import './profile.css';
import { Link, useSearch } from '@tanstack/react-router';
import { chevronForwardOutline, documentTextOutline, sparklesOutline } from 'ionicons/icons';
import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import {
  checkProfileValue,
  PROFILE_FIELDS,
  type ProfileField,
  type ProfileValues,
} from '../../../domain/contract/profileFields';
import { openUserDb, type PitchpadDb } from '../../data/db';
import { InlineIcon } from '../../ui/InlineIcon';
import { saveOrSay } from '../../ui/saveOrSay';
import { Screen } from '../../ui/Screen';
import { useToast } from '../../ui/ToastProvider';
import type { ShowToast } from '../../ui/toaster';
import { useOnline } from '../../ui/useOnline';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
import { useAuth } from '../auth/auth.queries';
import { FillFromText } from './FillFromText';
import { ProfileFieldInput, fieldId, focusField, isProfileField } from './ProfileFieldInput';
import { PROFILE_SECTIONS } from './profileSections';
import {
  dismissRefusedProfileEdit,
  flushProfileEdits,
  profileValues,
  pullProfile,
  saveProfileEdits,
  type LocalProfile,
} from './profileStore';
import { useLocalProfile, useRefusedProfileEdits } from './useProfile';

export function ProfileScreen() {
  const { user } = useAuth();
  if (!user) return null;
  return <ProfileEditor key={user.id} userId={user.id} />;
}

/** The words of the note under the Save button, by where the saved edits are. */
export const SAVED_HERE_OFFLINE = "Saved on this phone; it will sync when you're online.";
export const SAVED_HERE_SYNCING = 'Saved on this phone; syncing…';
export const SAVED = 'Saved.';

function ProfileEditor({ userId }: { userId: number }) {
  const db = useMemo(() => openUserDb(userId), [userId]);
  const online = useOnline();
  const profile = useLocalProfile(db);
  useKeyboardInView();
  // A search result opened the profile on one of its fields.
  const { field } = useSearch({ strict: false }) as { field?: string };

  // The server's copy, whenever the phone is online: this device's copy is shown meanwhile.
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    pullProfile(db, controller.signal).catch((error: unknown) => {
      if (!controller.signal.aborted) console.warn('Could not read the profile', error);
    });
    return () => controller.abort();
  }, [db, online]);

  return (
    <Screen width="narrow" className="profile-screen">
      <section className="page-intro">
        <p className="eyebrow">Profile</p>
        <h1>What you sell</h1>
        <p className="lede">
          Filled once, used everywhere: flows arrive filled and answers speak about your product.
          Every field is optional.
        </p>
      </section>
      <Link to="/kit" className="profile-row">
        <InlineIcon icon={documentTextOutline} />
        <span className="profile-row__text">
          <strong>Sales kit</strong>
          <span className="muted">Your decks, case studies and price sheets</span>
        </span>
        <InlineIcon icon={chevronForwardOutline} />
      </Link>
      {profile ? (
        <ProfileForm
          db={db}
          profile={profile}
          online={online}
          foundField={isProfileField(field) ? field : undefined}
        />
      ) : (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
    </Screen>
  );
}

/**
 * Store and queue `edits`; answers when they were saved (their outbox entry's `createdAt`, which a
 * refusal names), or null when this phone could not keep them (said in a toast; the typing stays).
 */
async function saveEdits(
  db: PitchpadDb,
  edits: ProfileValues,
  toast: ShowToast,
): Promise<number | null> {
  const now = Date.now();
  return (await saveOrSay(saveProfileEdits(db, edits, now), toast)) ? now : null;
}

/** The edits the rep has typed and not saved yet, by field. */
type Draft = ProfileValues;

/** The draft without what `values` already hold (in the form they are stored). */
function withoutStored(draft: Draft, values: ProfileValues): Draft {
  const left = Object.entries(draft).filter(([field, typed]) => {
    const checked = checkProfileValue(field as ProfileField, typed);
    return !checked.ok || checked.value !== (values[field as ProfileField] ?? '');
  });
  return left.length === Object.keys(draft).length ? draft : Object.fromEntries(left);
}

function ProfileForm({
  db,
  profile,
  online,
  foundField,
}: {
  db: PitchpadDb;
  profile: LocalProfile;
  online: boolean;
  /** The field a search opened the profile on. */
  foundField?: ProfileField;
}) {
  const values = useMemo(() => profileValues(profile), [profile]);
  const [draft, setDraft] = useState<Draft>({});
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  // When the rep last saved (the time its edits were queued at), until the server refuses that save.
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [filling, setFilling] = useState(false);
  const toast = useToast();
  const refused = useRefusedProfileEdits(db);
  const pending = Object.keys(profile.pending).length;
  // The last save was refused: its 'Not saved' alert says so, and 'Saved.' must not say otherwise
  // (not even once the alert is dismissed). Adjusted while rendering, when the refusal arrives.
  if (savedAt !== null && refused.some((entry) => entry.createdAt >= savedAt)) setSavedAt(null);

  // What was typed and is now what this device holds (saved, or the same value arrived) is no
  // longer a draft: a later change from another device then shows. Adjusted while rendering, when
  // this device's copy changes.
  const [seen, setSeen] = useState(values);
  if (seen !== values) {
    setSeen(values);
    setDraft(withoutStored(draft, values));
  }

  // Brought into view and focused once, when the form is first drawn: a save or a sync draws it
  // again without taking the focus from where the rep has moved it.
  useEffect(() => {
    if (foundField) focusField(foundField);
  }, [foundField]);

  const valueOf = (field: ProfileField) => draft[field] ?? values[field] ?? '';

  const handleChange = (field: ProfileField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setSavedAt(null);
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  /** Store `edits` here and queue them; sent at once when online. */
  const save = async (edits: ProfileValues) => {
    const at = await saveEdits(db, edits, toast);
    if (at === null) return;
    setSavedAt(at);
    if (globalThis.navigator?.onLine !== false) void flushProfileEdits(db);
  };

  const handleSave = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<ProfileField, string>> = {};
    for (const [field, typed] of Object.entries(draft) as [ProfileField, string][]) {
      const checked = checkProfileValue(field, typed);
      if (!checked.ok) found[field] = `${PROFILE_FIELDS[field].label} ${checked.message}.`;
    }
    setErrors(found);
    const [first] = Object.keys(found) as ProfileField[];
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    await save(draft);
  };

  const handleUseReplaced = (field: ProfileField, value: string) => {
    setDraft(({ [field]: _dropped, ...rest }) => rest);
    void save({ [field]: value });
  };

  const errorCount = Object.keys(errors).length;
  const note =
    errorCount > 0
      ? `${errorCount === 1 ? 'One field needs' : `${errorCount} fields need`} a fix before saving.`
      : pending > 0
        ? online
          ? SAVED_HERE_SYNCING
          : SAVED_HERE_OFFLINE
        : savedAt !== null
          ? SAVED
          : '';

  return (
    <>
      <div className="profile-fill">
        <button type="button" className="pp-button" onClick={() => setFilling(true)}>
          <InlineIcon icon={sparklesOutline} />
          Fill from text
        </button>
        <p className="muted">Paste your About page, a one-pager or your email signature.</p>
      </div>
      {refused.map((entry) => (
        <div key={entry.seq} className="form-error profile-refused" role="alert">
          <p>
            Not saved:{' '}
            {entry.payload.edits.map((edit) => PROFILE_FIELDS[edit.field].label).join(', ')}.{' '}
            {entry.lastError}
          </p>
          <button
            type="button"
            className="pp-button pp-button--ghost"
            onClick={() => void dismissRefusedProfileEdit(db, entry.seq!)}
          >
            Dismiss
          </button>
        </div>
      ))}
      <form className="profile-form" noValidate onSubmit={(event) => void handleSave(event)}>
        {PROFILE_SECTIONS.map((section) => (
          <fieldset key={section.title} className="panel profile-section">
            <legend className="profile-section__title">{section.title}</legend>
            {section.fields.map(({ name, input, hint }) => {
              const replaced = profile.server[name]?.replaced;
              // A pending or typed edit of the field settles it: the server clears the note then.
              const crossed =
                replaced && !profile.pending[name] && draft[name] === undefined
                  ? replaced
                  : undefined;
              return (
                <ProfileFieldInput
                  key={name}
                  field={name}
                  input={input}
                  hint={hint}
                  value={valueOf(name)}
                  error={errors[name]}
                  replaced={crossed}
                  onChange={(value) => handleChange(name, value)}
                  onUseReplaced={() => crossed && handleUseReplaced(name, crossed.value)}
                />
              );
            })}
          </fieldset>
        ))}
        <div className="profile-save">
          <p className="profile-save__note" role="status">
            {note}
          </p>
          <button type="submit" className="pp-button pp-button--primary">
            Save
          </button>
        </div>
      </form>
      {filling && (
        <FillFromText
          values={values}
          online={online}
          onClose={() => setFilling(false)}
          onSave={async (chosen) => {
            setDraft((current) =>
              Object.fromEntries(Object.entries(current).filter(([field]) => !(field in chosen))),
            );
            await save(chosen);
            setFilling(false);
          }}
        />
      )}
    </>
  );
}
