/**
 * Above an empty chat: the rep's next meetings of the coming day, each opening its prep brief. Only
 * on a phone that knows a calendar is connected (the meetings it kept say so), so the chat of a rep
 * with no calendar makes no request for it; kept on the phone, so it shows with no signal.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the card's stylesheet, loaded with the chat
import './agenda.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { MeetingsResponse } from '../../../domain/contract/calendar';
import { calendarKeys, meetingsQueryOptions } from './calendar.queries';
import { timeOf } from './meetingText';

/** Meetings the card lists at most: the chat's welcome stays in view above the keyboard. */
const SHOWN = 2;
const AHEAD_MS = 24 * 3_600_000;

export function NextMeetingsCard({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const known = queryClient.getQueryData<MeetingsResponse>(calendarKeys.meetings(userId));
  const { data } = useQuery({
    ...meetingsQueryOptions(userId),
    enabled: known?.calendar.connected === true,
  });
  // The time the chat opened: the card is drawn again when the meetings are read again.
  const [now] = useState(() => Date.now());
  const next = (data?.meetings ?? [])
    .filter((m) => !m.allDay && new Date(m.end).getTime() > now)
    .filter((m) => new Date(m.start).getTime() - now < AHEAD_MS)
    .slice(0, SHOWN);
  if (!data?.calendar.connected || next.length === 0) return null;
  return (
    <section className="chat-agenda" aria-labelledby="chat-agenda-heading">
      <h2 id="chat-agenda-heading" className="section-label chat-agenda__heading">
        Next meetings
      </h2>
      <ul className="chat-agenda__list">
        {next.map((meeting) => (
          <li key={meeting.id}>
            <Link
              to="/meetings/$meetingId"
              params={{ meetingId: meeting.id }}
              className="chat-agenda__meeting"
            >
              <span className="chat-agenda__time">{timeOf(meeting.start)}</span>
              <span className="chat-agenda__title">{meeting.title}</span>
              <span className="chat-agenda__brief">
                {new Date(meeting.start).getTime() <= now
                  ? 'Now'
                  : meeting.briefMadeAt
                    ? 'Brief ready'
                    : meeting.internal
                      ? ''
                      : 'Brief soon'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
