import {
  addOutline,
  chatbubbleOutline,
  closeOutline,
  logOutOutline,
  searchOutline,
  sparkles,
} from 'ionicons/icons';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { User } from '../../../domain/contract/auth';
import type { LocalChat } from '../../data/db';
import { initialsOf } from '../shell/UserMenu';
import { relativeTime, sidebarTitle } from './format';
import { FEATURED_PROMPT } from './MessageList';
import { useNow } from './useNow';
import { IconButton } from '../../ui/IconButton';
import { InlineIcon } from '../../ui/InlineIcon';

interface ChatSidebarProps {
  user: User;
  chats: readonly LocalChat[];
  activeChatId: string;
  isDesktop: boolean;
  /** Phones: whether the drawer is open. A fixed column on desktop. */
  isOpen: boolean;
  onClose: () => void;
  onNewChat: () => void;
  onFeatured: () => void;
  /** Opens the search over everything the rep has. */
  onSearch: () => void;
  onOpenChat: (id: string) => void;
  onLogout: () => void;
  /** The guided flows menu, above Recent Conversations. */
  flowMenu?: ReactNode;
}

/**
 * New Chat, the featured prompt, Recent Conversations and the account. A fixed column from
 * 992 px; on phones a drawer over the screen, closed by the backdrop, Escape or picking something.
 */
export function ChatSidebar({
  user,
  chats,
  activeChatId,
  isDesktop,
  isOpen,
  onClose,
  onNewChat,
  onFeatured,
  onSearch,
  onOpenChat,
  onLogout,
  flowMenu,
}: ChatSidebarProps) {
  const now = useNow();
  const isDrawer = !isDesktop;
  const firstButton = useRef<HTMLButtonElement>(null);
  // A phone's drawer is drawn when it first opens (and kept): the rep's conversations, however many,
  // are no part of the chat's first frame.
  const [drawn, setDrawn] = useState(!isDrawer || isOpen);
  if (!drawn && (!isDrawer || isOpen)) setDrawn(true);

  useEffect(() => {
    if (!isDrawer || !isOpen) return;
    // Focus moves into the drawer, and back to what opened it when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    firstButton.current?.focus();
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('keydown', handleKey);
      opener?.focus();
    };
  }, [isDrawer, isOpen, onClose]);

  // In the drawer, picking anything also closes it.
  const andClose = (action: () => void) => () => {
    action();
    if (isDrawer) onClose();
  };

  return (
    <>
      {isDrawer && (
        <div
          className={`chat-sidebar__backdrop${isOpen ? ' chat-sidebar__backdrop--open' : ''}`}
          onClick={onClose}
          aria-hidden="true"
        />
      )}
      <aside
        id="chat-sidebar"
        className={`chat-sidebar${isOpen ? ' chat-sidebar--open' : ''}`}
        aria-label="Tools and conversations"
        inert={isDrawer && !isOpen}
        {...(isDrawer && isOpen ? { role: 'dialog', 'aria-modal': true } : {})}
      >
        {drawn && (
          <>
            <div className="chat-sidebar__top">
              {isDrawer && (
                <div className="chat-sidebar__heading">
                  <strong>Tools and conversations</strong>
                  <IconButton
                    className="chat-sidebar__close"
                    aria-label="Close conversations"
                    onClick={onClose}
                    icon={closeOutline}
                  />
                </div>
              )}
              <button
                ref={firstButton}
                type="button"
                className="chat-sidebar__new"
                onClick={andClose(onNewChat)}
              >
                <InlineIcon icon={addOutline} />
                New Chat
              </button>
              <button type="button" className="chat-sidebar__search" onClick={andClose(onSearch)}>
                <InlineIcon icon={searchOutline} />
                Search everything
              </button>
              <button
                type="button"
                className="chat-sidebar__featured"
                onClick={andClose(onFeatured)}
              >
                <InlineIcon icon={sparkles} />
                <span>{FEATURED_PROMPT}</span>
              </button>
            </div>

            <div className="chat-sidebar__scroll">
              {flowMenu}
              <nav className="chat-sidebar__recent" aria-labelledby="chat-sidebar-recent">
                <h2 id="chat-sidebar-recent" className="section-label">
                  Recent Conversations
                </h2>
                {chats.length === 0 ? (
                  <p className="chat-sidebar__empty">Your conversations will appear here.</p>
                ) : (
                  <ul className="plain-list">
                    {chats.map((chat) => (
                      <li key={chat.id}>
                        <button
                          type="button"
                          className={`chat-sidebar__chat${chat.id === activeChatId ? ' chat-sidebar__chat--active' : ''}`}
                          aria-current={chat.id === activeChatId ? 'page' : undefined}
                          title={chat.title}
                          onClick={andClose(() => onOpenChat(chat.id))}
                        >
                          <InlineIcon icon={chatbubbleOutline} />
                          <span className="chat-sidebar__chat-text">
                            <span className="chat-sidebar__chat-title">
                              {sidebarTitle(chat.title, isDesktop)}
                            </span>
                            <span className="chat-sidebar__chat-time">
                              {relativeTime(chat.updatedAt, now)}
                            </span>
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </nav>
            </div>

            <div className="chat-sidebar__user">
              <span className="avatar" aria-hidden="true">
                {initialsOf(user)}
              </span>
              <span className="chat-sidebar__who">{user.name?.trim() || user.email}</span>
              <IconButton
                className="chat-sidebar__logout"
                aria-label="Log out"
                onClick={onLogout}
                icon={logOutOutline}
              />
            </div>
          </>
        )}
      </aside>
    </>
  );
}
