export interface SubmitButtonProps {
  label: string;
  /** What the spinner says while the form's request is on its way (e.g. 'Signing in'). */
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
}

/** A sign-in or registration form's button: native, so Enter in a field submits the form. */
export function SubmitButton({ label, busyLabel, busy, disabled = false }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className="pp-button pp-button--primary auth-form__submit"
      disabled={busy || disabled}
    >
      {busy ? (
        <span className="pp-spinner pp-spinner--on-primary" role="img" aria-label={busyLabel} />
      ) : (
        label
      )}
    </button>
  );
}
