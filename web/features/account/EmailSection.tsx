import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { EMAIL_PATTERN, FIELD_MESSAGES } from '../../../domain/accountFields';
import { EMAIL_SAME } from '../../../domain/contract/account';
import { useToast } from '../../ui/ToastProvider';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
import { registerFailureMessage } from '../auth/authMessages';
import { SubmitButton } from '../auth/SubmitButton';
import { TextField } from '../auth/TextField';
import { fieldErrorsFrom, useChangeEmail } from './account.queries';

type Field = 'email' | 'currentPassword';
const FIELDS: readonly Field[] = ['email', 'currentPassword'];

function problems(email: string, current: string, now: string): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  const address = email.trim().toLowerCase();
  if (!address) found.email = FIELD_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(address)) found.email = FIELD_MESSAGES.emailInvalid;
  else if (address === now.toLowerCase()) found.email = EMAIL_SAME;
  if (!current) found.currentPassword = 'Enter your current password';
  return found;
}

/**
 * Account → Email: a new address (registration's rules) and the current password. The old address
 * is told by email, so a change the owner did not make does not go unnoticed.
 */
export function EmailSection({ userId, email }: { userId: number; email: string }) {
  const form = useRef<HTMLFormElement>(null);
  const [next, setNext] = useState('');
  const [current, setCurrent] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const change = useChangeEmail(userId);
  const toast = useToast();
  // The field typed in and its button stay above a phone's keyboard.
  useKeyboardInView();

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
    if (show(problems(next, current, email))) return;
    const old = email;
    change.mutate(
      { email: next, currentPassword: current },
      {
        onSuccess: ({ user }) => {
          setNext('');
          setCurrent('');
          toast({
            header: 'Email changed',
            message: `Your account’s email is now ${user.email}. We let ${old} know.`,
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
    <section className="account-section" aria-labelledby="account-email-title">
      <h2 id="account-email-title">Email</h2>
      <p className="muted">
        Now <strong className="account-email">{email}</strong>. We tell this address when it
        changes.
      </p>
      <form
        ref={form}
        className="auth-form"
        onSubmit={handleSubmit}
        aria-label="Change your email"
        noValidate
      >
        <TextField
          label="New email"
          name="email"
          type="email"
          inputmode="email"
          autocomplete="email"
          value={next}
          error={errors.email}
          onChange={edit('email', setNext)}
        />
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autocomplete="current-password"
          value={current}
          error={errors.currentPassword}
          onChange={edit('currentPassword', setCurrent)}
        />
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <SubmitButton label="Change email" busyLabel="Changing" busy={change.isPending} />
      </form>
    </section>
  );
}
