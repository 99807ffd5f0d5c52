import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { groupThousands } from '../../../domain/numbers';
import { ErrorCode } from '../../../domain/contract/errors';
import {
  PROFILE_EXTRACT_MAX_CHARS,
  PROFILE_FIELD_NAMES,
  PROFILE_FIELDS,
  type ProfileField,
  type ProfileValues,
} from '../../../domain/contract/profileFields';
import type { ProfileExtractResponse } from '../../../domain/contract/profile';
import { api, ApiError, OfflineError } from '../../data/api';

/** What the sheet says when the phone has no connection: the pasted text stays. */
export const NEEDS_CONNECTION =
  "Fill from text needs a connection. Your text is kept here: try again when you're online.";

/** Why the model's reading failed, as the rep reads it. */
function problemOf(error: unknown): string {
  if (error instanceof OfflineError) return NEEDS_CONNECTION;
  if (error instanceof ApiError && error.code === ErrorCode.noModel)
    return `Fill from text needs a model. ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

interface Props {
  /** The profile's values now, shown beside each suggestion. */
  values: ProfileValues;
  online: boolean;
  onClose(): void;
  /** Store the fields the rep chose. */
  onSave(chosen: ProfileValues): Promise<void>;
}

/**
 * 'Fill from text': the rep pastes an About page, a one-pager or a signature; the model reads the
 * profile's fields from it (POST /api/profile/extract), and the rep confirms each one before
 * anything is saved. A native <dialog>: focus stays inside, Escape closes it.
 */
export function FillFromText({ values, online, onClose, onSave }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [found, setFound] = useState<ProfileValues | null>(null);
  const [chosen, setChosen] = useState<Set<ProfileField>>(new Set());
  const needsText = !text.trim();

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => el?.close();
  }, []);

  const handleRead = async (event: FormEvent) => {
    event.preventDefault();
    if (needsText) return;
    if (!online) {
      setProblem(NEEDS_CONNECTION);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api.post<ProfileExtractResponse>('/api/profile/extract', { text });
      setFound(answer.fields);
      // A blank field takes the suggestion unless the rep unticks it; one they filled keeps theirs.
      setChosen(new Set(fieldsOf(answer.fields).filter((field) => !values[field])));
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };

  const handleSave = async () => {
    if (!found) return;
    setBusy(true);
    try {
      await onSave(Object.fromEntries([...chosen].map((field) => [field, found[field] ?? ''])));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (field: ProfileField) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(field)) next.add(field);
      return next;
    });

  const suggested = found ? fieldsOf(found) : [];
  return (
    <dialog
      ref={dialog}
      className="dialog fill-sheet"
      aria-labelledby="fill-sheet-title"
      onClose={onClose}
    >
      <h2 id="fill-sheet-title">Fill from text</h2>
      {found === null ? (
        <form onSubmit={(event) => void handleRead(event)}>
          <label htmlFor="fill-sheet-text" className="profile-field__label">
            Paste your About page, a one-pager or your email signature
          </label>
          <textarea
            id="fill-sheet-text"
            className="text-box fill-sheet__text"
            value={text}
            maxLength={PROFILE_EXTRACT_MAX_CHARS}
            aria-describedby="fill-sheet-count"
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
          />
          {/* Empty, the count's line says why Read my fields waits, and the button points at it. */}
          <p id="fill-sheet-count" className="muted fill-sheet__count">
            {needsText
              ? 'Paste some text above to read your fields from it.'
              : `${groupThousands(text.length)} / ${groupThousands(PROFILE_EXTRACT_MAX_CHARS)} characters`}
          </p>
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
          <div className="dialog__actions fill-sheet__actions">
            <button type="button" className="pp-button pp-button--ghost" onClick={onClose}>
              Cancel
            </button>
            <button
              type="submit"
              className="pp-button pp-button--primary"
              disabled={busy || needsText}
              aria-describedby={needsText ? 'fill-sheet-count' : undefined}
            >
              {busy ? 'Reading…' : 'Read my fields'}
            </button>
          </div>
        </form>
      ) : (
        <>
          {suggested.length === 0 ? (
            <p>Nothing in this text fits your profile. Try a longer text, such as an About page.</p>
          ) : (
            <>
              <p id="fill-sheet-tick" className="muted">
                Tick what to use; nothing is saved until you do.
              </p>
              <ul className="fill-sheet__list">
                {suggested.map((field) => (
                  <li key={field} className="fill-sheet__item">
                    <label className="fill-sheet__choice">
                      <input
                        type="checkbox"
                        checked={chosen.has(field)}
                        onChange={() => toggle(field)}
                      />
                      <span className="fill-sheet__field">{PROFILE_FIELDS[field].label}</span>
                    </label>
                    <dl className="fill-sheet__values">
                      <dt>Now</dt>
                      <dd className={values[field] ? undefined : 'muted'}>
                        {values[field] || 'Blank'}
                      </dd>
                      <dt>Suggested</dt>
                      <dd>{found[field]}</dd>
                    </dl>
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="dialog__actions fill-sheet__actions">
            <button
              type="button"
              className="pp-button pp-button--ghost"
              onClick={() => setFound(null)}
            >
              Back to the text
            </button>
            {suggested.length > 0 && (
              <button
                type="button"
                className="pp-button pp-button--primary"
                disabled={busy || chosen.size === 0}
                aria-describedby={chosen.size === 0 ? 'fill-sheet-tick' : undefined}
                onClick={() => void handleSave()}
              >
                Save chosen fields
              </button>
            )}
          </div>
        </>
      )}
    </dialog>
  );
}

/** The fields of an answer, in the profile's order. */
function fieldsOf(values: ProfileValues): ProfileField[] {
  return PROFILE_FIELD_NAMES.filter((field) => values[field]);
}
