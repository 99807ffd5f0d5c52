import { IonIcon } from '@ionic/react';
import type { ButtonHTMLAttributes, Ref } from 'react';

type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** An ionicons icon, drawn alone: screen readers hear `aria-label` instead. */
  icon: string;
  'aria-label': string;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * A button that shows only an icon (a row's Rename, Delete, Copy; a sheet's Close). Its name is
 * its tooltip too, unless a shorter `title` is given.
 */
export function IconButton({ icon, type = 'button', ref, ...button }: IconButtonProps) {
  return (
    <button ref={ref} type={type} title={button['aria-label']} {...button}>
      <IonIcon icon={icon} aria-hidden="true" />
    </button>
  );
}
