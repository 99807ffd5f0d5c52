/**
 * The stored auth values (when the last attempt and the last success were, and whose) and the two
 * "where next" values a guest leaves before logging in.
 */
import type { ToolType } from '../../../domain/playbooks/tools';
import { allowFrames, clearFrames } from '../../prerender/frameStorage';
import {
  StorageKey,
  readJson,
  readString,
  removeKey,
  writeJson,
  writeString,
} from '../../data/storage';

/** A landing tool a guest picked; the chat starts it after login. */
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
  // Another rep on this device: the home screen's frame must never paint the last one's chat.
  if (readString(StorageKey.authUserId) !== String(userId)) clearFrames();
  allowFrames();
  writeString(StorageKey.authSuccessAt, String(now));
  writeString(StorageKey.authUserId, String(userId));
}

/** Logout clears the three auth values, and the copies of the chat the home screen's frame paints. */
export function clearAuthStorage(): void {
  clearFrames({ untilSignIn: true });
  removeKey(StorageKey.authAttemptAt);
  removeKey(StorageKey.authSuccessAt);
  removeKey(StorageKey.authUserId);
}

/**
 * The server has no session where this device stored a user's (a password change, 'Sign out' on
 * another device): forget that user's copies of the home screen the way a logout does, so the next
 * start never paints their last chat before asking who is here. True when there was such a user.
 * Their unsent work is kept: it sits in that user's own local database, which nothing here deletes
 * (only a logout chosen on this device may discard it, and only after asking), and it is sent when
 * that user signs in on this device again; another rep signing in never opens it.
 */
export function forgetSessionEndedElsewhere(): boolean {
  if (readString(StorageKey.authUserId) === null) return false;
  clearAuthStorage();
  return true;
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
