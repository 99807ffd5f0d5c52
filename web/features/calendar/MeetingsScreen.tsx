/**
 * /meetings: the next 7 days of the rep's calendar, by day, in the phone's time zone: each meeting's
 * time, title, place and who is in it, marked Internal when only the rep's own company is, and its
 * prep brief (ready, or being made). Kept on the phone (the query is persisted, with the next day's
 * briefs whole), so the list and those briefs open in the lobby with no signal, saying when the
 * calendar was last read. Without a calendar, it says where to connect one.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the screen's stylesheet, loaded with its chunk
import './meetings.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { openUserDb } from '../../data/db';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import { pinnedBriefs } from './pinnedBriefs';
import type { MeetingInfo } from '../../../domain/contract/calendar';
import { Screen } from '../../ui/Screen';
import type { User } from '../../../domain/contract/auth';
import { useAuth } from '../auth/auth.queries';
import { meetingsQueryOptions } from './calendar.queries';
import { MeetingReminders } from '../notifications/MeetingReminders';
import { dayOf, debriefSearch, meetingWhen, people, timeOf } from './meetingText';

export function MeetingsScreen() {
  const { user } = useAuth();
  if (!user) return null;
  return <Meetings user={user} />;
}

function Meetings({ user }: { user: User }) {
  const query = useQuery(meetingsQueryOptions(user.id));
  // 'Debrief this meeting' shows on the meetings that had started when the screen opened.
  const [openedAt] = useState(() => Date.now());
  const data = query.data;
  const db = useMemo(() => openUserDb(user.id), [user.id]);
  const pinned = useSafeLiveQuery(() => pinnedBriefs(db), [db], []);
  // Pinned briefs of meetings the list no longer holds (over, or moved out of the next days).
  const listed = new Set((data?.meetings ?? []).map((m) => m.id));
  const kept = (pinned ?? []).filter((brief) => !listed.has(brief.meetingId));
  const byDay = new Map<string, MeetingInfo[]>();
  for (const meeting of data?.meetings ?? []) {
    const day = dayOf(meeting.start);
    byDay.set(day, [...(byDay.get(day) ?? []), meeting]);
  }

  return (
    <Screen width="narrow" className="meetings-screen">
      <section className="page-intro">
        <h1>Meetings</h1>
        <p className="lede">
          Your next 7 days, from your calendar (<Link to="/account">change it</Link> on your account
          page).
        </p>
      </section>
      {!data ? (
        query.isError ? (
          <p className="form-error" role="alert">
            Your meetings could not be loaded: {query.error.message}
          </p>
        ) : (
          <p className="muted" role="status">
            {query.fetchStatus === 'paused'
              ? 'Your meetings show here once you are back online.'
              : 'Loading your meetings…'}
          </p>
        )
      ) : !data.calendar.connected ? (
        <p className="callout">
          No calendar connected yet. <Link to="/account">Connect your calendar</Link> on your
          account page by pasting its secret address.
        </p>
      ) : (
        <>
          <p className="muted meetings-screen__read">
            {data.calendar.goodAt
              ? `Calendar read ${new Date(data.calendar.goodAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}.`
              : ''}
            {data.calendar.problem ? ` ${data.calendar.problem}` : ''}
          </p>
          <MeetingReminders userId={user.id} />
          {byDay.size === 0 ? (
            <p className="muted">No meetings in the next 7 days.</p>
          ) : (
            [...byDay].map(([day, meetings]) => (
              <section key={day} className="meetings-day" aria-label={day}>
                <h2 className="meetings-day__title">{day}</h2>
                <ul className="meetings-day__list">
                  {meetings.map((meeting) => (
                    <li key={meeting.id} className="meeting-card">
                      <p className="meeting-card__time">
                        {meeting.allDay
                          ? 'All day'
                          : `${timeOf(meeting.start)}–${timeOf(meeting.end)}`}
                        {meeting.internal && <span className="meeting-card__tag">Internal</span>}
                      </p>
                      <p className="meeting-card__title">
                        <Link
                          to="/meetings/$meetingId"
                          params={{ meetingId: meeting.id }}
                          className="meeting-card__link"
                        >
                          {meeting.title}
                        </Link>
                      </p>
                      {meeting.location && <p className="muted">{meeting.location}</p>}
                      {meeting.attendees.length > 0 && (
                        <p className="muted meeting-card__people">{people(meeting)}</p>
                      )}
                      <p className="meeting-card__brief">
                        {meeting.briefMadeAt
                          ? 'Prep brief ready'
                          : meeting.internal
                            ? 'No brief: your own team'
                            : new Date(meeting.start).getTime() > openedAt
                              ? 'Prep brief being made'
                              : ''}
                      </p>
                      {!meeting.internal && new Date(meeting.start).getTime() < openedAt && (
                        <Link
                          to="/debrief"
                          search={debriefSearch(meeting, user.email)}
                          className="meeting-card__debrief"
                        >
                          Debrief this meeting
                        </Link>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </>
      )}
      {kept.length > 0 && (
        <section className="meetings-day" aria-labelledby="meetings-pinned">
          <h2 id="meetings-pinned" className="meetings-day__title">
            Pinned briefs
          </h2>
          <ul className="meetings-day__list">
            {kept.map((brief) => (
              <li key={brief.meetingId} className="meeting-card">
                <p className="meeting-card__time">{meetingWhen(brief.start)}</p>
                <p className="meeting-card__title">
                  <Link
                    to="/meetings/$meetingId"
                    params={{ meetingId: brief.meetingId }}
                    className="meeting-card__link"
                  >
                    {brief.title}
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Screen>
  );
}
