import { NO_PROOF } from '../../../domain/contract/accountBasics';
import type { AuthenticationResponse } from '../../../domain/contract/passkeys';
import { keyOutline } from 'ionicons/icons';
import { useState } from 'react';
import { ApiError, OfflineError } from '../../data/api';
import { InlineIcon } from '../../ui/InlineIcon';
import { accountFailureMessage } from '../auth/authMessages';
import { TextField } from '../auth/TextField';
import { getPasskeyProof, isPasskeyCancelled, usePasskeyProofAvailable } from './passkeyProof';

/** The rep's proof for a sensitive change, as the server takes it (api/account/confirmIdentity.ts). */
export type IdentityProof = { currentPassword: string } | { passkey: AuthenticationResponse };

/** The current password field left empty: the server's words for a change with no proof. */
export const currentPasswordProblem = (value: string) => (value ? undefined : NO_PROOF);

export const PASSKEY_PROOF_FAILED =
  'This browser could not use a passkey just now. Try again, or enter your current password.';

export interface ConfirmIdentityProps {
  userId: number;
  /** useConfirmedChange's `confirm`. */
  confirm: {
    /** The 'Current password' field. */
    field: {
      name: string;
      value: string;
      error?: string | undefined;
      onChange: (v: string) => void;
    };
    /** Before the passkey's sheet opens: the section's other fields are fine (else they are shown). */
    ready: () => boolean;
    /** Makes the section's change with the passkey's answer in place of the password. */
    onPasskey: (proof: IdentityProof) => void;
  };
  /** The section's change is on its way. */
  busy: boolean;
  /**
   * False where the change itself is a passkey ceremony (adding one): a browser may refuse a second
   * sheet the same tap did not open (Safari ties each to its tap), so there only the password serves.
   */
  passkeyAllowed?: boolean;
}

/**
 * 'Confirm it is you' for the password, email and delete sections: the current password, or, where
 * this browser can use one of the account's passkeys, 'Use a passkey instead' (Face ID, a
 * fingerprint, the phone's PIN), which asks for a passkey's answer to a fresh 'confirm' challenge
 * (used once, five minutes) and hands it to the section. A sheet the rep closed is no error.
 */
export function ConfirmIdentity({
  userId,
  confirm,
  busy,
  passkeyAllowed = true,
}: ConfirmIdentityProps) {
  const { field, ready, onPasskey } = confirm;
  const available = usePasskeyProofAvailable(userId) && passkeyAllowed;
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const handlePasskey = async () => {
    setFailure(null);
    if (!ready()) return;
    setAsking(true);
    try {
      const answer = await getPasskeyProof();
      // The browser library's JSON is the contract's; only its extension outputs are typed narrower.
      onPasskey({
        passkey: { ...answer, clientExtensionResults: { ...answer.clientExtensionResults } },
      });
    } catch (error) {
      if (!isPasskeyCancelled(error))
        setFailure(
          error instanceof ApiError || error instanceof OfflineError
            ? accountFailureMessage(error)
            : PASSKEY_PROOF_FAILED,
        );
    } finally {
      setAsking(false);
    }
  };

  return (
    <>
      <TextField
        label="Current password"
        type="password"
        autocomplete="current-password"
        {...field}
      />
      {available && (
        <button
          type="button"
          className="pp-button pp-button--ghost"
          disabled={asking || busy}
          onClick={() => void handlePasskey()}
        >
          <InlineIcon icon={keyOutline} />
          Use a passkey instead
        </button>
      )}
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}
