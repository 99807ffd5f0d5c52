import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { useEffect, useRef } from 'react';
import type { User } from '../../../domain/contract/auth';
import { PASSKEY_CHALLENGE_TTL_MS } from '../../../domain/limits';
import { ApiError } from '../../data/api';
import { useHydrating } from '../../prerender/takeover';
import { usePasskeyLoginMutation } from './auth.queries';
import {
  cancelPasskeyCeremony,
  isPasskeyCancelled,
  passkeyAutofillAvailable,
  passkeyFailureMessage,
  passkeySignInAnswer,
  passkeysSupported,
} from './passkeys';

/** A fresh autofill request this long before its challenge dies, so a pick is never refused as expired. */
const AUTOFILL_RENEW_MS = PASSKEY_CHALLENGE_TTL_MS - 30_000;

/**
 * Signing in with a passkey on the sign-in form: the button's sheet (`ask`), and, where the browser
 * has it, the username field's autofill, waiting for as long as the form is shown (renewed before
 * its challenge expires, started again after the sheet is closed). `supported`: draw the button
 * (never while the app hydrates the prerendered form, whose first render must be the build's).
 */
export function usePasskeySignIn({
  onSignedIn,
  onFailure,
}: {
  onSignedIn: (user: User) => void;
  onFailure: (message: string) => void;
}) {
  const mutation = usePasskeyLoginMutation();
  const supported = !useHydrating() && passkeysSupported();
  const autofill = useRef({ on: false, timer: 0 });

  /**
   * Sign in with a passkey's answer. Refused after the sheet: the autofill waits again. Refused
   * after the autofill: it waits no more (the rep has the button), or a passkey the server refuses
   * that an authenticator answers on its own would be sent again and again.
   */
  const signInWith = (response: AuthenticationResponseJSON, fromAutofill: boolean) =>
    mutation.mutate(response, {
      onSuccess: ({ user }) => {
        stopAutofill();
        onSignedIn(user);
      },
      onError: (error) => {
        onFailure(passkeyFailureMessage(error));
        if (fromAutofill) stopAutofill();
        else startAutofill();
      },
    });

  const stopAutofill = () => {
    autofill.current.on = false;
    window.clearTimeout(autofill.current.timer);
  };

  /** Ask for the autofill (a new ceremony ends the one before, @simplewebauthn/browser's rule). */
  const startAutofill = () => {
    if (!autofill.current.on) return;
    window.clearTimeout(autofill.current.timer);
    autofill.current.timer = window.setTimeout(startAutofill, AUTOFILL_RENEW_MS);
    passkeySignInAnswer(true).then(
      (response) => signInWith(response, true),
      (error: unknown) => {
        // It waits unseen: only the server's answer is worth a word, never its own hiccup.
        if (error instanceof ApiError && !isPasskeyCancelled(error))
          onFailure(passkeyFailureMessage(error));
      },
    );
  };

  /** The button: the browser's passkey sheet (the autofill waits again if it is closed). */
  const ask = () => {
    passkeySignInAnswer(false).then(
      (response) => signInWith(response, false),
      (error: unknown) => {
        if (!isPasskeyCancelled(error)) onFailure(passkeyFailureMessage(error));
        startAutofill();
      },
    );
  };

  useEffect(() => {
    if (!passkeysSupported()) return;
    const state = autofill.current;
    void passkeyAutofillAvailable().then((available) => {
      if (!available || state.on) return;
      state.on = true;
      startAutofill();
    });
    return () => {
      state.on = false;
      window.clearTimeout(state.timer);
      cancelPasskeyCeremony();
    };
    // Once per form: the autofill waits for as long as the form is shown.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    supported,
    ask,
    /** Stop waiting in the autofill (a password sign-in went through). */
    stop: () => {
      stopAutofill();
      cancelPasskeyCeremony();
    },
    pending: mutation.isPending,
    signedIn: mutation.isSuccess,
  };
}
