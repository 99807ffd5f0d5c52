/**
 * The chat workspace's state: the open chat, its messages, the chat
 * history, the loading flag, the input, the model and the available models, and the commands the
 * screen calls. It renders from the local database, and refreshes that from the server.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError, OfflineError, RateLimitedError } from '../../data/api';
import { isUnsent, orderMessages, replyKeyFor } from '../../data/chatMerge';
import type { LocalChat, PitchpadDb } from '../../data/db';
import { readKeyValue, writeKeyValue } from '../../data/db';
import { heldBack } from '../../data/outbox';
import { isChatSend, type ChatSendEntry } from './engine/chatDelivery';
import { uuidv7 } from '../../data/ids';
import type { PlaybookType } from '../../../domain/playbooks/types';
import { useToast } from '../../ui/ToastProvider';
import { forgetProAccess } from '../auth/auth.queries';
import { isProRequired, proRequiredToast } from '../billing/proAccess';
import { chatListSyncOptions, chatSyncOptions, modelsQueryOptions } from './chat.queries';
import { useLiveShape } from './useLiveReplies';
import { setOpenChat } from '../../data/sync';
import { syncStatus } from '../../data/syncStatus';
import {
  deleteMessage,
  regenerateReply,
  retryMessage,
  sendMessage,
  stopReply,
  type SendOutcome,
} from './engine/sendMessage';
import { useComposerDraft } from './useComposerDraft';
import { noteQueuedSend } from '../notifications/notifyAsk';
import type { QueueView } from './messageView';
import { useNow } from './useNow';
import { useResumeReplies } from './useResumeReplies';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';

const MODEL_KEY = 'model';
const isString = (value: unknown): value is string => typeof value === 'string';

/** A new conversation before its first message: an id (the chat's, once sent) and maybe a title. */
interface Draft {
  id: string;
  title?: string;
}

/**
 * The open chat is on the server but none of its messages is on this phone yet: being
 * loaded, or waiting for the network. `queued`: messages typed into it meanwhile, waiting to go.
 */
export interface UnloadedChat {
  state: 'loading' | 'not-on-phone';
  title: string;
  queued: number;
}

/** Where a message goes: the open chat, or a new one (a guided flow's result starts its own chat of its type). */
export interface SendTarget {
  id: string;
  title?: string;
  playbookType?: PlaybookType;
  answers?: Record<string, string>;
}

export const SEND_FAILED = {
  header: 'Error',
  message: 'Failed to send message. Please try again.',
  color: 'danger',
} as const;
/**
 * A regenerate that produced nothing: the earlier answer is still there, so a failed retry never
 * costs the rep the answer they had.
 */
export const REGENERATE_FAILED = {
  header: 'Error',
  message: 'A new answer could not be written. Your earlier answer is kept; try Regenerate again.',
  color: 'danger',
} as const;
/** A send the server asked to wait (429): kept and sent by itself later; the message is the server's reason. */
export const SEND_QUEUED = { header: 'Queued', color: 'warning' } as const;
export const NEW_CHAT_FAILED = {
  header: 'Error',
  message: 'Failed to start a new chat. Please try again.',
  color: 'danger',
} as const;

const NO_ROWS: never[] = [];

export function useChatWorkspace(db: PitchpadDb, userId: number, initialInput = '') {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search: { chat?: string } = useSearch({ strict: false });
  const chatId = search.chat;
  const [draft, setDraft] = useState<Draft>(() => ({ id: uuidv7() }));
  const activeId = chatId ?? draft.id;
  const [input, setInput] = useState(initialInput);
  const { clear: clearComposerDraft } = useComposerDraft(db, chatId, input, setInput);

  const chats = useSafeLiveQuery(
    async () => (await db.chats.orderBy('updatedAt').toArray()).toReversed(),
    [db],
    [],
  );
  const chatRead = useSafeLiveQuery(
    async () => ({ id: activeId, chat: (await db.chats.get(activeId)) ?? null }),
    [db, activeId],
    { id: activeId, chat: null },
  );
  const rowsRead = useSafeLiveQuery(
    async () => ({
      id: activeId,
      rows: await db.messages.where('chatId').equals(activeId).toArray(),
    }),
    [db, activeId],
    { id: activeId, rows: [] },
  );
  // Right after switching chats a live query still holds the previous chat's answer: that is "not read yet".
  // A new conversation's draft has a fresh id that nothing is stored under until its first send puts
  // the chat in the URL: it is empty at once, so its welcome draws with the screen's first frame (the
  // build's shell of the chat included) rather than after the device's first read.
  const isDraft = chatId === undefined;
  const chatRow = chatRead?.id === activeId ? chatRead.chat : isDraft ? null : undefined;
  const rows = rowsRead?.id === activeId ? rowsRead.rows : isDraft ? NO_ROWS : undefined;
  const messages = useMemo(() => (rows ? orderMessages(rows) : undefined), [rows]);
  const live = useLiveShape();
  const isLoading = [...live.values()].some((reply) => reply.chatId === activeId);
  // The chat's sends waiting in the outbox, in order.
  const waitingRead = useSafeLiveQuery(
    () =>
      db.outbox
        .where('line')
        .equals(activeId)
        .filter(
          (e): e is ChatSendEntry =>
            isChatSend(e) && (e.state === 'queued' || e.state === 'sending'),
        )
        .sortBy('seq'),
    [db, activeId],
    [],
  );
  // Sends of this chat another tab (or the service worker) is delivering right now: their replies
  // stream there, and reach this tab through the database.
  const deliveringElsewhere = useMemo(
    () =>
      new Set(
        (waitingRead ?? [])
          .filter((e) => e.state === 'sending' && !live.has(replyKeyFor(e.messageKey)))
          .map((e) => e.messageKey),
      ),
    [waitingRead, live],
  );
  useEffect(() => {
    setOpenChat(chatId ?? null);
    return () => setOpenChat(null);
  }, [chatId]);

  // The model: the user's last pick while the server still offers it, else the server's default.
  const modelsQuery = useQuery(modelsQueryOptions);
  const models = useMemo(
    () => (modelsQuery.data?.models ?? []).filter((m) => m.id !== ''),
    [modelsQuery.data],
  );
  const storedModel = useSafeLiveQuery(() => readKeyValue(db, MODEL_KEY, isString), [db], null);
  const model =
    storedModel && models.some((m) => m.id === storedModel)
      ? storedModel
      : modelsQuery.data?.defaultModel;
  const setModel = useCallback(
    (id: string) => void writeKeyValue(db, MODEL_KEY, id).catch(() => {}),
    [db],
  );

  // Refresh from the server: the list whenever the workspace opens, the open chat whenever it changes.
  const listSync = useQuery(chatListSyncOptions(db, userId));
  useFailureToast(listSync.error, listSync.errorUpdatedAt, 'Failed to load chat history.');
  // A chat this device started and the server has not seen yet has nothing to fetch (the draft's
  // row may not have reached this render yet, hence the id check).
  const fetchChat =
    chatId !== undefined && (chatRow?.synced === true || (chatRow === null && chatId !== draft.id));
  // A chat the server holds of which this phone has no message yet (listed, never opened here).
  const notLoaded =
    chatRow?.synced === true &&
    messages !== undefined &&
    !messages.some((m) => m.serverId !== null);
  // Such a chat loads as soon as the network is back, not only after the outbox's flush.
  const chatSync = useQuery({
    ...chatSyncOptions(db, userId, activeId),
    enabled: fetchChat,
    refetchOnReconnect: notLoaded,
  });
  useFailureToast(chatSync.error, chatSync.errorUpdatedAt, 'Failed to load chat.');
  useEffect(() => {
    // Deleted elsewhere (or never ours): the query forgot it locally; start afresh.
    if (chatId && chatSync.error instanceof ApiError && chatSync.error.status === 404)
      void navigate({ to: '.', search: {}, replace: true });
  }, [chatSync.error, chatId, navigate]);

  useResumeReplies(db, messages, model, deliveringElsewhere);

  // Cut off from the server: queued messages wait ('Queued'); online they are on their way ('Sending…').
  const connection = useSyncExternalStore(syncStatus.subscribe, syncStatus.get, syncStatus.get);
  const cutOff = !connection.online || !connection.reachable;
  // A minute's precision is enough to stop saying 'queued until 01:00' once it is past.
  const now = useNow();
  const queue = useMemo((): QueueView => {
    const waiting = waitingRead ?? [];
    const waitUntil = new Map(
      waiting
        .filter((e) => e.notBefore !== undefined && e.notBefore > now)
        .map((e) => [e.messageKey, e.notBefore!]),
    );
    return {
      offline: cutOff,
      held: new Set(heldBack(waiting).map((e) => e.messageKey)),
      waitUntil,
    };
  }, [cutOff, waitingRead, now]);
  const offline = cutOff || chatSync.error instanceof OfflineError;
  const unloaded = useMemo((): UnloadedChat | null => {
    if (!notLoaded || !chatRow) return null;
    const queued = messages.filter((m) => isUnsent(m) && m.status !== 'failed').length;
    return {
      state: chatSync.isFetching && !offline ? 'loading' : 'not-on-phone',
      title: chatRow.title,
      queued,
    };
  }, [notLoaded, chatRow, messages, chatSync.isFetching, offline]);

  const report = useCallback(
    (outcome: SendOutcome, text?: string) => {
      if (outcome.kind === 'not-saved') {
        // Saved nowhere: give the text back so it is not lost.
        if (text !== undefined) setInput((current) => current || text);
        toast(outcome.newChat ? NEW_CHAT_FAILED : SEND_FAILED);
      }
      // 'queued' is not a failure: the message shows 'Queued' and goes by itself. Its answer will
      // come later: the moment to offer a notification for it. When the server asked it to wait
      // (a 429), its reason says how long: the day's AI allowance may be hours from coming back.
      if (outcome.kind === 'queued') {
        noteQueuedSend();
        if (outcome.notice) toast({ ...SEND_QUEUED, message: outcome.notice });
      }
      if (outcome.kind === 'not-sent' && isProRequired(outcome.error)) {
        // A guided flow's chat after Pro ended (a subscription, or a grant revoked): say why, and
        // where to renew; the app asks again what this account has.
        void forgetProAccess(queryClient);
        toast(proRequiredToast(() => void navigate({ to: '/pricing' })));
      } else if (outcome.kind === 'not-sent' || outcome.kind === 'model-error') toast(SEND_FAILED);
    },
    [toast, navigate, queryClient],
  );

  /** Send `text` into the chat `target` (the open one unless given). Ignored when blank or busy. */
  const send = useCallback(
    async (
      text: string,
      target: SendTarget = { id: activeId, title: chatRow ? undefined : draft.title },
    ): Promise<SendOutcome> => {
      const content = text.trim();
      if (!content || (target.id === activeId && isLoading)) return { kind: 'skipped' };
      setInput('');
      clearComposerDraft();
      const outcome = await sendMessage(db, {
        chatId: target.id,
        content,
        model,
        title: target.title,
        playbookType: target.playbookType,
        answers: target.answers,
        // Put the chat in the URL once it exists locally, so a reload reopens it.
        onSaved: () => {
          if (target.id !== chatId)
            void navigate({ to: '.', search: { chat: target.id }, replace: true });
        },
      });
      report(outcome, content);
      return outcome;
    },
    [
      activeId,
      chatRow,
      draft.title,
      isLoading,
      db,
      model,
      chatId,
      navigate,
      report,
      clearComposerDraft,
    ],
  );

  const retry = useCallback(
    async (messageKey: string) => report(await retryMessage(db, messageKey, model)),
    [db, model, report],
  );
  const discard = useCallback(
    async (messageKey: string) => void (await deleteMessage(db, messageKey)),
    [db],
  );
  const regenerate = useCallback(async () => {
    const outcome = await regenerateReply(db, activeId, model);
    // Nothing new was written (not a failed send): say the earlier answer is kept, or why none was started.
    if (outcome.kind === 'not-sent' && outcome.error instanceof RateLimitedError)
      toast({ ...REGENERATE_FAILED, message: outcome.error.message });
    else if (
      (outcome.kind === 'model-error' && !outcome.partial) ||
      (outcome.kind === 'not-sent' && !isProRequired(outcome.error))
    )
      toast(REGENERATE_FAILED);
    else report(outcome);
  }, [db, activeId, model, report, toast]);
  const stop = useCallback(() => {
    for (const [key, reply] of live) if (reply.chatId === activeId) stopReply(key);
  }, [live, activeId]);

  /** A fresh conversation, optionally titled (a landing tool picked before login). */
  const startNewChat = useCallback(
    (title?: string): Draft => {
      const next = { id: uuidv7(), ...(title ? { title } : {}) };
      setDraft(next);
      setInput('');
      if (chatId) void navigate({ to: '.', search: {}, replace: false });
      return next;
    },
    [chatId, navigate],
  );

  const openChat = useCallback(
    (id: string) => void navigate({ to: '.', search: { chat: id } }),
    [navigate],
  );

  const chat: LocalChat | null = chatRow ?? null;
  return {
    chatId: activeId,
    /** Everything the screen shows is read from the device: the chats, this chat and its messages, the model. */
    isRead:
      chats !== undefined &&
      chatRow !== undefined &&
      messages !== undefined &&
      storedModel !== undefined,
    chat,
    title: chat?.title ?? (chatId ? '' : draft.title) ?? '',
    messages,
    chats: chats ?? [],
    unloaded,
    deliveringElsewhere,
    queue,
    isLoading,
    input,
    setInput,
    models,
    model,
    setModel,
    send,
    retry,
    discard,
    regenerate,
    stop,
    startNewChat,
    openChat,
  };
}

export type ChatWorkspace = ReturnType<typeof useChatWorkspace>;

/** One toast per failed refresh (after the query's own retries). Being offline is not one: the header says so. */
function useFailureToast(error: Error | null, at: number, message: string): void {
  const toast = useToast();
  const shown = useRef(0);
  useEffect(() => {
    if (!error || error instanceof OfflineError || shown.current === at) return;
    shown.current = at;
    toast({ header: 'Error', message, color: 'danger' });
  }, [error, at, message, toast]);
}
