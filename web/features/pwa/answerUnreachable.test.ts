// The chat-history route's strategy as the service worker builds it, run in node: a worker's
// globals (self, caches, ExtendableEvent) are stood in for by the smallest fakes Workbox uses.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkFirst } from 'workbox-strategies';

// Workbox's modules name `self` as they load: the worker's global scope is this one, its
// development logs off.
vi.hoisted(() => {
  (globalThis as { self?: unknown }).self = globalThis;
  // oxlint-disable-next-line no-underscore-dangle -- Workbox's own switch
  (globalThis as { __WB_DISABLE_DEV_LOGS?: boolean }).__WB_DISABLE_DEV_LOGS = true;
});
import { createApiClient, OfflineError } from '../../data/api';
import { UNREACHABLE_HEADER } from '../../data/swShared';
import { answerUnreachable } from './answerUnreachable';

/** Cache Storage as Workbox reads it: one cache per name, answers matched by URL. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (request: Request | string) =>
        store.get(typeof request === 'string' ? request : request.url)?.clone(),
      put: async (request: Request | string, response: Response) => {
        store.set(typeof request === 'string' ? request : request.url, response);
      },
    };
  };
  const match = async (request: Request | string) => {
    for (const name of stores.keys()) {
      const found = await (await open(name)).match(request);
      if (found) return found;
    }
    return undefined;
  };
  return { open, match };
}

class FakeExtendableEvent extends Event {
  readonly pending: Promise<unknown>[] = [];
  waitUntil(promise: Promise<unknown>) {
    this.pending.push(promise);
  }
}

afterEach(() => vi.unstubAllGlobals());

function setUp(fetchAnswer: () => Promise<Response>) {
  vi.stubGlobal('ExtendableEvent', FakeExtendableEvent);
  vi.stubGlobal('FetchEvent', FakeExtendableEvent);
  vi.stubGlobal('caches', fakeCaches());
  vi.stubGlobal('location', new URL('https://pitchpad.test/'));
  vi.stubGlobal('fetch', fetchAnswer);
}

const strategy = () =>
  new NetworkFirst({ cacheName: 'pitchpad-api', plugins: [answerUnreachable] });
const CHAT = 'https://pitchpad.test/api/chats/0193a2b4-chat';

async function ask(url: string) {
  const event = new FakeExtendableEvent('fetch');
  const response = await strategy().handle({ request: new Request(url), event: event as never });
  await Promise.allSettled(event.pending);
  return response;
}

describe('the service worker, with the server down and no copy of the chat', () => {
  it('answers GET /api/chats/<id> with a 503 in the API’s shape instead of rejecting', async () => {
    setUp(() => Promise.reject(new TypeError('NetworkError when attempting to fetch resource.')));

    const response = await ask(CHAT);

    expect(response.status).toBe(503);
    expect(response.headers.get(UNREACHABLE_HEADER)).toBe('1');
    expect(await response.json()).toEqual({
      code: 'unavailable',
      message: 'The server could not be reached.',
    });
  });

  it('still answers the last good copy when it has one', async () => {
    setUp(() => Promise.resolve(Response.json({ id: 'chat', messages: [] })));
    await ask(CHAT);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

    const response = await ask(CHAT);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'chat', messages: [] });
  });

  it('is read by the page as no network, as it would be without a worker', async () => {
    setUp(() => Promise.reject(new TypeError('Failed to fetch')));
    const answer = await ask(CHAT);
    const api = createApiClient({ fetch: async () => answer });

    await expect(api.getSnapshot('/api/chats/0193a2b4-chat')).rejects.toBeInstanceOf(OfflineError);
  });
});
