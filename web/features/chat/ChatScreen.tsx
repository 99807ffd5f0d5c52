import { IonContent, IonHeader, IonIcon, IonTitle, IonToolbar } from '@ionic/react';
import { sparkles } from 'ionicons/icons';
import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../../domain/limits';
import { takePendingChatDestination } from '../auth/authStorage';

export const WELCOME_MESSAGE = `Welcome to ${PRODUCT_NAME}! I'm here to help you with various tasks. You can select one of the menu options or ask me any question to get started.`;

/** /chat: the chat workspace. With no messages the assistant's welcome shows (spec §2 Chat workspace). */
export function ChatScreen() {
  useEffect(() => {
    // A tool picked before login is spent on arrival, so it cannot steer later logins to /chat.
    takePendingChatDestination();
  }, []);

  return (
    <>
      <IonHeader className="chat-header">
        <IonToolbar>
          <IonTitle>New Conversation</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="chat">
        <ol className="chat__messages" aria-label="Messages">
          <li className="message message--assistant">
            <span className="message__avatar" aria-label="AI">
              <IonIcon icon={sparkles} aria-hidden="true" />
            </span>
            <p className="message__bubble">{WELCOME_MESSAGE}</p>
          </li>
        </ol>
      </IonContent>
    </>
  );
}
