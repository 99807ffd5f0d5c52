// oxlint-disable-next-line import/no-unassigned-import -- the ask's stylesheet, loaded with the chat's chunk
import './notifyAsk.css';
import { IonIcon } from '@ionic/react';
import { notificationsOutline } from 'ionicons/icons';
import { useSyncExternalStore } from 'react';
import { allowNotifications, declineNotifications, notifyAsk } from './notifyAsk';

/** The words of the ask (issue 14). */
const NOTIFY_ASK = "Tell me when it's ready?";

/**
 * 'Tell me when it's ready?' with 'Notify me' and 'Not now', between the conversation and the input
 * bar, after the rep's first queued send (notifyAsk.ts). In the flow of the page, not over it, so the
 * input bar and the keyboard stay clear.
 */
export function NotifyAsk() {
  const shown = useSyncExternalStore(notifyAsk.subscribe, notifyAsk.get, notifyAsk.get);
  if (!shown) return null;
  return (
    <div className="app-banner notify-ask" role="region" aria-label="Notifications">
      <IonIcon className="app-banner__icon" icon={notificationsOutline} aria-hidden="true" />
      <p className="app-banner__text notify-ask__text">
        <strong>{NOTIFY_ASK}</strong>
        <span>A notification when the answer arrives, even with the app closed.</span>
      </p>
      <div className="notify-ask__actions">
        <button type="button" className="app-banner__action notify-ask__later" onClick={declineNotifications}>
          Not now
        </button>
        <button type="button" className="app-banner__action" onClick={() => void allowNotifications()}>
          Notify me
        </button>
      </div>
    </div>
  );
}
