/**
 * 'Your draft is ready': a notification for a queued send delivered and answered while
 * no Pitchpad window is visible. One rule wherever the delivery happens:
 *
 *  - The service worker's Background Sync delivers it (no window visible when it started): the worker
 *    shows the notification itself (web/sw.ts).
 *  - A page delivers it from the background (its sync engine's timer or `online` while the tab is
 *    hidden): the page hands what it would say to the worker, which alone can see every window.
 *
 * Either way the worker decides (`showDraftReady`): a complete reply, the rep allowed notifications,
 * no window of the app visible at that moment (domain/notifications/draftReady.ts `shouldNotify`).
 * One notification per chat (its tag is the chat id: a later reply replaces it, silently).
 * Only deliveries of the outbox's flushes count: a send the rep just made on screen is not one.
 * What a flush delivered, as notices, is read where the chat's and the debrief's work meet
 * (web/app/readyReplies.ts), so this feature imports neither.
 */
import {
  chatPath,
  shouldNotify,
  type NotificationPermissionState,
} from '../../../domain/notifications/draftReady';
import { SwMessage } from '../../data/swShared';

/**
 * A finished reply (or a debrief's transcript) to announce: what the notification says and which
 * chat a tap opens.
 */
export interface DraftReadyNotice {
  /** The chat a tap opens, and the notification's tag (a debrief's: `debrief:<id>`). */
  chatId: string;
  /** Where a tap goes, when not the chat (a debrief: /debrief). */
  url?: string;
  title: string;
  body: string;
  /** The reply's status as stored when the flush ended ('complete' is the only one announced). */
  replyStatus: string;
}

/** Where a file made with no signal is kept until saved (the account's Shared links). */
const ACCOUNT_PATH = '/account';

/** Where a debrief's notification leads. */
export const DEBRIEF_PATH = '/debrief';

/** The icon shown with the notification (the app's). */
export const NOTIFICATION_ICON = '/icons/icon-192.png';

/** A meeting's brief: `/meetings/<the meeting's id, URI-encoded>`, one segment. */
const MEETING_PATH = /^\/meetings\/[^/]+$/;

/** `Notification.permission` here, 'unsupported' where there is no Notification (iOS Safari outside an installed app). */
export function notificationPermission(): NotificationPermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/**
 * In the service worker: show each notice unless a window of the app is visible (it shows the reply
 * itself), the rep has not allowed notifications, or the reply is not complete.
 */
export async function showDraftReady(
  worker: ServiceWorkerGlobalScope,
  notices: readonly DraftReadyNotice[],
): Promise<void> {
  if (notices.length === 0) return;
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const visibleWindows = windows.filter((client) => client.visibilityState === 'visible').length;
  const permission = notificationPermission();
  for (const notice of notices) {
    if (!shouldNotify({ permission, visibleWindows, replyStatus: notice.replyStatus })) continue;
    // The tag makes a chat's next reply replace its notification; without `renotify` that one is silent.
    await worker.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.chatId,
      icon: NOTIFICATION_ICON,
      data: { url: notice.url ?? chatPath(notice.chatId) } satisfies NoticeData,
    });
  }
}

/**
 * In a page: hand the notices of a flush to the service worker, when this page is not on screen
 * (a visible one shows the reply). The worker checks the other windows.
 */
export async function announceFromPage(notices: readonly DraftReadyNotice[]): Promise<void> {
  if (notices.length === 0 || !pageMayAnnounce()) return;
  try {
    const worker = (await navigator.serviceWorker?.getRegistration())?.active;
    const message: DraftReadyMessage = { type: SwMessage.draftReady, notices: [...notices] };
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- ServiceWorker.postMessage has no target origin
    worker?.postMessage(message);
  } catch {
    // No worker (yet): the reply is in the chat when the rep comes back.
  }
}

/** This page may pass a ready reply on to the worker: it is hidden, and the rep allowed notifications. */
export function pageMayAnnounce(): boolean {
  return document.visibilityState !== 'visible' && notificationPermission() === 'granted';
}

interface DraftReadyMessage {
  type: typeof SwMessage.draftReady;
  notices: DraftReadyNotice[];
}

/** A page's message, as the worker receives it: its notices, or null for anything else. */
export function noticesOf(data: unknown): DraftReadyNotice[] | null {
  if (
    typeof data !== 'object' ||
    data === null ||
    (data as { type?: unknown }).type !== SwMessage.draftReady
  )
    return null;
  const notices = (data as { notices?: unknown }).notices;
  if (!Array.isArray(notices)) return null;
  return notices.filter(
    (n): n is DraftReadyNotice =>
      typeof n === 'object' &&
      n !== null &&
      typeof n.chatId === 'string' &&
      (n.url === undefined || n.url === DEBRIEF_PATH) &&
      typeof n.title === 'string' &&
      typeof n.body === 'string' &&
      typeof n.replyStatus === 'string',
  );
}

/** What a notification carries: the page a tap opens. */
export interface NoticeData {
  url: string;
}

/**
 * The page a tap on a notification opens, as an absolute URL on the worker's origin: the chat it
 * names, the debrief screen, a meeting's brief (a push reminder's) or the account, or the chat screen when its
 * data is missing or points anywhere else (another site, another page of the app). A file made
 * once a signal was back opens the account, where it waits to be saved.
 */
export function notificationTarget(data: unknown, origin: string): string {
  const path =
    typeof data === 'object' && data !== null ? (data as Partial<NoticeData>).url : undefined;
  const fallback = new URL('/chat', origin).href;
  if (typeof path !== 'string') return fallback;
  const url = new URL(path, origin);
  return url.origin === origin &&
    (url.pathname === '/chat' ||
      url.pathname === DEBRIEF_PATH ||
      url.pathname === ACCOUNT_PATH ||
      MEETING_PATH.test(url.pathname))
    ? url.href
    : fallback;
}

/**
 * A tap on the notification: the app's window, if one is open, comes to the front on the chat;
 * otherwise a new one opens on it.
 */
export async function openNotifiedChat(
  worker: ServiceWorkerGlobalScope,
  url: string,
): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.focused) ?? windows[0];
  if (open) {
    // Focusing needs the tap's permission (the browser grants it to this event); steering does not,
    // and works for a window this worker controls. Neither waits for the other.
    const focusing = open.focus().catch(() => null);
    const steered = await open.navigate(url).catch(() => null);
    await focusing;
    if (steered) return;
  }
  await worker.clients.openWindow(url);
}
