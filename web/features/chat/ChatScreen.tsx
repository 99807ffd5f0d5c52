/** The chat workspace (spec §2): /chat, and the same screen for /pro/email and /pro/gtm-advisor. */
// oxlint-disable-next-line import/no-unassigned-import -- the chat's stylesheet, loaded with its chunk
import './chat.css';
import { useCallback, useMemo, useState } from 'react';
import type { User } from '../../../domain/contract/auth';
import { openUserDb } from '../../data/db';
import { useToast } from '../../ui/ToastProvider';
import { useAuth } from '../auth/auth.queries';
import { ChatHeader } from './ChatHeader';
import { ChatInputBar } from './ChatInputBar';
import { ChatSidebar } from './ChatSidebar';
import { copyText } from './copyText';
import { FEATURED_PROMPT, MessageList } from './MessageList';
import { useChatWorkspace } from './useChatWorkspace';
import { DESKTOP_QUERY, useMediaQuery } from './useMediaQuery';
import { useInitialPendingMessage, usePendingChatDestination, useSendPendingMessage } from './usePendingStarts';
import { useWakeLock } from './useWakeLock';
import { useWorkspaceLogout } from './useWorkspaceLogout';

export function ChatScreen() {
  const { user } = useAuth();
  // The route guard let a user in; during logout the user goes before the screen does.
  if (!user) return null;
  return <ChatWorkspace key={user.id} user={user} />;
}

function ChatWorkspace({ user }: { user: User }) {
  const db = useMemo(() => openUserDb(user.id), [user.id]);
  const pendingMessage = useInitialPendingMessage();
  const workspace = useChatWorkspace(db, user.id, pendingMessage);
  const { send, startNewChat, retry, regenerate, isLoading, messages } = workspace;
  const toast = useToast();
  const logout = useWorkspaceLogout();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [isSidebarOpen, setSidebarOpen] = useState(false);

  usePendingChatDestination(startNewChat);
  useSendPendingMessage(pendingMessage, messages !== undefined, isLoading, send);
  useWakeLock(isLoading);

  const handleSend = useCallback((text: string) => void send(text), [send]);
  const handleFeatured = useCallback(() => {
    const draft = startNewChat();
    void send(FEATURED_PROMPT, { id: draft.id });
  }, [startNewChat, send]);
  const handleNewChat = useCallback(() => void startNewChat(), [startNewChat]);
  const handleRetry = useCallback((key: string) => void retry(key), [retry]);
  const handleRegenerate = useCallback(() => void regenerate(), [regenerate]);
  const handleCopy = useCallback(
    async (text: string) => {
      const copied = await copyText(text);
      toast(copied ? { header: 'Copied', message: 'The reply is on your clipboard.', color: 'success', duration: 3000 } : { header: 'Copy failed', message: 'Select the text and copy it instead.', color: 'warning' });
    },
    [toast],
  );
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);

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
        onOpenChat={workspace.openChat}
        onLogout={() => void logout()}
      />
      <section className="chat-main" aria-label="Chat">
        <ChatHeader
          title={workspace.title}
          models={workspace.models}
          model={workspace.model}
          onModelChange={workspace.setModel}
          onOpenSidebar={() => setSidebarOpen(true)}
          isSidebarOpen={isSidebarOpen}
          onNewChat={handleNewChat}
        />
        <MessageList
          messages={messages}
          live={workspace.live}
          isLoading={isLoading}
          onRetry={handleRetry}
          onCopy={handleCopy}
          onRegenerate={handleRegenerate}
          onSuggestion={handleSend}
        />
        <ChatInputBar value={workspace.input} onChange={workspace.setInput} onSend={handleSend} onStop={workspace.stop} isLoading={isLoading} />
      </section>
    </div>
  );
}
