import type { FormEvent } from 'react';
import { accountFailureMessage } from '../auth/authMessages';
import type { ErrorsByField } from '../auth/useFieldErrors';
import { useFormFields } from '../auth/useFormFields';
import { currentPasswordProblem, type IdentityProof } from './ConfirmIdentity';

/**
 * A change the rep confirms is theirs (the password, the email, deleting the account): a form with
 * its own fields and `currentPassword` (useFormFields), made by `send` with the proof given, the
 * password typed (the form's submit) or a passkey's answer (ConfirmIdentity's button). Both check
 * the form's own fields first (`check`); the password path checks the password is there too.
 * A failure is shown beside the field the server names, else once above the button (`fail`); a
 * change made empties the form.
 */
export function useConfirmedChange<F extends string>(
  initial: () => Record<F | 'currentPassword', string>,
  check: (values: Record<F | 'currentPassword', string>) => ErrorsByField,
  send: (proof: IdentityProof, values: Record<F | 'currentPassword', string>) => Promise<unknown>,
) {
  const fields = useFormFields(initial);
  const { values, show, setFailure, reset } = fields;

  /** Shows why the change failed: beside the field the server named, or above the button. */
  const fail = (error: unknown) => fields.fail(error, accountFailureMessage);
  const go = (proof: IdentityProof) => void send(proof, values).then(reset, fail);
  /** The form's own fields are fine (else they are shown): the passkey's sheet may open. */
  const ready = () => {
    setFailure(null);
    return !show(check(values));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const { currentPassword } = values;
    if (show({ ...check(values), currentPassword: currentPasswordProblem(currentPassword) }))
      return;
    go({ currentPassword });
  };

  return {
    ...fields,
    fail,
    handleSubmit,
    /** What ConfirmIdentity takes: the password field, and the way to send with a passkey instead. */
    confirm: { field: fields.field('currentPassword'), ready, onPasskey: go },
  };
}
