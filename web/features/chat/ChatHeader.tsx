import {
  appsOutline,
  createOutline,
  searchOutline,
  shareOutline,
  timeOutline,
} from 'ionicons/icons';
import type { ModelsResponse } from '../../../domain/contract/chat';
import { IconButton } from '../../ui/IconButton';
import { InlineIcon } from '../../ui/InlineIcon';
import { ModelPicker } from './ModelPicker';

interface ChatHeaderProps {
  title: string;
  models: ModelsResponse['models'];
  model: string | undefined;
  onModelChange: (model: string) => void;
  /** Phones: opens the drawer of tools (the guided flows) and conversations. */
  onOpenSidebar: () => void;
  isSidebarOpen: boolean;
  onNewChat: () => void;
  /** Opens the search over everything the rep has. */
  onSearch: () => void;
  /** Flow mode: the Show/Hide History toggle. */
  historyToggle?: { shown: boolean; onToggle: () => void };
  /** Opens the share sheet for the whole chat, once the server holds a reply of it. */
  onShare?: () => void;
}

/**
 * The chat's title ('New Conversation' until it has one), the active model's picker, and on phones
 * the Tools (drawer) and new-chat buttons. Plain elements styled as Ionic's toolbar, as the app's
 * header is: the chat draws with its first frame (a signed-in shell, web/prerender/render.tsx) and
 * its code needs none of Ionic's.
 */
export function ChatHeader({
  title,
  models,
  model,
  onModelChange,
  onOpenSidebar,
  isSidebarOpen,
  onNewChat,
  onSearch,
  historyToggle,
  onShare,
}: ChatHeaderProps) {
  return (
    <header className="chat-header">
      <div className="chat-header__bar">
        <div className="chat-header__buttons chat-header__phone-only">
          {/* Named in words: an icon alone hid the guided flows from reps who did not guess it. */}
          <button
            type="button"
            className="chat-header__button chat-header__tools-button"
            aria-controls="chat-sidebar"
            aria-expanded={isSidebarOpen}
            onClick={onOpenSidebar}
          >
            <InlineIcon icon={appsOutline} />
            Tools
          </button>
        </div>
        {/* The title, and under it on a phone (beside it from 576 px) the active model and the flow's
            history toggle: the title keeps the width between the two buttons. */}
        <div className="chat-header__heading">
          <div className="chat-header__title">{title || 'New Conversation'}</div>
          <div className="chat-header__tools">
            <ModelPicker models={models} value={model} onChange={onModelChange} />
            {historyToggle && (
              <button
                type="button"
                className="chat-header__history"
                aria-expanded={historyToggle.shown}
                aria-label={historyToggle.shown ? 'Hide History' : 'Show History'}
                onClick={historyToggle.onToggle}
              >
                <InlineIcon icon={timeOutline} />
                <span className="chat-header__history-text" aria-hidden="true">
                  {historyToggle.shown ? 'Hide History' : 'Show History'}
                </span>
              </button>
            )}
          </div>
        </div>
        <div className="chat-header__buttons chat-header__buttons--end">
          {onShare && (
            <IconButton
              className="chat-header__button chat-header__icon-button chat-header__share"
              aria-label="Share this chat"
              onClick={onShare}
              icon={shareOutline}
            />
          )}
          {/* Below 360 px the title needs the width: search is in the drawer there. */}
          <IconButton
            className="chat-header__button chat-header__icon-button chat-header__search"
            aria-label="Search"
            onClick={onSearch}
            icon={searchOutline}
          />
          <IconButton
            className="chat-header__button chat-header__icon-button chat-header__phone-only"
            aria-label="New Chat"
            onClick={onNewChat}
            icon={createOutline}
          />
        </div>
      </div>
    </header>
  );
}
