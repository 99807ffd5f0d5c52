import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../data/api';
import { useToast } from '../../ui/ToastProvider';
import { addPasskey, isPasskeyCancelled, passkeyFailureMessage } from './passkeys';

/** The offer's words. */
export const PASSKEY_OFFER_TITLE = 'Sign in faster next time';
const PASSKEY_OFFER_TEXT =
  "Add a passkey and sign in with Face ID, a fingerprint or this phone's PIN instead of your password.";

/**
 * After a password sign-in, in place of the form: add a passkey now, or not (passkeyOffer.ts shows it
 * once per account on this device). Either way `onDone` goes on to where the rep was going.
 */
export const PASSKEY_OFFER_EXPIRED =
  'It has been a while since you signed in: add a passkey from your account page, where you confirm it is you first.';

export function PasskeyOffer({ onDone }: { onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  // It takes the sign-in form's place: the focus the form's button had comes to its title, once.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const handleAdd = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await addPasskey();
      toast({
        header: 'Passkey added',
        message: 'Next time, sign in with it.',
        color: 'success',
      });
      onDone();
    } catch (error) {
      // The rep closed the browser's sheet: the offer stays, with 'Not now'.
      if (isPasskeyCancelled(error)) return;
      // Left open past the minutes a new sign-in may add one without the password: say where to go.
      setFailure(
        error instanceof ApiError && error.status === 403
          ? PASSKEY_OFFER_EXPIRED
          : passkeyFailureMessage(error),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-form passkey-offer" aria-labelledby="passkey-offer-title">
      <h2 id="passkey-offer-title" className="passkey-offer__title" tabIndex={-1} ref={heading}>
        {PASSKEY_OFFER_TITLE}
      </h2>
      <p className="passkey-offer__text">{PASSKEY_OFFER_TEXT}</p>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <button
        type="button"
        className="pp-button pp-button--primary"
        disabled={busy}
        onClick={() => void handleAdd()}
      >
        {busy ? 'Adding a passkey…' : 'Add a passkey'}
      </button>
      <button type="button" className="pp-button pp-button--ghost" disabled={busy} onClick={onDone}>
        Not now
      </button>
    </section>
  );
}
