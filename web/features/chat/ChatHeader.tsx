import { IonButton, IonButtons, IonHeader, IonIcon, IonTitle, IonToolbar } from '@ionic/react';
import {
  appsOutline,
  createOutline,
  searchOutline,
  shareOutline,
  timeOutline,
} from 'ionicons/icons';
import type { ModelsResponse } from '../../../domain/contract/chat';
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

/** The chat's title ('New Conversation' until it has one), the active model's picker, and on phones the Tools (drawer) and new-chat buttons. */
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
    <IonHeader className="chat-header">
      <IonToolbar>
        <IonButtons slot="start" className="chat-header__phone-only">
          {/* Named in words: an icon alone hid the guided flows from reps who did not guess it. */}
          <IonButton
            className="chat-header__tools-button"
            aria-controls="chat-sidebar"
            aria-expanded={isSidebarOpen}
            onClick={onOpenSidebar}
          >
            <IonIcon slot="start" icon={appsOutline} aria-hidden="true" />
            Tools
          </IonButton>
        </IonButtons>
        {/* The title, and under it on a phone (beside it from 576 px) the active model and the flow's
            history toggle: the title keeps the width between the two buttons. */}
        <div className="chat-header__heading">
          <IonTitle>{title || 'New Conversation'}</IonTitle>
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
                <IonIcon icon={timeOutline} aria-hidden="true" />
                <span className="chat-header__history-text" aria-hidden="true">
                  {historyToggle.shown ? 'Hide History' : 'Show History'}
                </span>
              </button>
            )}
          </div>
        </div>
        <IonButtons slot="end">
          {onShare && (
            <IonButton
              className="chat-header__share"
              aria-label="Share this chat"
              onClick={onShare}
            >
              <IonIcon slot="icon-only" icon={shareOutline} aria-hidden="true" />
            </IonButton>
          )}
          {/* Below 360 px the title needs the width: search is in the drawer there. */}
          <IonButton className="chat-header__search" aria-label="Search" onClick={onSearch}>
            <IonIcon slot="icon-only" icon={searchOutline} aria-hidden="true" />
          </IonButton>
          <IonButton className="chat-header__phone-only" aria-label="New Chat" onClick={onNewChat}>
            <IonIcon slot="icon-only" icon={createOutline} aria-hidden="true" />
          </IonButton>
        </IonButtons>
      </IonToolbar>
    </IonHeader>
  );
}
