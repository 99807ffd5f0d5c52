// oxlint-disable-next-line import/no-unassigned-import -- the ask's stylesheet, loaded with the chat's chunk
import './notifyAsk.css';
import { notificationsOutline } from 'ionicons/icons';
import { useSyncExternalStore } from 'react';
import { hasBackgroundSync } from '../../data/backgroundSync';
import { allowNotifications, declineNotifications, notifyAsk } from './notifyAsk';
import { InlineIcon } from '../../ui/InlineIcon';

/** The words of the ask. */
const NOTIFY_ASK = "Tell me when it's ready?";
/** What it promises where the worker delivers with the app closed (Background Sync: Chromium). */
const PROMISE_APP_CLOSED = 'A notification when the answer arrives, even with the app closed.';
/**
 * What it promises elsewhere (Safari, Firefox): only an open app delivers, so a notification comes
 * only while it is open in the background; closed, the send waits for the next open.
 */
const PROMISE_APP_OPEN =
  'A notification when the answer arrives while Pitchpad is open. Closed, it sends next time you open it.';

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
      <InlineIcon className="app-banner__icon" icon={notificationsOutline} />
      <p className="app-banner__text notify-ask__text">
        <strong>{NOTIFY_ASK}</strong>
        <span>{hasBackgroundSync() ? PROMISE_APP_CLOSED : PROMISE_APP_OPEN}</span>
      </p>
      <div className="notify-ask__actions">
        <button
          type="button"
          className="app-banner__action notify-ask__later"
          onClick={declineNotifications}
        >
          Not now
        </button>
        <button
          type="button"
          className="app-banner__action"
          onClick={() => void allowNotifications()}
        >
          Notify me
        </button>
      </div>
    </div>
  );
}
