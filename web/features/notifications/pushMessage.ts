/**
 * A push message from the server (a meeting reminder: 'Freightly at 14:00', 'Your brief is ready'),
 * shown by the service worker as it arrives, whether or not the app is open: the server sent it for
 * this moment. A tap opens the page it names (draftReady.ts `notificationTarget`: a meeting's brief,
 * which the app keeps offline). A message that is not one of ours shows nothing and throws nothing.
 * The worker then fetches a reminded meeting's brief onto the phone (calendar/briefPush.ts).
 */
import type { PushMessage } from '../../../domain/contract/push';
import { NOTIFICATION_ICON, type NoticeData } from './draftReady';

/** The message a push carried, or null when its data is not our JSON `{ title, body, url, tag }`. */
export function pushMessageOf(text: string | null | undefined): PushMessage | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, url, tag, user } = data as Partial<Record<keyof PushMessage, unknown>>;
  if (typeof title !== 'string' || !title.trim()) return null;
  if (typeof body !== 'string' || typeof url !== 'string' || typeof tag !== 'string') return null;
  return { title, body, url, tag, ...(Number.isSafeInteger(user) ? { user: user as number } : {}) };
}

/**
 * In the service worker's `push` event: shows the message (its tag replaces an earlier notification
 * of the same thing), or nothing for data that is not a message of ours.
 */
export async function showPushMessage(
  worker: ServiceWorkerGlobalScope,
  data: Pick<PushMessageData, 'text'> | null,
): Promise<PushMessage | null> {
  let text: string | undefined;
  try {
    text = data?.text();
  } catch {
    // Data the browser cannot read as text: not ours.
  }
  const message = pushMessageOf(text);
  if (!message) return null;
  await worker.registration.showNotification(message.title, {
    body: message.body,
    tag: message.tag,
    icon: NOTIFICATION_ICON,
    data: { url: message.url } satisfies NoticeData,
  });
  return message;
}
