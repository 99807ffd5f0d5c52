/**
 * 'Tell me when it's ready?': the in-context ask for notification permission. Never on
 * load: it appears right after a send goes into the outbox instead of straight to the server (no
 * signal, or the server could not take it yet), since that is when an answer will come later. Asked
 * once per device: either answer is remembered, and it is never asked where the browser has already
 * decided (permission granted or denied) or has no notifications at all (iOS Safari outside an
 * installed app). Only 'Notify me' shows the browser's own prompt, from the rep's tap.
 */
import { StorageKey, readString, writeString } from '../../data/storage';
import { notificationPermission } from './draftReady';
import { ensurePushSubscription, type PushOutcome } from './pushSubscription';

let shown = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (shown === next) return;
  shown = next;
  listeners.forEach((listener) => listener());
}

/** Whether the ask may still be shown on this device. */
export function mayAsk(): boolean {
  return (
    notificationPermission() === 'default' &&
    'serviceWorker' in navigator &&
    readString(StorageKey.draftReadyAsked) === null
  );
}

/** A send of the rep's went into the outbox to wait: time to ask, if it may be asked. */
export function noteQueuedSend(): void {
  if (mayAsk()) set(true);
}

/** 'Notify me': the browser's prompt (called from the tap), and the ask is answered for good. */
export async function allowNotifications(): Promise<void> {
  writeString(StorageKey.draftReadyAsked, 'notify');
  set(false);
  try {
    // Allowed: this browser subscribes to push messages too (the meeting reminders).
    if ((await Notification.requestPermission()) === 'granted') void ensurePushSubscription();
  } catch {
    // An old browser's callback-only API or a blocked prompt: nothing more to do.
  }
}

/**
 * 'Turn on reminders' (the meetings' reminders card): the browser's prompt from the rep's tap, then
 * this browser's push subscription for `userId`. Answers the chat's ask for good too.
 */
export async function turnOnReminders(userId: number): Promise<PushOutcome> {
  writeString(StorageKey.draftReadyAsked, 'notify');
  set(false);
  try {
    if ((await Notification.requestPermission()) !== 'granted') return 'not-allowed';
  } catch {
    return 'not-allowed';
  }
  return ensurePushSubscription(userId);
}

/** 'Not now': the ask goes and does not come back on this device. */
export function declineNotifications(): void {
  writeString(StorageKey.draftReadyAsked, 'not-now');
  set(false);
}

export const notifyAsk = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => shown,
};
