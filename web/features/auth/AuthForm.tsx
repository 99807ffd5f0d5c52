import type { FormEvent, ReactNode, RefObject } from 'react';
import { SubmitButton, type SubmitButtonProps } from './SubmitButton';

interface AuthFormProps {
  /** The form's name, as a screen reader announces it. */
  label: string;
  /** useFormFields' `form`: where the first field at fault is found to be focused. */
  form: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent) => void;
  /**
   * Where the browser posts the form itself before the app takes the page over (or without
   * JavaScript): the prerendered sign-in and registration forms. Never a GET, which would put what
   * was typed into the address.
   */
  action?: string;
  /** The failure that belongs to no field, shown once above the button (never as a toast too). */
  failure: string | null;
  /** The failure's lead, in bold before it ('Login failed:'). */
  failureLead?: string;
  submit: SubmitButtonProps;
  /** The fields. */
  children: ReactNode;
  /** Under the button (sign-in's 'Forgot password?'). */
  footer?: ReactNode;
}

/**
 * An account form (sign-in, registration, forgot and reset password): its fields, the failure that
 * belongs to none of them, its button. noValidate: the browser's own bubbles name one field at a
 * time; each field's problem shows under it, all at once (useFormFields).
 */
export function AuthForm({
  label,
  form,
  onSubmit,
  action,
  failure,
  failureLead,
  submit,
  children,
  footer,
}: AuthFormProps) {
  return (
    <form
      ref={form}
      className="auth-form"
      method={action ? 'post' : undefined}
      action={action}
      onSubmit={onSubmit}
      aria-label={label}
      noValidate
    >
      {children}
      {failure && (
        <p className="form-error" role="alert">
          {failureLead && (
            <>
              <strong>{failureLead}</strong>{' '}
            </>
          )}
          {failure}
        </p>
      )}
      <SubmitButton {...submit} />
      {footer}
    </form>
  );
}
