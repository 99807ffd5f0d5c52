// @vitest-environment jsdom
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { replyKeyFor, userMessageKey } from '../../data/chatMerge';
import { PitchpadDb, type LocalMessage } from '../../data/db';
import { uuidv7 } from '../../data/ids';
import type { FlushReport } from '../../data/outbox';
import type { DeliveryOutcome } from '../chat/engine/chatDelivery';
import { SwMessage } from '../../data/swShared';
import {
  announceFromPage,
  noticesOf,
  notificationTarget,
  openNotifiedChat,
  showDraftReady,
  type DraftReadyNotice,
} from './draftReady';
import { readyReplies } from '../../app/readyReplies';

const ORIGIN = 'https://pitchpad.test';
let db: PitchpadDb;
const realNotification = globalThis.Notification;

afterEach(async () => {
  await db?.delete();
  globalThis.Notification = realNotification;
});

/** A chat with one delivered send and its reply, as the outbox leaves them. */
async function deliveredSend(
  chat: { title: string; playbookType: 'none' | 'email' | 'call' },
  reply: { content: string; status: LocalMessage['status'] },
  answers?: Record<string, string>,
) {
  const chatId = uuidv7();
  const clientId = uuidv7();
  const key = userMessageKey(clientId);
  const now = Date.now();
  const iso = new Date(now).toISOString();
  await db.chats.put({
    id: chatId,
    title: chat.title,
    createdAt: iso,
    updatedAt: iso,
    isPlaybook: chat.playbookType !== 'none',
    playbookType: chat.playbookType,
    synced: true,
    touchedAt: now,
  });
  const base = { chatId, sortAt: now, timestamp: iso, model: null, touchedAt: now };
  await db.messages.put({
    ...base,
    key,
    role: 'user',
    content: 'the prompt',
    status: 'sent',
    clientId,
    replyToKey: null,
    serverId: 1,
    ...(answers ? { answers } : {}),
  });
  await db.messages.put({
    ...base,
    key: replyKeyFor(key),
    role: 'assistant',
    content: reply.content,
    status: reply.status,
    clientId: null,
    replyToKey: key,
    serverId: 2,
  });
  return { chatId, clientId };
}

const reportOf = (...sends: Array<[string, DeliveryOutcome]>): FlushReport => ({
  outcomes: new Map(
    sends.map(([id, outcome]) => [
      id,
      { kind: 'chat-send', state: 'sent' as const, detail: outcome },
    ]),
  ),
  blocked: false,
});

describe('readyReplies: what a flush delivered, as notices', () => {
  it("names a cold email's recipient and starts with the reply's first line", async () => {
    db = new PitchpadDb(`notify-${uuidv7()}`);
    const email = await deliveredSend(
      { title: 'Cold Email to Dana Ortiz at Freightly', playbookType: 'email' },
      { content: "Subject: Freightly's 20 new reps\n\nHi Dana,", status: 'complete' },
      { recipient_info: 'Dana Ortiz, VP Sales at Freightly', value_prop: 'x' },
    );
    expect(await readyReplies(db, reportOf([email.clientId, { kind: 'done' }]))).toEqual([
      {
        chatId: email.chatId,
        title: 'Your cold email to Dana Ortiz is ready',
        body: "Subject: Freightly's 20 new reps",
        replyStatus: 'complete',
      },
    ]);
  });

  it('leaves out sends that did not get their answer here, and keeps the status of the rest', async () => {
    db = new PitchpadDb(`notify-${uuidv7()}`);
    const done = await deliveredSend(
      { title: 'Call Analysis Nov 22, 2026', playbookType: 'call' },
      { content: 'Stopped on another device', status: 'partial' },
      undefined,
    );
    const cut = await deliveredSend(
      { title: 'Pricing', playbookType: 'none' },
      { content: 'Half', status: 'streaming' },
    );
    const failed = await deliveredSend(
      { title: 'Hiring', playbookType: 'none' },
      { content: '', status: 'failed' },
    );
    const notices = await readyReplies(
      db,
      reportOf(
        [done.clientId, { kind: 'done' }],
        [cut.clientId, { kind: 'interrupted' }],
        [failed.clientId, { kind: 'model-error', partial: false, message: 'x' }],
      ),
    );
    expect(notices).toEqual([
      {
        chatId: done.chatId,
        title: 'Your call analysis is ready',
        body: 'Stopped on another device',
        replyStatus: 'partial',
      },
    ]);
  });
});

/** The parts of a service worker's scope these functions use, as a browser would answer. */
function fakeWorker(
  windows: Array<{
    visibilityState: DocumentVisibilityState;
    focused?: boolean;
    navigates?: boolean;
    focusable?: boolean;
  }>,
  permission: NotificationPermission,
) {
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  const focused: unknown[] = [];
  const opened: string[] = [];
  const steered: string[] = [];
  const clients = windows.map((w) => {
    const client = {
      ...w,
      focused: w.focused ?? false,
      focus: async () => {
        if (w.focusable === false)
          throw new DOMException('Not allowed to focus a window.', 'InvalidAccessError');
        focused.push(client);
        return client;
      },
      navigate: async (url: string) => {
        if (w.navigates === false) throw new TypeError('not controlled');
        steered.push(url);
        return client;
      },
    };
    return client;
  });
  globalThis.Notification = { permission } as unknown as typeof Notification;
  const worker = {
    clients: {
      matchAll: async () => clients,
      openWindow: async (url: string) => void opened.push(url),
    },
    registration: {
      showNotification: async (title: string, options: NotificationOptions) =>
        void shown.push({ title, options }),
    },
  } as unknown as ServiceWorkerGlobalScope;
  return { worker, shown, opened, steered, focused };
}

const notice: DraftReadyNotice = {
  chatId: 'c1',
  title: 'Your cold email to Dana Ortiz is ready',
  body: 'Subject: hi',
  replyStatus: 'complete',
};

describe('readyReplies: a voice debrief transcribed by the flush', () => {
  it('says whose debrief is ready and leads to the debrief screen; a refused one says nothing', async () => {
    db = new PitchpadDb(`notify-${uuidv7()}`);
    const base = {
      mimeType: 'audio/webm',
      durationMs: 1000,
      bytes: 3,
      chunks: 1,
      createdAt: 1,
      updatedAt: 1,
      notes: '',
    };
    await db.recordings.bulkAdd([
      {
        ...base,
        id: 'rec-ok',
        title: 'Freightly',
        state: 'transcribed',
        transcript: 'Dana: March.',
      },
      { ...base, id: 'rec-no', title: 'Acme', state: 'refused', problem: 'Not audio' },
    ]);
    const report: FlushReport = {
      blocked: false,
      outcomes: new Map([
        ['rec-ok', { kind: 'recording-upload', state: 'sent' }],
        ['rec-no', { kind: 'recording-upload', state: 'failed' }],
      ]),
    };
    expect(await readyReplies(db, report)).toEqual([
      {
        chatId: 'debrief:rec-ok',
        url: '/debrief',
        title: 'Your debrief with Freightly is ready',
        body: 'Dana: March.',
        replyStatus: 'complete',
      },
    ]);
  });
});

describe('showDraftReady', () => {
  it('shows one notification per chat, tagged with it, when no window is visible and the rep allowed it', async () => {
    const { worker, shown } = fakeWorker([{ visibilityState: 'hidden' }], 'granted');
    await showDraftReady(worker, [notice]);
    expect(shown).toEqual([
      {
        title: 'Your cold email to Dana Ortiz is ready',
        options: {
          body: 'Subject: hi',
          tag: 'c1',
          icon: '/icons/icon-192.png',
          data: { url: '/chat?chat=c1' },
        },
      },
    ]);
  });

  it.each([
    ['a window is visible', [{ visibilityState: 'visible' as const }], 'granted' as const],
    ['the rep has not allowed notifications', [], 'default' as const],
    ['the rep refused them', [], 'denied' as const],
  ])('shows nothing when %s', async (_case, windows, permission) => {
    const { worker, shown } = fakeWorker(windows, permission);
    await showDraftReady(worker, [notice]);
    expect(shown).toEqual([]);
  });

  it('shows nothing for a reply that is not complete', async () => {
    const { worker, shown } = fakeWorker([], 'granted');
    await showDraftReady(worker, [{ ...notice, replyStatus: 'partial' }]);
    expect(shown).toEqual([]);
  });
});

describe('a tap on the notification', () => {
  it.each([
    ['the chat it names', { url: '/chat?chat=c1' }, `${ORIGIN}/chat?chat=c1`],
    ['no data: the chat screen', undefined, `${ORIGIN}/chat`],
    ['another site: the chat screen', { url: 'https://evil.test/chat?chat=c1' }, `${ORIGIN}/chat`],
    ['another page of the app: the chat screen', { url: '/pricing' }, `${ORIGIN}/chat`],
    ['a debrief: the debrief screen', { url: '/debrief' }, `${ORIGIN}/debrief`],
    [
      'a file made once back online: the account’s links',
      { url: '/account#links' },
      `${ORIGIN}/account#links`,
    ],
    [
      'a meeting reminder: the meeting’s brief',
      { url: '/meetings/evt-42%40calendar.example' },
      `${ORIGIN}/meetings/evt-42%40calendar.example`,
    ],
    ['the meetings list’s own address: the chat screen', { url: '/meetings/' }, `${ORIGIN}/chat`],
    [
      'a deeper path under the meetings: the chat screen',
      { url: '/meetings/a/b' },
      `${ORIGIN}/chat`,
    ],
    [
      'a meeting on another site: the chat screen',
      { url: 'https://evil.test/meetings/evt-42' },
      `${ORIGIN}/chat`,
    ],
  ])('opens %s', (_case, data, url) => {
    expect(notificationTarget(data, ORIGIN)).toBe(url);
  });

  it('brings the open window to the front on the chat', async () => {
    const { worker, opened, steered, focused } = fakeWorker(
      [{ visibilityState: 'hidden' }, { visibilityState: 'hidden', focused: true }],
      'granted',
    );
    await openNotifiedChat(worker, `${ORIGIN}/chat?chat=c1`);
    expect(steered).toEqual([`${ORIGIN}/chat?chat=c1`]);
    expect(focused).toHaveLength(1);
    expect(opened).toEqual([]);
  });

  it('still takes the open window to the chat when it may not be focused', async () => {
    const { worker, opened, steered } = fakeWorker(
      [{ visibilityState: 'hidden', focusable: false }],
      'granted',
    );
    await openNotifiedChat(worker, `${ORIGIN}/chat?chat=c1`);
    expect(steered).toEqual([`${ORIGIN}/chat?chat=c1`]);
    expect(opened).toEqual([]);
  });

  it('opens a window on the chat when none is open, or the open one cannot be steered', async () => {
    const none = fakeWorker([], 'granted');
    await openNotifiedChat(none.worker, `${ORIGIN}/chat?chat=c1`);
    expect(none.opened).toEqual([`${ORIGIN}/chat?chat=c1`]);
    const foreign = fakeWorker([{ visibilityState: 'hidden', navigates: false }], 'granted');
    await openNotifiedChat(foreign.worker, `${ORIGIN}/chat?chat=c1`);
    expect(foreign.opened).toEqual([`${ORIGIN}/chat?chat=c1`]);
  });
});

describe("a page's message to the worker", () => {
  it('carries notices; anything else is not one', () => {
    expect(noticesOf({ type: SwMessage.draftReady, notices: [notice, { chatId: 1 }] })).toEqual([
      notice,
    ]);
    expect(noticesOf({ type: SwMessage.flushOutbox })).toBeNull();
    expect(noticesOf(null)).toBeNull();
  });
});

describe('a hidden page that delivered a reply', () => {
  const posted: unknown[] = [];
  const realServiceWorker = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');

  function pageState(visibility: DocumentVisibilityState, permission: NotificationPermission) {
    posted.length = 0;
    Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
    Object.defineProperty(navigator, 'serviceWorker', {
      value: {
        getRegistration: async () => ({
          active: { postMessage: (message: unknown) => posted.push(message) },
        }),
      },
      configurable: true,
    });
    globalThis.Notification = { permission } as unknown as typeof Notification;
  }

  afterEach(() => {
    Reflect.deleteProperty(document, 'visibilityState');
    if (realServiceWorker) Object.defineProperty(navigator, 'serviceWorker', realServiceWorker);
    else Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('hands its notices to the worker, which alone sees every window', async () => {
    pageState('hidden', 'granted');
    await announceFromPage([notice]);
    expect(posted).toEqual([{ type: SwMessage.draftReady, notices: [notice] }]);
    expect(noticesOf(posted[0])).toEqual([notice]);
  });

  it.each([
    ['the page is on screen (it shows the reply)', 'visible' as const, 'granted' as const],
    ['the rep has not allowed notifications', 'hidden' as const, 'default' as const],
  ])('hands nothing when %s', async (_case, visibility, permission) => {
    pageState(visibility, permission);
    await announceFromPage([notice]);
    expect(posted).toEqual([]);
  });
});
