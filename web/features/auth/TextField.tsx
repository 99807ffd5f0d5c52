import { eyeOffOutline, eyeOutline } from 'ionicons/icons';
import { useId, useState } from 'react';
import type { HTMLAttributes } from 'react';
import { InlineIcon } from '../../ui/InlineIcon';

type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with the value, shown under the field (and announced with it) until it changes. */
  error?: string;
  type?: 'text' | 'email' | 'password';
  name: string;
  autocomplete?: string;
  minlength?: number;
  maxlength?: number;
  inputmode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  disabled?: boolean;
};

/** An account's email field: the keyboard and the autofill of an email address. */
export const EMAIL_FIELD = {
  label: 'Email',
  type: 'email',
  inputmode: 'email',
  autocomplete: 'email',
} as const;

/**
 * A labelled, required form field with its error under it (`aria-invalid`, and the error is the
 * field's description); with no error the line under the field is not drawn, so it leaves no blank
 * space. Password fields get a 44 px show/hide button. A native input styled as Ionic's outlined
 * Material field, not IonInput: the auth screen is prerendered (it draws before any script) and its
 * first visit runs none of Ionic, so it draws and answers before the app's script has loaded.
 */
export function TextField({
  label,
  value,
  onChange,
  error,
  type = 'text',
  name,
  autocomplete,
  minlength,
  maxlength,
  inputmode,
  disabled,
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  return (
    <div className={`text-field${error ? ' text-field--invalid' : ''}`}>
      <label className="text-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="text-field__box">
        <input
          id={id}
          className="text-field__input"
          name={name}
          type={isPassword && shown ? 'text' : type}
          value={value}
          required
          autoComplete={autocomplete}
          minLength={minlength}
          maxLength={maxlength}
          inputMode={inputmode}
          disabled={disabled}
          autoCapitalize={type === 'text' && name !== 'username' ? 'words' : 'none'}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {isPassword && (
          <button
            type="button"
            className="text-field__reveal"
            aria-label={shown ? 'Hide password' : 'Show password'}
            aria-pressed={shown}
            // Keeps the focus (and a phone's keyboard) in the field.
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => setShown((was) => !was)}
          >
            <InlineIcon icon={shown ? eyeOffOutline : eyeOutline} />
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="text-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
