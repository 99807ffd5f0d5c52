/**
 * Reminders before meetings, offered where a rep who connected a calendar looks for them (the
 * meetings list, the account's Calendar card): a notification 30 minutes before each meeting with a
 * brief, which opens the brief offline. It says what this browser can do: turn them on (the
 * browser's own prompt, from the tap), that they are on, that notifications are blocked in the
 * browser's settings, or that this browser cannot show them (an iPhone's Safari outside an installed
 * app).
 */
// oxlint-disable-next-line import/no-unassigned-import -- the card's stylesheet, loaded with it
import './meetingReminders.css';
import { useId, useRef, useState } from 'react';
import { notificationPermission } from './draftReady';
import { turnOnReminders } from './notifyAsk';
import { pushSupported } from './pushSubscription';

type Reminders = 'ask' | 'asking' | 'on' | 'blocked' | 'unsupported' | 'failed';

function remindersNow(): Reminders {
  if (!pushSupported()) return 'unsupported';
  const permission = notificationPermission();
  return permission === 'granted'
    ? 'on'
    : permission === 'denied'
      ? 'blocked'
      : permission === 'default'
        ? 'ask'
        : 'unsupported';
}

const SAID: Record<Reminders, string> = {
  ask: 'Get a reminder 30 minutes before each meeting, with its brief ready to open offline.',
  asking: 'Asking your browser…',
  on: 'Reminders are on: this phone tells you 30 minutes before each meeting, with its brief.',
  blocked:
    'Notifications from Pitchpad are blocked in this browser’s settings. Allow them there to get a reminder before each meeting.',
  unsupported:
    'This browser cannot show reminders. On an iPhone, add Pitchpad to your Home Screen first, then open it from there.',
  failed: 'This browser could not turn reminders on. Try again later.',
};

export function MeetingReminders({ userId }: { userId: number }) {
  const id = useId();
  const [state, setState] = useState<Reminders>(remindersNow);
  const said = useRef<HTMLParagraphElement>(null);
  const turnOn = async () => {
    setState('asking');
    // The button goes while asking: the focus goes to what it says instead of to the page's top.
    said.current?.focus();
    const outcome = await turnOnReminders(userId);
    setState(
      outcome === 'subscribed' || outcome === 'handed-over'
        ? 'on'
        : outcome === 'not-allowed'
          ? notificationPermission() === 'denied'
            ? 'blocked'
            : 'ask'
          : // The browser has push (checked before offering): no worker ready in time is a failure.
            'failed',
    );
  };
  return (
    <div className="meeting-reminders">
      <p
        className="meeting-reminders__text"
        id={`${id}-said`}
        role="status"
        tabIndex={-1}
        ref={said}
      >
        {SAID[state]}
      </p>
      {(state === 'ask' || state === 'failed') && (
        <button
          type="button"
          className="pp-button pp-button--ghost meeting-reminders__button"
          aria-describedby={`${id}-said`}
          onClick={() => void turnOn()}
        >
          Turn on reminders
        </button>
      )}
    </div>
  );
}
