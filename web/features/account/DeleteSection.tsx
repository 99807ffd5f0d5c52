// oxlint-disable-next-line import/no-unassigned-import -- the section's stylesheet, loaded with its chunk
import './DeleteSection.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ACCOUNT_DELETE_PATH } from '../../../domain/contract/accountBasics';
import type {
  DeleteAccountInput,
  DeleteAccountResponse,
} from '../../../domain/contract/accountData';
import { api } from '../../data/api';
import { useToast } from '../../ui/ToastProvider';
import { clearSession, useAuth } from '../auth/auth.queries';
import { AuthForm } from '../auth/AuthForm';
import { describeUnsentWork } from '../auth/logoutGuard';
import { onlineOnce } from './account.queries';
import { ConfirmIdentity, type IdentityProof } from './ConfirmIdentity';
import { useConfirmedChange } from './useConfirmedChange';

type Step = 'closed' | 'password' | 'warning';

/** What the rep is told once it is done: gone, and when the subscription ended (no more charges). */
function goneMessage({ subscription }: DeleteAccountResponse): string {
  if (!subscription) return 'Your account and everything in it were deleted.';
  const when = new Date(subscription.endedAt).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  return `Your account and everything in it were deleted. Your Pro subscription ended on ${when}: you will not be charged again.`;
}

/**
 * Delete the account: 'Delete my account', then the current password or a passkey (ConfirmIdentity),
 * then a last warning naming what goes; 'Delete everything' sends the proof given. A passkey's
 * answer is good for five minutes: a warning left open longer is answered 'expired', back at the
 * proof. The server ends the subscription and deletes every row in one transaction, signing
 * every device out; this device then forgets the rep too (its database with the outbox, the cached
 * answers in localStorage and the service worker's cache), as a logout does.
 */
export function DeleteSection() {
  const { user, proAccess } = useAuth();
  const [step, setStep] = useState<Step>('closed');
  const [proof, setProof] = useState<IdentityProof | null>(null);
  // The proof's step: the password or a passkey, kept for 'Delete everything' after the warning.
  const { form, failure, fail, reset, handleSubmit, confirm } = useConfirmedChange(
    () => ({ currentPassword: '' }),
    () => ({}),
    async (given) => {
      setProof(given);
      setStep('warning');
    },
  );
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  // What waits on this device for the server goes too: the warning names it, as a logout's does.
  const [unsent, setUnsent] = useState<string[]>([]);
  useEffect(() => {
    if (step !== 'warning' || user === null) return;
    let live = true;
    void Promise.all([import('../../data/db'), import('../../data/unsentWork')])
      .then(([{ openUserDb }, { countUnsentWork }]) => countUnsentWork(openUserDb(user.id)))
      .then((work) => live && setUnsent(describeUnsentWork(work)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [step, user]);
  const section = useRef<HTMLElement>(null);
  // Each step takes the focus its button had: the password field, then the warning itself (read
  // first by a screen reader, its safe button one Tab away).
  useEffect(() => {
    if (step === 'password')
      section.current?.querySelector<HTMLInputElement>('input[name="currentPassword"]')?.focus();
    if (step === 'warning')
      section.current?.querySelector<HTMLElement>('.delete-section__warning')?.focus();
  }, [step]);

  const remove = useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      api.post<DeleteAccountResponse>(ACCOUNT_DELETE_PATH, input),
    // Made now or not at all: with no signal it fails at once and says so, never waits to go out
    // later on its own (the rep may have left the screen), and a refusal is never sent again.
    ...onlineOnce,
    onSuccess: async (answer) => {
      const userId = user?.id;
      clearSession(queryClient);
      if (userId !== undefined) {
        // The search index first, so nothing holds the database open while it is deleted.
        await import('../search/deviceSearch')
          .then(({ dropDeviceIndex }) => dropDeviceIndex(userId))
          .catch(() => undefined);
        const { clearUserData } = await import('../../data/db');
        await clearUserData(userId).catch((error: unknown) =>
          console.warn('Could not clear local data', error),
        );
      }
      toast({ header: 'Account deleted', message: goneMessage(answer), color: 'success' });
      await navigate({ to: '/' });
    },
    onError: (error) => {
      setStep('password');
      setProof(null);
      fail(error);
    },
  });

  const cancel = () => {
    setStep('closed');
    setProof(null);
    reset();
  };

  return (
    <section
      ref={section}
      className="account-section delete-section"
      aria-labelledby="delete-heading"
    >
      <h2 id="delete-heading">Delete your account</h2>
      {step === 'closed' && (
        <>
          <p className="muted">
            Everything you keep in Pitchpad goes, on every device, and cannot be brought back.
            Download your data first if you want to keep it.
          </p>
          <button
            type="button"
            className="pp-button delete-section__danger"
            onClick={() => setStep('password')}
          >
            Delete my account
          </button>
        </>
      )}
      {step === 'password' && user && (
        <AuthForm
          label="Confirm it is you"
          form={form}
          onSubmit={handleSubmit}
          failure={failure}
          submit={{ label: 'Continue', busyLabel: 'Checking', busy: false }}
          footer={
            <button type="button" className="pp-button pp-button--ghost" onClick={cancel}>
              Cancel
            </button>
          }
        >
          <ConfirmIdentity userId={user.id} confirm={confirm} busy={remove.isPending} />
        </AuthForm>
      )}
      {step === 'warning' && (
        <div
          className="delete-section__warning"
          role="alertdialog"
          aria-labelledby="delete-warning"
          tabIndex={-1}
        >
          <p id="delete-warning">
            <strong>This deletes {user?.username ?? 'your account'} for good.</strong> You lose:
          </p>
          <ul>
            <li>every chat and its messages, and the emails you edited</li>
            <li>your saved items and idea analyses</li>
            <li>your profile and your sales kit</li>
            {proAccess === 'subscription' && <li>your Pro subscription, which ends now</li>}
            {proAccess === 'granted' && <li>the Pro this server's operator granted you</li>}
            {user?.isOperator && (
              <li>
                your place as this server's operator (the model settings stay; at its next start the
                server prints a new setup link, for whoever opens it first)
              </li>
            )}
            {unsent.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>Every device is signed out.</p>
          <button
            type="button"
            className="pp-button delete-section__danger"
            disabled={remove.isPending}
            onClick={() => proof && remove.mutate(proof)}
          >
            {remove.isPending ? (
              <span className="pp-spinner" role="img" aria-label="Deleting" />
            ) : (
              'Delete everything'
            )}
          </button>
          <button
            type="button"
            className="pp-button pp-button--ghost"
            disabled={remove.isPending}
            onClick={cancel}
          >
            Keep my account
          </button>
        </div>
      )}
    </section>
  );
}
