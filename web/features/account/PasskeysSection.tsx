// oxlint-disable-next-line import/no-unassigned-import -- the section's stylesheet, loaded with the account chunk
import './passkeys.css';
import { useQuery } from '@tanstack/react-query';
import { keyOutline, trashOutline } from 'ionicons/icons';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { Passkey } from '../../../domain/contract/passkeys';
import { passkeyLabel } from '../../../domain/deviceName';
import { ApiError } from '../../data/api';
import { InlineIcon } from '../../ui/InlineIcon';
import { useToast } from '../../ui/ToastProvider';
import { drawnAtBuild } from '../../prerender/takeover';
import { isPasskeyCancelled, passkeyFailureMessage, passkeysSupported } from '../auth/passkeys';
import { AuthForm } from '../auth/AuthForm';
import { fieldErrorsOf } from '../auth/authMessages';
import { ConfirmIdentity } from './ConfirmIdentity';
import { AccountList } from './ListLoading';
import { passkeysQueryOptions, useAddPasskey, useRemovePasskey } from './passkeys.queries';
import { useConfirmedChange } from './useConfirmedChange';

/** The server wants the owner's proof first (403 naming the current password). */
const needsProof = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && 'currentPassword' in fieldErrorsOf(error);

const PASSKEYS_INTRO =
  "Sign in with Face ID, a fingerprint or your phone's PIN instead of your password. Add one on each device you use.";

/**
 * /account → Passkeys: the account's passkeys, each named by its device and the day it was added
 * ('iPhone · 26 Nov 2026'), 'Add a passkey' (on this device), and Remove after a confirm.
 */
export function PasskeysSection({ userId }: { userId: number }) {
  const list = useQuery(passkeysQueryOptions(userId));
  const add = useAddPasskey(userId);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  // A session that began a while ago proves it is the owner before it may add a passkey (the
  // server says so with a 403 naming the current password): the password, or another passkey.
  const [proving, setProving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  // The proof's form takes the place of 'Add a passkey', and the focus with it.
  useEffect(() => {
    if (proving)
      section.current?.querySelector<HTMLInputElement>('input[name="currentPassword"]')?.focus();
  }, [proving]);
  const toast = useToast();
  // The build's shell of this screen offers the button: the app knows soon whether it can.
  const supported = passkeysSupported() || drawnAtBuild();

  const added = () => {
    setProving(false);
    toast({ header: 'Passkey added', message: 'Next time, sign in with it.', color: 'success' });
  };
  const handleAdd = () =>
    add.mutate(undefined, {
      onSuccess: added,
      onError: (error) => needsProof(error) && setProving(true),
    });
  const proof = useConfirmedChange(
    () => ({ currentPassword: '' }),
    () => ({}),
    async (identity) => {
      try {
        await add.mutateAsync(identity);
      } catch (error) {
        // The rep closed the passkey sheet: nothing to say; they may tap again.
        if (isPasskeyCancelled(error)) return;
        throw error;
      }
      added();
    },
  );
  const addFailure =
    add.isError && !proving && !isPasskeyCancelled(add.error) && !needsProof(add.error)
      ? passkeyFailureMessage(add.error)
      : null;
  const passkeys = list.data?.passkeys ?? [];

  return (
    <section ref={section} className="account-section passkeys" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" ref={heading} tabIndex={-1}>
        Passkeys
      </h2>
      <p className="muted">{PASSKEYS_INTRO}</p>
      <AccountList query={list} what="passkeys">
        {passkeys.length === 0 ? (
          <p className="passkeys__empty">No passkeys yet.</p>
        ) : (
          <ul className="passkeys__list" aria-label="Your passkeys">
            {passkeys.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                onRemove={() => setRemoving(passkey)}
              />
            ))}
          </ul>
        )}
      </AccountList>
      {addFailure && (
        <p className="form-error" role="alert">
          {addFailure}
        </p>
      )}
      {proving ? (
        <AuthForm
          label="Confirm it is you to add a passkey"
          form={proof.form}
          onSubmit={proof.handleSubmit}
          failure={proof.failure}
          submit={{ label: 'Continue', busyLabel: 'Adding a passkey…', busy: add.isPending }}
          footer={
            <button
              type="button"
              className="pp-button pp-button--ghost"
              onClick={() => {
                setProving(false);
                heading.current?.focus();
              }}
            >
              Cancel
            </button>
          }
        >
          <p className="muted">To add a passkey, first confirm it is you.</p>
          <ConfirmIdentity
            userId={userId}
            confirm={proof.confirm}
            busy={add.isPending}
            passkeyAllowed={false}
          />
        </AuthForm>
      ) : supported ? (
        <button
          type="button"
          className="pp-button pp-button--primary passkeys__add"
          disabled={add.isPending}
          onClick={handleAdd}
        >
          <InlineIcon icon={keyOutline} />
          {add.isPending ? 'Adding a passkey…' : 'Add a passkey'}
        </button>
      ) : (
        <p className="muted">Passkeys cannot be made in this browser, or at this address.</p>
      )}
      <RemoveDialog
        userId={userId}
        passkey={removing}
        onClose={() => setRemoving(null)}
        // The removed passkey's row and its button are gone: the focus goes to the list's title.
        onRemoved={() => heading.current?.focus()}
      />
    </section>
  );
}

const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  const label = passkeyLabel(passkey.deviceName, passkey.createdAt);
  return (
    <li className="passkeys__item">
      <InlineIcon icon={keyOutline} className="passkeys__icon" />
      <div className="passkeys__body">
        <p className="passkeys__name">{label}</p>
        <p className="passkeys__facts">
          {passkey.lastUsedAt ? `Last used ${dayOf(passkey.lastUsedAt)}` : 'Not used yet'}
        </p>
      </div>
      <button
        type="button"
        className="pp-button pp-button--ghost passkeys__remove"
        aria-label={`Remove passkey ${label}`}
        onClick={onRemove}
      >
        <InlineIcon icon={trashOutline} />
      </button>
    </li>
  );
}

/** 'Remove this passkey?': once confirmed it signs in no more. */
function RemoveDialog({
  userId,
  passkey,
  onClose,
  onRemoved,
}: {
  userId: number;
  passkey: Passkey | null;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const remove = useRemovePasskey(userId);
  const close = () => {
    remove.reset();
    onClose();
  };
  const label = passkey ? passkeyLabel(passkey.deviceName, passkey.createdAt) : '';
  return (
    <ConfirmDialog
      open={passkey !== null}
      title="Remove this passkey?"
      message={<>{label}: you will no longer sign in with it. Your password still works.</>}
      error={remove.isError ? remove.error.message : null}
      pending={remove.isPending}
      confirmLabel="Remove"
      onCancel={close}
      onConfirm={() =>
        passkey &&
        remove.mutate(passkey.id, {
          onSuccess: () => {
            close();
            onRemoved();
          },
        })
      }
    />
  );
}
