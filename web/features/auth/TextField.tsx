import { IonIcon, IonInput } from '@ionic/react';
import { eyeOffOutline, eyeOutline } from 'ionicons/icons';
import { useState } from 'react';
import type { ComponentProps } from 'react';

type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with the value, shown under the field (and announced with it) until it changes. */
  error?: string;
} & Pick<ComponentProps<typeof IonInput>, 'type' | 'autocomplete' | 'name' | 'minlength' | 'maxlength' | 'inputmode' | 'disabled'>;

/**
 * A labelled, required form field with its error under it. Ionic shows `errorText` (and sets
 * aria-invalid and aria-describedby) on a field marked ion-invalid and ion-touched; with no error the
 * line under the field is not drawn at all, so it leaves no blank space. Password fields get a
 * show/hide button of our own: Ionic's toggle draws a 40 px button in its shadow root, out of reach
 * of the app's 44 px rule. A native button: an IonButton turns an onPointerDown prop into an inline
 * handler attribute, which the CSP blocks.
 */
export function TextField({ label, value, onChange, error, type = 'text', ...rest }: TextFieldProps) {
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  return (
    <IonInput
      className={error ? 'text-field ion-invalid ion-touched' : 'text-field'}
      label={label}
      labelPlacement="stacked"
      fill="outline"
      type={isPassword && shown ? 'text' : type}
      value={value}
      required
      errorText={error}
      onIonInput={(event) => onChange(event.detail.value ?? '')}
      {...rest}
    >
      {isPassword && (
        <button
          type="button"
          slot="end"
          className="text-field__reveal"
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          // Keeps the focus (and a phone's keyboard) in the field.
          onPointerDown={(event) => event.preventDefault()}
          onClick={() => setShown((was) => !was)}
        >
          <IonIcon icon={shown ? eyeOffOutline : eyeOutline} aria-hidden="true" />
        </button>
      )}
    </IonInput>
  );
}
