import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { FIELD_MESSAGES } from '../../../domain/accountFields';
import { NEW_PASSWORD_SAME } from '../../../domain/contract/account';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/limits';
import { useToast } from '../../ui/ToastProvider';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
import { registerFailureMessage } from '../auth/authMessages';
import { SubmitButton } from '../auth/SubmitButton';
import { TextField } from '../auth/TextField';
import { fieldErrorsFrom, useChangePassword } from './account.queries';

type Field = 'currentPassword' | 'newPassword';
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword'];

/** What the form can tell before asking the server (which also refuses common passwords). */
function problems(current: string, next: string): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  if (!current) found.currentPassword = 'Enter your current password';
  if (!next) found.newPassword = FIELD_MESSAGES.passwordRequired;
  else if (next.length < PASSWORD_MIN) found.newPassword = FIELD_MESSAGES.passwordShort;
  else if (next.length > PASSWORD_MAX) found.newPassword = FIELD_MESSAGES.passwordLong;
  else if (next === current) found.newPassword = NEW_PASSWORD_SAME;
  return found;
}

/**
 * Account → Password: the current password and a new one (registration's rules). Every other
 * device is signed out; this one stays signed in.
 */
export function PasswordSection({ userId }: { userId: number }) {
  const form = useRef<HTMLFormElement>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const change = useChangePassword(userId);
  const toast = useToast();
  // The field typed in and its button stay above a phone's keyboard.
  useKeyboardInView();

  /** Shows `found` beside the fields, the first one at fault focused; answers whether there was any. */
  const show = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
    return first !== undefined;
  };
  const edit = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (show(problems(current, next))) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: ({ signedOut }) => {
          setCurrent('');
          setNext('');
          toast({
            header: 'Password changed',
            message:
              signedOut > 0
                ? `${signedOut === 1 ? 'One other device was' : `${signedOut} other devices were`} signed out. This one stays signed in.`
                : 'This device stays signed in.',
            color: 'success',
          });
        },
        onError: (error) => {
          if (!show(fieldErrorsFrom(error))) setFailure(registerFailureMessage(error));
        },
      },
    );
  };

  return (
    <section className="account-section" aria-labelledby="account-password-title">
      <h2 id="account-password-title">Password</h2>
      <p className="muted">Changing it signs you out on every other device.</p>
      <form
        ref={form}
        className="auth-form"
        onSubmit={handleSubmit}
        aria-label="Change your password"
        noValidate
      >
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autocomplete="current-password"
          value={current}
          error={errors.currentPassword}
          onChange={edit('currentPassword', setCurrent)}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autocomplete="new-password"
          value={next}
          error={errors.newPassword}
          onChange={edit('newPassword', setNext)}
        />
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <SubmitButton label="Change password" busyLabel="Changing" busy={change.isPending} />
      </form>
    </section>
  );
}
