import { useEffect, useLayoutEffect, useRef } from 'react';
import {
  PROFILE_FIELDS,
  TONES,
  type ProfileField,
  type StoredProfileField,
} from '../../../domain/contract/profileFields';
import type { FieldInput } from './profileSections';

/** The id of a field's control, so a check that fails can move the focus to it. */
export const fieldId = (field: ProfileField) => `profile-${field}`;

/** Whether `name` is a field of the profile (a search param may hold anything). */
export const isProfileField = (name: string | undefined): name is ProfileField =>
  name !== undefined && Object.hasOwn(PROFILE_FIELDS, name);

/**
 * Brings a field to the middle of the screen and gives it the focus: the tone's chosen radio,
 * as Tab would, rather than 'Not set'.
 */
export function focusField(field: ProfileField): void {
  const id = fieldId(field);
  const control =
    document.querySelector<HTMLElement>(`input[name="${id}"]:checked`) ??
    document.getElementById(id);
  control?.closest('.profile-field')?.scrollIntoView({ block: 'center' });
  control?.focus({ preventScroll: true });
}

const TONE_LABELS: Record<(typeof TONES)[number] | '', string> = {
  '': 'Not set',
  direct: 'Direct',
  friendly: 'Friendly',
  formal: 'Formal',
};

/** When an edit was made, as a rep reads it: the time today, else the day and time. */
export function formatEditedAt(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return at.toDateString() === now.toDateString()
    ? time
    : `${at.toLocaleDateString([], { month: 'short', day: 'numeric' })}, ${time}`;
}

interface FieldProps {
  field: ProfileField;
  input: FieldInput;
  hint?: string;
  value: string;
  /** Why the value cannot be saved, naming the field. */
  error?: string;
  /** An edit another device made at the same time, which this value replaced (or that replaced this device's). */
  replaced?: StoredProfileField['replaced'];
  onChange(value: string): void;
  onUseReplaced(): void;
}

/** One field of the profile: its label, its control, and what to say under it. */
export function ProfileFieldInput({
  field,
  input,
  hint,
  value,
  error,
  replaced,
  onChange,
  onUseReplaced,
}: FieldProps) {
  const id = fieldId(field);
  const { label } = PROFILE_FIELDS[field];
  const describedBy =
    [error && `${id}-error`, hint && `${id}-hint`, replaced && `${id}-replaced`]
      .filter(Boolean)
      .join(' ') || undefined;
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;

  return (
    <div className={`profile-field${error ? ' profile-field--invalid' : ''}`}>
      {input === 'tone' ? (
        <fieldset className="profile-tone" aria-describedby={describedBy}>
          <legend className="profile-field__label">{label}</legend>
          <div className="profile-tone__choices">
            {(['', ...TONES] as const).map((tone) => (
              <label key={tone || 'none'} className="profile-tone__choice">
                <input
                  type="radio"
                  name={id}
                  id={tone === '' ? id : undefined}
                  value={tone}
                  checked={value.toLowerCase() === tone}
                  onChange={() => onChange(tone)}
                />
                <span>{TONE_LABELS[tone]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <>
          <label className="profile-field__label" htmlFor={id}>
            {label}
          </label>
          {input === 'text' ? (
            <GrowingTextarea {...common} onChange={onChange} />
          ) : (
            <input
              {...common}
              className="text-box profile-field__line"
              type={input === 'phone' ? 'tel' : 'text'}
              inputMode={input === 'link' ? 'url' : undefined}
              autoCapitalize={input === 'link' ? 'none' : undefined}
              autoComplete="off"
              spellCheck={input === 'line'}
              placeholder={input === 'link' ? 'https://' : undefined}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
        </>
      )}
      {hint && (
        <p id={`${id}-hint`} className="profile-field__hint muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="profile-field__error">
          {error}
        </p>
      )}
      {replaced && (
        <div id={`${id}-replaced`} className="profile-field__replaced" role="note">
          <p>
            Two devices changed this at once. The other edit, made at{' '}
            {formatEditedAt(replaced.editedAt)}, was not kept: “{replaced.value || 'blank'}”
          </p>
          <button type="button" className="pp-button" onClick={onUseReplaced}>
            Use this instead
          </button>
        </div>
      )}
    </div>
  );
}

/** Whether the browser grows a text box to its text by itself (Chromium 123, Safari 26.2). */
const sizesItself = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

/** Sets a text box's height to what its text needs. */
function fitToText(el: HTMLTextAreaElement): void {
  el.style.height = 'auto';
  // The border is outside scrollHeight: add it back so no scrollbar appears.
  el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
}

/** A text box as tall as what it holds: a paragraph shows whole, with no scrolling inside it. */
function GrowingTextarea({
  onChange,
  ...props
}: {
  id: string;
  value: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  onChange(value: string): void;
}) {
  const box = useRef<HTMLTextAreaElement>(null);
  // Where the browser sizes a text box to its text (CSS field-sizing, profile.css), nothing to do.
  // Elsewhere, measured when the value changes, as typed or from elsewhere (a save on another
  // device), and when the box's width does (the phone turned): each measure lays the page out, which
  // for every field on every render held a slow phone's main thread for 200 ms at the profile's start.
  useLayoutEffect(() => {
    if (!sizesItself && box.current) fitToText(box.current);
    // oxlint-disable-next-line react/exhaustive-effect-dependencies -- measured again when the value changes
  }, [props.value]);
  useEffect(() => {
    const el = box.current;
    if (sizesItself || !el || typeof ResizeObserver !== 'function') return;
    let width = el.clientWidth;
    const watch = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      fitToText(el);
    });
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  return (
    <textarea
      {...props}
      ref={box}
      className="text-box profile-field__text"
      rows={2}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
