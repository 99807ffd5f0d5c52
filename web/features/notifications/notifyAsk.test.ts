// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StorageKey } from '../../data/storage';
import {
  allowNotifications,
  declineNotifications,
  mayAsk,
  noteQueuedSend,
  notifyAsk,
} from './notifyAsk';

// The browser's side, as it answers: its Notification (or none) and a service worker container.
const realNotification = globalThis.Notification;
let prompts = 0;

function browser(permission: NotificationPermission | 'unsupported') {
  if (permission === 'unsupported') Reflect.deleteProperty(globalThis, 'Notification');
  else {
    globalThis.Notification = {
      permission,
      requestPermission: async () => {
        prompts += 1;
        return 'granted';
      },
    } as unknown as typeof Notification;
  }
}

beforeEach(() => {
  prompts = 0;
  localStorage.clear();
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});

afterEach(() => {
  declineNotifications();
  localStorage.clear();
  globalThis.Notification = realNotification;
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe("'Tell me when it's ready?'", () => {
  it('is asked after a queued send while the browser has not decided', () => {
    browser('default');
    expect(mayAsk()).toBe(true);
    expect(notifyAsk.get()).toBe(false);
    noteQueuedSend();
    expect(notifyAsk.get()).toBe(true);
  });

  it.each([
    ['notifications are allowed already', 'granted' as const],
    ['they were refused', 'denied' as const],
    ['there are none (iOS Safari outside an installed app)', 'unsupported' as const],
  ])('is never asked when %s', (_case, permission) => {
    browser(permission);
    noteQueuedSend();
    expect(notifyAsk.get()).toBe(false);
  });

  it("is not asked again after 'Not now'", () => {
    browser('default');
    noteQueuedSend();
    declineNotifications();
    expect(notifyAsk.get()).toBe(false);
    expect(localStorage.getItem(StorageKey.draftReadyAsked)).toBe('not-now');
    noteQueuedSend();
    expect(notifyAsk.get()).toBe(false);
    expect(prompts).toBe(0);
  });

  it("shows the browser's prompt on 'Notify me', once, and is not asked again", async () => {
    browser('default');
    noteQueuedSend();
    await allowNotifications();
    expect(prompts).toBe(1);
    expect(notifyAsk.get()).toBe(false);
    noteQueuedSend();
    expect(notifyAsk.get()).toBe(false);
  });
});
