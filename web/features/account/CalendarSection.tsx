/**
 * Calendar: the rep pastes their calendar's secret address (iCal format; Google Calendar, Outlook
 * and Apple Calendar each give one), and Pitchpad lists the next meetings on /meetings. The server
 * reads the address before keeping it, so a wrong one is refused here with why; once connected, the
 * card says which calendar, when it was last read, and what went wrong at the last read if anything
 * did (the meetings read before stay).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/ToastProvider';
import {
  calendarStatusQueryOptions,
  useConnectCalendar,
  useDisconnectCalendar,
} from '../calendar/calendar.queries';
import { SettingsField, URL_FIELD } from '../settings/OperatorSettings';
import { AccountList } from './ListLoading';
import { MeetingReminders } from '../notifications/MeetingReminders';

export function CalendarSection({ userId }: { userId: number }) {
  const id = useId();
  const toast = useToast();
  const status = useQuery(calendarStatusQueryOptions(userId));
  const connect = useConnectCalendar(userId);
  const disconnect = useDisconnectCalendar(userId);
  const [url, setUrl] = useState('');
  const [confirming, setConfirming] = useState(false);

  const handleConnect = (event: FormEvent) => {
    event.preventDefault();
    if (connect.isPending) return;
    connect.mutate(
      { url },
      {
        onSuccess: () => {
          setUrl('');
          toast({
            header: 'Calendar connected',
            message: 'Your next meetings are on the Meetings page.',
            color: 'success',
          });
        },
      },
    );
  };

  return (
    <section className="account-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Calendar</h2>
      <AccountList query={status} what="calendar">
        {status.data?.connected ? (
          <div className="account-device">
            <div className="account-device__text">
              <p className="account-device__name">{status.data.host}</p>
              <p className="muted">
                {status.data.goodAt
                  ? `Read ${new Date(status.data.goodAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`
                  : 'Not read yet'}
              </p>
              {status.data.problem && (
                <p className="account-connection__problem" role="status">
                  {status.data.problem} The meetings read before are kept.
                </p>
              )}
              <p>
                <Link to="/meetings">See your next meetings</Link>
              </p>
              <MeetingReminders userId={userId} />
            </div>
            <div className="account-connection__actions">
              <button
                type="button"
                className="pp-button pp-button--ghost account-device__action"
                onClick={() => setConfirming(true)}
              >
                Disconnect
              </button>
            </div>
          </div>
        ) : (
          <form onSubmit={handleConnect} noValidate>
            <p className="muted" id={`${id}-hint`}>
              Paste your calendar’s secret address in iCal format (Google Calendar: Settings → your
              calendar → Secret address in iCal format). Pitchpad only reads it.
            </p>
            <SettingsField htmlFor={`${id}-url`} label="Calendar address">
              <input
                id={`${id}-url`}
                {...URL_FIELD}
                placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
                aria-describedby={`${id}-hint`}
                value={url}
                onChange={(event) => {
                  connect.reset();
                  setUrl(event.target.value);
                }}
              />
            </SettingsField>
            {connect.error && (
              <p className="form-error" role="alert">
                {connect.error.message}
              </p>
            )}
            <button
              type="submit"
              className="pp-button pp-button--primary account-device__action"
              aria-busy={connect.isPending || undefined}
            >
              {connect.isPending ? 'Reading your calendar…' : 'Connect calendar'}
            </button>
          </form>
        )}
      </AccountList>
      <ConfirmDialog
        open={confirming}
        title="Disconnect your calendar?"
        message="Pitchpad forgets the calendar's address and stops listing your meetings. Your calendar itself is not changed."
        error={disconnect.error?.message}
        pending={disconnect.isPending}
        cancelLabel="Keep it"
        confirmLabel="Disconnect"
        onCancel={() => setConfirming(false)}
        onConfirm={() => disconnect.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </section>
  );
}
