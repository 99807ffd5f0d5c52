// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../data/api';
import { allowNotifications, declineNotifications } from './notifyAsk';
import { dropPushSubscription, ensurePushSubscription, type PushClient } from './pushSubscription';

// The browser's side, as it answers: its Notification permission, its Push API and a service worker
// registration whose push manager holds at most one subscription (one per registration, as in a
// browser). These stand for the browser; the server is a recorder of the calls the app makes.
const SERVER_KEY = Buffer.from([4, ...Array.from({ length: 64 }, (_, i) => i + 1)]);
const OTHER_KEY = Buffer.from([4, ...Array.from({ length: 64 }, (_, i) => 200 - i)]);
const USER_ID = 7;

const realNotification = globalThis.Notification;
let calls: Array<[string, string, unknown?, unknown?]>;
let browser: ReturnType<typeof fakeBrowser>;

function fakeSubscription(endpoint: string, key: Buffer) {
  const subscription = {
    endpoint,
    options: { applicationServerKey: Uint8Array.from(key).buffer, userVisibleOnly: true },
    unsubscribed: false,
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
    }),
    unsubscribe: async () => {
      subscription.unsubscribed = true;
      return true;
    },
  };
  return subscription;
}

/** The Push API's constructor: only its presence is read (`'PushManager' in window`). */
function PushManager() {}

function fakeBrowser(options: { pushService?: boolean } = {}) {
  let current: ReturnType<typeof fakeSubscription> | null = null;
  const made: Array<{ userVisibleOnly?: boolean; applicationServerKey?: unknown }> = [];
  const registration = {
    pushManager: {
      getSubscription: async () => (current?.unsubscribed ? null : current),
      subscribe: async (asked: {
        userVisibleOnly?: boolean;
        applicationServerKey?: Uint8Array;
      }) => {
        made.push(asked);
        // Chromium with no push service (as in tests) refuses here.
        if (options.pushService === false)
          throw new DOMException('Registration failed - push service error', 'AbortError');
        current = fakeSubscription(
          `https://push.example/send/${made.length}`,
          Buffer.from(asked.applicationServerKey!),
        );
        return current;
      },
    },
  };
  Object.defineProperty(window, 'PushManager', { value: PushManager, configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
    configurable: true,
  });
  return {
    made,
    get current() {
      return current;
    },
    set current(subscription) {
      current = subscription;
    },
  };
}

function permission(state: NotificationPermission) {
  globalThis.Notification = {
    permission: state,
    requestPermission: async () => 'granted',
  } as unknown as typeof Notification;
}

/** The server: its key, and every call the app made of it. */
const server: PushClient = {
  get: (async (path: string) => {
    calls.push(['GET', path]);
    return { publicKey: SERVER_KEY.toString('base64url') };
  }) as PushClient['get'],
  put: (async (path: string, body?: unknown, asUser?: number) => {
    calls.push(['PUT', path, body, asUser]);
  }) as PushClient['put'],
  delete: (async (path: string, asUser?: number, body?: unknown) => {
    calls.push(['DELETE', path, body, asUser]);
  }) as PushClient['delete'],
};

beforeEach(() => {
  calls = [];
  localStorage.clear();
});

afterEach(() => {
  declineNotifications();
  globalThis.Notification = realNotification;
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.restoreAllMocks();
});

const handedOver = (endpoint: string) => [
  'PUT',
  '/api/push/subscription',
  { endpoint, keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) } },
  USER_ID,
];

describe('the push subscription at the app’s start', () => {
  it('subscribes with the server’s key where notifications are allowed, and hands it to the server', async () => {
    browser = fakeBrowser();
    permission('granted');
    expect(await ensurePushSubscription(USER_ID, server)).toBe('subscribed');
    expect(browser.made).toHaveLength(1);
    expect(browser.made[0]!.userVisibleOnly).toBe(true);
    expect(Buffer.from(browser.made[0]!.applicationServerKey as Uint8Array)).toEqual(SERVER_KEY);
    expect(calls).toEqual([['GET', '/api/push/key'], handedOver('https://push.example/send/1')]);
  });

  it('hands over the subscription it has when it was made with the server’s key', async () => {
    browser = fakeBrowser();
    permission('granted');
    browser.current = fakeSubscription('https://push.example/send/kept', SERVER_KEY);
    expect(await ensurePushSubscription(USER_ID, server)).toBe('handed-over');
    expect(browser.made).toEqual([]);
    expect(calls.at(-1)).toEqual(handedOver('https://push.example/send/kept'));
  });

  it('drops a subscription made with a key the server no longer has, and subscribes again', async () => {
    browser = fakeBrowser();
    permission('granted');
    const old = fakeSubscription('https://push.example/send/old', OTHER_KEY);
    browser.current = old;
    expect(await ensurePushSubscription(USER_ID, server)).toBe('subscribed');
    expect(old.unsubscribed).toBe(true);
    expect(calls.at(-1)).toEqual(handedOver('https://push.example/send/1'));
  });

  it.each([
    ['notifications are not allowed', 'default' as const, true, 'not-allowed'],
    ['they were refused', 'denied' as const, true, 'not-allowed'],
    ['the browser has no Push API', 'granted' as const, false, 'unsupported'],
  ])('does nothing when %s', async (_case, state, push, outcome) => {
    browser = fakeBrowser();
    if (!push) Reflect.deleteProperty(window, 'PushManager');
    permission(state);
    expect(await ensurePushSubscription(USER_ID, server)).toBe(outcome);
    expect(browser.made).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('goes on quietly where the browser has no push service', async () => {
    browser = fakeBrowser({ pushService: false });
    permission('granted');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await ensurePushSubscription(USER_ID, server)).toBe('failed');
    expect(warn).toHaveBeenCalledWith('Could not subscribe to push messages', expect.anything());
    expect(calls).toEqual([['GET', '/api/push/key']]);
  });

  it('subscribes once for calls made while one runs', async () => {
    browser = fakeBrowser();
    permission('granted');
    const outcomes = await Promise.all([
      ensurePushSubscription(USER_ID, server),
      ensurePushSubscription(USER_ID, server),
    ]);
    expect(outcomes).toEqual(['subscribed', 'subscribed']);
    expect(browser.made).toHaveLength(1);
  });
});

describe("'Notify me'", () => {
  it('subscribes this browser once the rep allowed notifications', async () => {
    browser = fakeBrowser();
    let state: NotificationPermission = 'default';
    globalThis.Notification = {
      get permission() {
        return state;
      },
      requestPermission: async () => (state = 'granted'),
    } as unknown as typeof Notification;
    // The tap subscribes through the app's own client: here it answers as the server would.
    vi.spyOn(api, 'get').mockImplementation(server.get);
    vi.spyOn(api, 'put').mockImplementation(server.put);
    await allowNotifications();
    await vi.waitFor(() => expect(calls.at(-1)?.[0]).toBe('PUT'));
    expect(browser.made).toHaveLength(1);
  });
});

describe('sign-out', () => {
  it('has the server forget this browser for the rep leaving, and the browser drop it', async () => {
    browser = fakeBrowser();
    const kept = fakeSubscription('https://push.example/send/kept', SERVER_KEY);
    browser.current = kept;
    await dropPushSubscription(USER_ID, server);
    expect(calls).toEqual([
      ['DELETE', '/api/push/subscription', { endpoint: 'https://push.example/send/kept' }, USER_ID],
    ]);
    expect(kept.unsubscribed).toBe(true);
  });

  it('asks nothing where there is no subscription', async () => {
    browser = fakeBrowser();
    await dropPushSubscription(USER_ID, server);
    expect(calls).toEqual([]);
  });
});
