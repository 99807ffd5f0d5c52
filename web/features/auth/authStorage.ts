/** The stored auth values (spec §3) and the two "where next" values a guest leaves before logging in. */
import type { ToolType } from '../../../domain/playbooks/tools';
import {
  StorageKey,
  readJson,
  readString,
  removeKey,
  writeJson,
  writeString,
} from '../../data/storage';

/** A landing tool a guest picked; the chat starts it after login (spec §3 'Pending chat destination'). */
export interface PendingChatDestination {
  title: string;
  interviewType: ToolType;
}

function isPendingChatDestination(value: unknown): value is PendingChatDestination {
  const v = value as PendingChatDestination | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.title === 'string' &&
    typeof v.interviewType === 'string'
  );
}

export function recordLoginAttempt(now = Date.now()): void {
  writeString(StorageKey.authAttemptAt, String(now));
}

/** When this browser last tried to sign in or register (Date.now()), or 0. */
export function readLoginAttemptAt(): number {
  return Number(readString(StorageKey.authAttemptAt)) || 0;
}

export function recordLoginSuccess(userId: number, now = Date.now()): void {
  writeString(StorageKey.authSuccessAt, String(now));
  writeString(StorageKey.authUserId, String(userId));
}

/** Logout clears exactly the three auth values. */
export function clearAuthStorage(): void {
  removeKey(StorageKey.authAttemptAt);
  removeKey(StorageKey.authSuccessAt);
  removeKey(StorageKey.authUserId);
}

export function savePostLoginTarget(path: string): void {
  writeString(StorageKey.postLoginTarget, path);
}

export function readPostLoginTarget(): string | null {
  return readString(StorageKey.postLoginTarget);
}

export function savePendingChatDestination(destination: PendingChatDestination): void {
  writeJson(StorageKey.pendingChatDestination, destination);
}

export function readPendingChatDestination(): PendingChatDestination | null {
  return readJson(StorageKey.pendingChatDestination, isPendingChatDestination);
}

/** Once used, the post-login target is spent, so the next login is not sent there again. */
export function clearPostLoginTarget(): void {
  removeKey(StorageKey.postLoginTarget);
}

/** Reads and removes the pending chat destination. */
export function takePendingChatDestination(): PendingChatDestination | null {
  const destination = readPendingChatDestination();
  removeKey(StorageKey.pendingChatDestination);
  return destination;
}
