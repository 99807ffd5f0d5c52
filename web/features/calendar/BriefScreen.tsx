/**
 * /meetings/:meetingId: a meeting's prep brief, read on the phone in the lobby: who, what we know
 * (each with the source it comes from, numbered), open points from last time, three questions, the
 * objections to expect with answers, and the one outcome to aim for, then the sources themselves
 * (their text kept with the brief, so each opens offline). It says when it was made and whether the
 * model wrote it. The rep can pin it (kept on this phone past the meeting), make it again, and
 * debrief the meeting afterwards with its name and attendees filled in.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the screen's stylesheet, loaded with its chunk
import './meetings.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { User } from '../../../domain/contract/auth';
import type { BriefItem, MeetingBrief, MeetingInfo } from '../../../domain/contract/calendar';
import { openUserDb, type PitchpadDb } from '../../data/db';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import { saveOrSay } from '../../ui/saveOrSay';
import { Screen } from '../../ui/Screen';
import { useToast } from '../../ui/ToastProvider';
import { useOnline } from '../../ui/useOnline';
import { useAuth } from '../auth/auth.queries';
import { briefQueryOptions, meetingsQueryOptions, useMakeBrief } from './calendar.queries';
import { debriefSearch, meetingWhen } from './meetingText';
import {
  deliveredBrief,
  keepPinnedUpToDate,
  pinBrief,
  pinnedBrief,
  unpinBrief,
} from './pinnedBriefs';

export function BriefScreen() {
  const { user } = useAuth();
  const { meetingId } = useParams({ strict: false }) as { meetingId?: string };
  if (!user || !meetingId) return null;
  return <Brief key={`${user.id}:${meetingId}`} user={user} meetingId={meetingId} />;
}

/** How often a brief being made is asked for again while the screen is open. */
const BRIEF_POLL_MS = 30_000;

/** The copy made last (undefined when there is none). */
function newest(copies: (MeetingBrief | undefined)[]): MeetingBrief | undefined {
  return copies
    .filter((b): b is MeetingBrief => b !== undefined)
    .reduce<MeetingBrief | undefined>((a, b) => (!a || b.madeAt > a.madeAt ? b : a), undefined);
}

/** 'Made today at 14:05', 'Made Tue 2 Dec at 18:00'. */
function madeWhen(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (at.toDateString() === now.toDateString()) return `Made today at ${time}`;
  return `Made ${at.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' })} at ${time}`;
}

function Brief({ user, meetingId }: { user: User; meetingId: string }) {
  const db = useMemo(() => openUserDb(user.id), [user.id]);
  const queryClient = useQueryClient();
  const online = useOnline();
  // undefined while the phone's own copy is read; null when none is pinned.
  const pinned = useSafeLiveQuery(
    () => pinnedBrief(db, meetingId).then((b) => b ?? null),
    [db, meetingId],
    null,
  );
  // The copy a reminder brought, fetched by the service worker as it showed it.
  const delivered = useSafeLiveQuery(
    () => deliveredBrief(db, meetingId).then((b) => b ?? null),
    [db, meetingId],
    null,
  );
  const meetings = useQuery(meetingsQueryOptions(user.id));
  const meeting = meetings.data?.meetings.find((m) => m.id === meetingId);
  // Opened when it had not started: a brief is made before a meeting, never after it starts.
  const [openedAt] = useState(() => Date.now());
  const ahead = meeting !== undefined && new Date(meeting.start).getTime() > openedAt;
  const query = useQuery({
    ...briefQueryOptions(queryClient, user.id, meetingId),
    enabled: pinned !== undefined,
    // While the server is making it, look again every half minute.
    refetchInterval: (q) =>
      q.state.data === null && ahead && !meeting?.internal ? BRIEF_POLL_MS : false,
  });
  const make = useMakeBrief(user.id, meetingId);
  // The newest of the copies: the server's answer, the one the meetings list brought, the pinned
  // one, the one a reminder brought.
  const brief = newest([
    query.data ?? undefined,
    meetings.data?.briefs?.find((b) => b.meetingId === meetingId),
    pinned ?? undefined,
    delivered ?? undefined,
  ]);

  useEffect(() => {
    // The pinned copy follows the newest brief; a copy this phone can no longer write keeps the last.
    if (brief)
      keepPinnedUpToDate(db, brief).catch((error: unknown) =>
        console.warn('Could not update the pinned brief', error),
      );
  }, [db, brief]);

  // The calendar's own title and time when it has the meeting (it may have moved since the brief).
  const title = meeting?.title ?? brief?.title ?? 'Meeting';
  const start = meeting?.start ?? brief?.start;

  return (
    <Screen width="narrow" className="brief-screen">
      <p className="brief-screen__back">
        <Link to="/meetings">All meetings</Link>
      </p>
      <section className="page-intro">
        <h1>{title}</h1>
        {start && <p className="lede">{meetingWhen(start)}</p>}
      </section>

      {brief ? (
        <BriefBody brief={brief} />
      ) : query.fetchStatus === 'paused' || (query.isError && !online) ? (
        <p className="callout" role="status">
          This brief is not on this phone yet. It opens here once you are back online.
        </p>
      ) : pinned === undefined || query.isPending ? (
        <p className="muted" role="status">
          Loading the brief…
        </p>
      ) : query.isError ? (
        <p className="form-error" role="alert">
          The brief could not be loaded: {query.error.message}
        </p>
      ) : !meeting ? (
        <p className="callout">
          This meeting is not in your calendar’s next days.{' '}
          <Link to="/meetings">See your meetings</Link>.
        </p>
      ) : meeting.internal ? (
        <p className="callout">
          A meeting with your own team gets no brief unless you ask for one.
        </p>
      ) : !ahead ? (
        <p className="callout">Briefs are made before a meeting starts; this one has no brief.</p>
      ) : meeting.briefProblem ? (
        <p className="callout" role="status">
          The brief could not be made yet ({meeting.briefProblem}). Pitchpad tries again in a few
          minutes, or make it now.
        </p>
      ) : (
        <p className="callout" role="status">
          The brief is being made. It shows here in a minute or two.
        </p>
      )}

      {make.isError && (
        <p className="form-error" role="alert">
          {make.error.message}
        </p>
      )}
      <div className="brief-actions">
        {brief && (
          <PinButton db={db} brief={brief} pinned={pinned !== null && pinned !== undefined} />
        )}
        {(brief || meeting) && (
          <button
            type="button"
            className="pp-button pp-button--ghost"
            disabled={!online || make.isPending}
            onClick={() => make.mutate()}
          >
            {make.isPending ? 'Making the brief…' : brief ? 'Make it again' : 'Make a brief'}
          </button>
        )}
        {brief && researchSubjectOf(brief) && (
          <Link
            to="/research"
            search={{ subject: researchSubjectOf(brief) }}
            className="pp-button pp-button--ghost"
          >
            Look it up
          </Link>
        )}
        {(meeting || brief) && (
          <Link
            to="/debrief"
            search={debriefSearch(meeting ?? briefMeeting(brief!), user.email)}
            className="pp-button pp-button--ghost"
          >
            Debrief this meeting
          </Link>
        )}
      </div>
      {!online && (brief || meeting) && (
        <p className="muted brief-actions__note">Making a brief needs a connection.</p>
      )}
    </Screen>
  );
}

/** Who the brief's 'Look it up' researches: the company the invite names (none: no button). */
const researchSubjectOf = (brief: MeetingBrief): string | undefined =>
  brief.who.find((person) => person.company)?.company;

/** The meeting as the brief remembers it, when the list no longer has it (a pinned, past one). */
const briefMeeting = (brief: MeetingBrief): Pick<MeetingInfo, 'title' | 'attendees'> => ({
  title: brief.title,
  attendees: brief.who.map(({ email, name }) => (name ? { email, name } : { email })),
});

function PinButton({
  db,
  brief,
  pinned,
}: {
  db: PitchpadDb;
  brief: MeetingBrief;
  pinned: boolean;
}) {
  const toast = useToast();
  return (
    <button
      type="button"
      className="pp-button pp-button--ghost"
      aria-pressed={pinned}
      onClick={() =>
        void saveOrSay(pinned ? unpinBrief(db, brief.meetingId) : pinBrief(db, brief), toast)
      }
    >
      {pinned ? 'Pinned to this phone' : 'Pin to this phone'}
    </button>
  );
}

/** '[2]' after a line, linking to its source below, which it opens. */
function Cite({ item }: { item: BriefItem }) {
  if (item.source === undefined) return null;
  const id = `brief-source-${item.source}`;
  return (
    <>
      {' '}
      <a
        className="brief-cite"
        href={`#${id}`}
        aria-label={`Source ${item.source}`}
        onClick={() => {
          const details = document.getElementById(id)?.querySelector('details');
          if (details) details.open = true;
        }}
      >
        [{item.source}]
      </a>
    </>
  );
}

function Items({ items }: { items: BriefItem[] }) {
  return (
    <ul className="brief-list">
      {items.map((item, i) => (
        <li key={i}>
          {item.text}
          <Cite item={item} />
        </li>
      ))}
    </ul>
  );
}

function BriefBody({ brief }: { brief: MeetingBrief }) {
  return (
    <article className="brief" aria-label="Prep brief">
      <p className="muted brief__made">
        {madeWhen(brief.madeAt)}
        {brief.byModel ? '' : ', without the model, from your notes and kit'}.
      </p>

      <section className="brief__part" aria-labelledby="brief-who">
        <h2 id="brief-who">Who</h2>
        {brief.who.length ? (
          <ul className="brief-list">
            {brief.who.map((person) => (
              <li key={person.email}>
                <strong>{person.name ?? person.email}</strong>
                {person.company ? `, ${person.company}` : ''}
                {person.name && <span className="muted"> · {person.email}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">The invite names no one outside your company.</p>
        )}
      </section>

      <section className="brief__part" aria-labelledby="brief-known">
        <h2 id="brief-known">What we know</h2>
        {brief.known.length ? (
          <Items items={brief.known} />
        ) : (
          <p className="muted">Nothing on record yet: no chat, debrief or CRM note names them.</p>
        )}
      </section>

      <section className="brief__part" aria-labelledby="brief-open">
        <h2 id="brief-open">Open from last time</h2>
        {brief.openPoints.length ? (
          <Items items={brief.openPoints} />
        ) : (
          <p className="muted">Nothing left open on record.</p>
        )}
      </section>

      <section className="brief__part" aria-labelledby="brief-questions">
        <h2 id="brief-questions">Questions to ask</h2>
        <ol className="brief-list">
          {brief.questions.map((question) => (
            <li key={question}>{question}</li>
          ))}
        </ol>
      </section>

      <section className="brief__part" aria-labelledby="brief-objections">
        <h2 id="brief-objections">Likely objections</h2>
        <dl className="brief-objections">
          {brief.objections.map((objection) => (
            <div key={objection.says}>
              <dt>‘{objection.says}’</dt>
              <dd>{objection.answer}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="brief__part brief__outcome" aria-labelledby="brief-outcome">
        <h2 id="brief-outcome">Aim for</h2>
        <p>{brief.outcome}</p>
      </section>

      {brief.sources.length > 0 && (
        <section className="brief__part" aria-labelledby="brief-sources">
          <h2 id="brief-sources">Sources</h2>
          <ol className="brief-sources">
            {brief.sources.map((source, i) => (
              <li key={i} id={`brief-source-${i + 1}`}>
                <details>
                  <summary>
                    {source.label}
                    {source.at && (
                      <span className="muted">
                        {' '}
                        ·{' '}
                        {new Date(source.at).toLocaleDateString(undefined, { dateStyle: 'medium' })}
                      </span>
                    )}
                  </summary>
                  <p className="brief-sources__text">{source.text}</p>
                  {source.chatId && (
                    <Link to="/chat" search={{ chat: source.chatId }}>
                      Open the chat
                    </Link>
                  )}
                </details>
              </li>
            ))}
          </ol>
        </section>
      )}
    </article>
  );
}
