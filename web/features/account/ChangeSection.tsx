import type { ReactNode } from 'react';
import { AuthForm } from '../auth/AuthForm';
import { ConfirmIdentity, type ConfirmIdentityProps } from './ConfirmIdentity';
import type { useConfirmedChange } from './useConfirmedChange';

/**
 * An account section that changes one thing the rep must confirm is theirs (the email, the
 * password): its title, a line on what the change does, the new value's field, then the current
 * password or a passkey (ConfirmIdentity) and the button.
 */
export function ChangeSection({
  id,
  title,
  intro,
  userId,
  change,
  busy,
  children,
}: {
  /** Names the section's title for its aria-labelledby: `account-${id}-title`. */
  id: string;
  title: string;
  intro: ReactNode;
  userId: number;
  /** useConfirmedChange's form, and the words of its button. */
  change: Pick<ReturnType<typeof useConfirmedChange>, 'form' | 'failure' | 'handleSubmit'> & {
    confirm: ConfirmIdentityProps['confirm'];
    label: string;
    submit: string;
  };
  busy: boolean;
  /** The new value's field. */
  children: ReactNode;
}) {
  const titleId = `account-${id}-title`;
  return (
    <section className="account-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p className="muted">{intro}</p>
      <AuthForm
        label={change.label}
        form={change.form}
        onSubmit={change.handleSubmit}
        failure={change.failure}
        submit={{ label: change.submit, busyLabel: 'Changing', busy }}
      >
        {children}
        <ConfirmIdentity userId={userId} confirm={change.confirm} busy={busy} />
      </AuthForm>
    </section>
  );
}
