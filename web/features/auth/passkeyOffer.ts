/**
 * 'Sign in faster next time': after a password sign-in, the offer to add a passkey, once per account
 * on each device (remembered in localStorage, never cleared at logout), and only where the device
 * has its own authenticator (Face ID, a fingerprint, the phone's PIN).
 */
import { readJson, StorageKey, writeJson } from '../../data/storage';
import { platformPasskeyAvailable } from './passkeys';

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((id) => typeof id === 'number');

const offeredTo = () => readJson(StorageKey.passkeyOffered, isIdList) ?? [];

/** Whether to offer `userId` a passkey now: never offered on this device, and the device can make one. */
export async function passkeyOfferDue(userId: number): Promise<boolean> {
  if (offeredTo().includes(userId)) return false;
  return platformPasskeyAvailable();
}

/** The offer was shown to `userId`: it is not shown again on this device, whatever the answer. */
export function markPasskeyOffered(userId: number): void {
  writeJson(StorageKey.passkeyOffered, [...new Set([...offeredTo(), userId])]);
}
