/** The chat workspace: /chat, and the same screen for /pro/email and /pro/gtm-advisor. */
// oxlint-disable-next-line import/no-unassigned-import -- the chat's stylesheet, loaded with its chunk
import './chat.css';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentType,
} from 'react';
import type { User } from '../../../domain/contract/auth';
import { FLOWS, type FlowType } from '../../../domain/playbooks';
import { CHAT_TOOLS, isFlowType, type ToolType } from '../../../domain/playbooks/tools';
import { openUserDb } from '../../data/db';
import { screenDrawn } from '../../prerender/takeover';
import { releaseAllowanceHolds } from '../../data/outbox';
import { useToast } from '../../ui/ToastProvider';
import { useAuth } from '../auth/auth.queries';
import { ToolCards } from '../landing/LandingScreen';
import { canShareChat, chatShareTarget } from '../links/chatShare';
import { NotifyAsk } from '../notifications/NotifyAsk';
import { ChatHeader } from './ChatHeader';
import { ChatInputBar } from './ChatInputBar';
import type { ChatFlows, FlowSend } from './chatFlows';
import { ChatSidebar } from './ChatSidebar';
import { COPY_FAILED_TOAST, copyText } from '../../ui/copyText';
import { warmMarkdown } from './Markdown';
import { FEATURED_PROMPT, MessageList } from './MessageList';
import { useChatWorkspace } from './useChatWorkspace';
import { useFlowMode } from './useFlowMode';
import { useKeepFrame } from './useKeepFrame';
import { DESKTOP_QUERY, useMediaQuery } from './useMediaQuery';
import {
  useInitialPendingMessage,
  usePendingChatDestination,
  useSendPendingMessage,
} from './usePendingStarts';
import { useWakeLock } from '../../ui/useWakeLock';
import { useWorkspaceLogout } from './useWorkspaceLogout';

// Loaded when first opened: the chat's own chunk stays as it was.
const ShareLinkSheet = lazy(() =>
  import('../links/ShareLinkSheet').then((module) => ({ default: module.ShareLinkSheet })),
);

/** The longest the Markdown code waits for an idle moment once the rep writes. */
const WARM_AFTER_MS = 1000;

/**
 * `flows`: the guided flows' pieces, drawn in their places (chatFlows.ts). `Agenda`: what the empty
 * chat shows first (the rep's next meetings), from the feature that knows it.
 */
export function ChatScreen({
  flows,
  Agenda,
}: {
  flows: ChatFlows;
  Agenda?: ComponentType<{ userId: number }>;
}) {
  const { user, hasPro } = useAuth();
  // The route guard let a user in; during logout the user goes before the screen does.
  if (!user) return null;
  return <ChatWorkspace key={user.id} user={user} hasPro={hasPro} flows={flows} Agenda={Agenda} />;
}

function ChatWorkspace({
  user,
  hasPro,
  flows,
  Agenda,
}: {
  user: User;
  hasPro: boolean;
  flows: ChatFlows;
  Agenda?: ComponentType<{ userId: number }>;
}) {
  const { Menu: FlowMenu, Panel: FlowPanel, Extras: ChatFlowExtras } = flows;
  const db = useMemo(() => openUserDb(user.id), [user.id]);
  const pendingMessage = useInitialPendingMessage();
  const workspace = useChatWorkspace(db, user.id, pendingMessage);
  const { send, startNewChat, retry, discard, regenerate, isLoading, messages } = workspace;
  const toast = useToast();
  const logout = useWorkspaceLogout();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [isSidebarOpen, setSidebarOpen] = useState(false);
  // Guided flows (?flow=<type>): the interview takes the place of the conversation until it finishes.
  const { flow, startFlow } = useFlowMode();
  const [showHistory, setShowHistory] = useState(false);
  const [sharingChat, setSharingChat] = useState(false);
  const canShare = canShareChat(workspace.chatId, workspace.chat?.synced, messages);
  // The chat as Markdown is made only while the sheet is open, not at each streamed word.
  const shareableChat = useMemo(
    () =>
      sharingChat
        ? chatShareTarget(workspace.chatId, workspace.title, workspace.chat?.synced, messages)
        : null,
    [sharingChat, workspace.chatId, workspace.title, workspace.chat?.synced, messages],
  );
  const navigate = useNavigate();
  // A search result opened the chat on one of its messages.
  const { at: foundMessage } = useSearch({ strict: false }) as { at?: string };
  const pendingOpeners = useMemo(
    () => ({ flow: startFlow, competitive: () => void navigate({ to: '/competitive' }) }),
    [startFlow, navigate],
  );

  // Drawn whole once everything is read from the device: the home screen's frame goes now.
  useLayoutEffect(() => {
    if (workspace.isRead) screenDrawn();
  }, [workspace.isRead]);
  // A copy of the conversation at rest for the next start's frame; a flow's panel is not copied.
  useKeepFrame(workspace.isRead && !flow && !isLoading && !isSidebarOpen, [
    messages,
    workspace.title,
    workspace.model,
    workspace.chats,
  ]);

  // While the rep writes the first message, the phone readies the reply's Markdown code when idle.
  const writing = workspace.input.trim() !== '';
  useEffect(() => {
    if (!writing) return;
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(warmMarkdown, WARM_AFTER_MS);
      return () => clearTimeout(timer);
    }
    const asked = requestIdleCallback(warmMarkdown, { timeout: WARM_AFTER_MS });
    return () => cancelIdleCallback(asked);
  }, [writing]);

  usePendingChatDestination(startNewChat, pendingOpeners);
  useSendPendingMessage(pendingMessage, messages !== undefined, isLoading, send);
  useWakeLock(isLoading);
  // Upgraded to Pro: sends held until the free allowance's reset go now, with the bigger allowance.
  useEffect(() => {
    if (hasPro) void releaseAllowanceHolds(db).catch(() => {});
  }, [hasPro, db]);

  const handleSend = useCallback((text: string) => void send(text), [send]);
  const handleFeatured = useCallback(() => {
    const draft = startNewChat();
    void send(FEATURED_PROMPT, { id: draft.id });
  }, [startNewChat, send]);
  const handleRetry = useCallback((key: string) => void retry(key), [retry]);
  const handleDelete = useCallback((key: string) => void discard(key), [discard]);
  const handleRegenerate = useCallback(() => void regenerate(), [regenerate]);
  // The Copy button itself says 'Copied' (no toast to repeat it); a failure is told, being on screen nowhere else.
  const handleCopy = useCallback(
    async (text: string) => {
      const copied = await copyText(text);
      if (!copied) toast(COPY_FAILED_TOAST);
      return copied;
    },
    [toast],
  );
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);
  const handleNewChat = useCallback(() => {
    startNewChat();
    // New Chat also leaves a flow (it stays saved, to pick up from the menu).
    if (flow) void navigate({ to: '.', search: {} });
  }, [startNewChat, flow, navigate]);
  const handleStartFlow = useCallback(
    (type: FlowType) => {
      setSidebarOpen(false);
      startFlow(type);
    },
    [startFlow],
  );
  // The empty chat's tool cards open what the drawer's menu opens, without the drawer: a flow in
  // place of the conversation, competitive intelligence on its screen. A free user's cards say PRO,
  // and behave as the menu's do.
  const handleTool = useCallback(
    (tool: { type: ToolType }) => {
      if (isFlowType(tool.type)) startFlow(tool.type);
      else void navigate({ to: '/competitive' });
    },
    [startFlow, navigate],
  );
  const toolCards = (
    <ToolCards
      tools={CHAT_TOOLS}
      label="Tools"
      onSelect={handleTool}
      hrefOf={(tool) => (isFlowType(tool.type) ? `/chat?flow=${tool.type}` : '/competitive')}
      badgeOf={() => (hasPro ? null : 'PRO')}
    />
  );
  // A finished flow's prompt starts its own chat of the flow's type, through the one send path.
  const sendFlowPrompt = useCallback<FlowSend>(
    (prompt, target) =>
      send(prompt, {
        id: target.chatId,
        title: target.title,
        playbookType: target.playbookType,
        answers: target.answers,
      }),
    [send],
  );

  return (
    <div className="chat-workspace">
      <ChatSidebar
        user={user}
        chats={workspace.chats}
        activeChatId={workspace.chatId}
        isDesktop={isDesktop}
        isOpen={isDesktop || isSidebarOpen}
        onClose={closeSidebar}
        onNewChat={handleNewChat}
        onFeatured={handleFeatured}
        onSearch={() => void navigate({ to: '/search' })}
        onOpenChat={workspace.openChat}
        onLogout={() => void logout()}
        flowMenu={<FlowMenu db={db} activeFlow={flow} onStart={handleStartFlow} locked={!hasPro} />}
      />
      <section className="chat-main" aria-label="Chat">
        <ChatHeader
          title={flow ? FLOWS[flow].title : workspace.title}
          models={workspace.models}
          model={workspace.model}
          onModelChange={workspace.setModel}
          onOpenSidebar={() => setSidebarOpen(true)}
          isSidebarOpen={isSidebarOpen}
          onNewChat={handleNewChat}
          onSearch={() => void navigate({ to: '/search' })}
          historyToggle={
            flow
              ? { shown: showHistory, onToggle: () => setShowHistory((shown) => !shown) }
              : undefined
          }
          onShare={!flow && canShare ? () => setSharingChat(true) : undefined}
        />
        {sharingChat && shareableChat && (
          <Suspense fallback={null}>
            <ShareLinkSheet
              userId={user.id}
              target={shareableChat}
              onClose={() => setSharingChat(false)}
            />
          </Suspense>
        )}
        {flow ? (
          <FlowPanel
            key={flow}
            type={flow}
            db={db}
            userId={user.id}
            showHistory={showHistory}
            send={sendFlowPrompt}
            openChat={workspace.openChat}
            model={workspace.model}
          />
        ) : (
          <>
            <MessageList
              messages={messages}
              deliveringElsewhere={workspace.deliveringElsewhere}
              queue={workspace.queue}
              isLoading={isLoading}
              onRetry={handleRetry}
              onDelete={handleDelete}
              onCopy={handleCopy}
              onRegenerate={handleRegenerate}
              onSuggestion={handleSend}
              footer={
                <ChatFlowExtras
                  db={db}
                  chat={workspace.chat}
                  messages={messages}
                  isLoading={isLoading}
                />
              }
              afterMessage={flows.afterMessage(db, workspace.chat, messages)}
              answersKey={flows.promptOf(workspace.chat, messages)?.key}
              resultFirst={flows.isResultOnly(workspace.chat, messages)}
              unloaded={workspace.unloaded}
              tools={toolCards}
              agenda={Agenda && <Agenda userId={user.id} />}
              found={foundMessage}
            />
            <NotifyAsk />
            <ChatInputBar
              voice={{ db, chatId: workspace.chatId }}
              value={workspace.input}
              onChange={workspace.setInput}
              onSend={handleSend}
              onStop={workspace.stop}
              isLoading={isLoading}
            />
          </>
        )}
      </section>
    </div>
  );
}
