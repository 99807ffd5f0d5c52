/**
 * 'Confirm it is you' with a passkey instead of the current password, for the sensitive account
 * changes (password, email, deleting the account). The server's confirmIdentity
 * (api/account/confirmIdentity.ts) takes the answer as `passkey` beside or instead of the password:
 *
 *   const passkey = await getPasskeyProof();
 *   await api.post('/api/account/…', { passkey, …theChange });
 *
 * The challenge is this account's, used once, for five minutes: ask for a proof right before the
 * request that needs it. Throws as the ceremony does: a closed sheet is `isPasskeyCancelled(error)`.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../data/api';
import { passkeysSupported } from '../auth/passkeys';
import { passkeysQueryOptions } from './passkeys.queries';

export { isPasskeyCancelled } from '../auth/passkeys';

/** The browser's passkey sheet for one of the account's passkeys, over a 'confirm' challenge. */
export async function getPasskeyProof(): Promise<AuthenticationResponseJSON> {
  const [{ startAuthentication }, optionsJSON] = await Promise.all([
    import('@simplewebauthn/browser'),
    api.post<PublicKeyCredentialRequestOptionsJSON>('/api/account/passkeys/confirm/options'),
  ]);
  return startAuthentication({ optionsJSON });
}

/** Whether to offer 'Use a passkey' beside the password: this browser has passkeys and the account one. */
export function usePasskeyProofAvailable(userId: number): boolean {
  const { data } = useQuery(passkeysQueryOptions(userId));
  return passkeysSupported() && (data?.passkeys.length ?? 0) > 0;
}
