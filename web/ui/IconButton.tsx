import type { ButtonHTMLAttributes, Ref } from 'react';
import { InlineIcon } from './InlineIcon';

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
      <InlineIcon icon={icon} />
    </button>
  );
}
