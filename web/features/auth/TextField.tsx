import { IonInput } from '@ionic/react';
import type { ComponentProps } from 'react';
import { IonInputPasswordToggle } from './authIonic';

type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
} & Pick<ComponentProps<typeof IonInput>, 'type' | 'autocomplete' | 'name' | 'minlength' | 'maxlength' | 'inputmode' | 'disabled'>;

/** A labelled, required form field. Password fields get a show/hide toggle. */
export function TextField({ label, value, onChange, type = 'text', ...rest }: TextFieldProps) {
  return (
    <IonInput
      className="text-field"
      label={label}
      labelPlacement="stacked"
      fill="outline"
      type={type}
      value={value}
      required
      onIonInput={(event) => onChange(event.detail.value ?? '')}
      {...rest}
    >
      {type === 'password' && <IonInputPasswordToggle slot="end" />}
    </IonInput>
  );
}
