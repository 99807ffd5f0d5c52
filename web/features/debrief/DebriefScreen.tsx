/**
 * /debrief: the voice debrief after a meeting. Record with no signal (RecorderPanel), play
 * it back, send it to be transcribed (queued until the network allows), and turn the transcript into
 * a call analysis, a follow-up email, a CRM note or a chat. The recordings live on this device until
 * the rep deletes them; a recording cut off by a closed app is offered back.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the debrief screen's stylesheet, loaded with its chunk
import './debrief.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { User } from '../../../domain/contract/auth';
import { DEBRIEF_CHOICES } from '../../../domain/debrief/debriefChoices';
import { openUserDb, type LocalRecording, type PitchpadDb } from '../../data/db';
import { Screen } from '../../ui/Screen';
import { useOnline } from '../../ui/useOnline';
import { useAuth } from '../auth/auth.queries';
import { isOperator } from '../settings/modelStatus';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import { DEFAULT_RECORDING_LIMITS, recordingLimitsQueryOptions } from './debrief.queries';
import { clock, recordedAt } from './debriefText';
import { RecorderPanel } from './RecorderPanel';
import { RecordingCard } from './RecordingCard';
import {
  cutOffAt,
  deleteRecording,
  finishRecording,
  isCutOff,
  localRecordings,
  updateRecording,
} from './recordingStore';

export function DebriefScreen() {
  const { user } = useAuth();
  if (!user) return null;
  return <Debrief key={user.id} user={user} />;
}

function Debrief({ user }: { user: User }) {
  const db = useMemo(() => openUserDb(user.id), [user.id]);
  const limits = useQuery(recordingLimitsQueryOptions(user.id)).data ?? DEFAULT_RECORDING_LIMITS;
  const online = useOnline();
  const recordings = useSafeLiveQuery(() => localRecordings(db), [db], undefined);
  // 'Debrief this meeting' (from /meetings) names the meeting; the rep can change it. A search
  // result names the recording it found (gone from this phone if deleted: then none is marked).
  const {
    meeting: named,
    attendees,
    recording: found,
  } = useSearch({ strict: false }) as {
    meeting?: string;
    attendees?: string;
    recording?: string;
  };
  const [title, setTitle] = useState(() => named?.slice(0, 120) ?? '');
  // Who the invite named, for the first recording made from the meeting's link.
  const [invited, setInvited] = useState(() => attendees?.slice(0, 600));
  const [justRecorded, setJustRecorded] = useState<string | null>(null);
  const { hasPro } = useAuth();

  const now = useNowAtCutOff(recordings);
  const cutOff = (recordings ?? []).filter((recording) => isCutOff(recording, now));
  const listed = (recordings ?? []).filter((recording) => recording.state !== 'recording');

  return (
    <Screen width="narrow" className="debrief-screen">
      <section className="page-intro">
        <h1>Debrief a meeting</h1>
        <p className="lede">
          Say who was there, what they pushed back on, what was agreed and what to send. Pitchpad
          turns it into the follow-up.
        </p>
      </section>

      {!limits.speechConfigured && <NoSpeechModel />}

      <div className="debrief-new">
        <label className="debrief-new__label" htmlFor="debrief-title">
          Who was the meeting with? <span className="muted">(optional)</span>
        </label>
        <input
          id="debrief-title"
          // Named, so what is typed into the screen's shell before the app draws it is kept.
          name="meeting"
          className="text-box debrief-new__title"
          type="text"
          value={title}
          maxLength={120}
          autoComplete="off"
          placeholder="Freightly"
          onChange={(event) => setTitle(event.target.value)}
        />
        {invited && <p className="muted debrief-new__attendees">Invited: {invited}</p>}
        <RecorderPanel
          db={db}
          maxSeconds={limits.maxSeconds}
          maxBytes={limits.maxBytes}
          title={title}
          onRecorded={(id) => {
            // The name as typed by the end (a rep may type it while talking).
            if (title.trim()) void updateRecording(db, id, { title });
            // The invite's people go with the recording made for that meeting.
            if (invited) void updateRecording(db, id, { attendees: invited });
            setInvited(undefined);
            setJustRecorded(id);
            setTitle('');
          }}
        />
      </div>

      {cutOff.map((recording) => (
        <CutOffOffer key={recording.id} db={db} recording={recording} />
      ))}

      {listed.length > 0 && (
        <section className="debrief-list" aria-labelledby="debrief-list-title">
          <h2 id="debrief-list-title" className="section-label">
            Your recordings
          </h2>
          <ul className="plain-list debrief-recordings">
            {listed.map((recording) => (
              <RecordingCard
                key={recording.id}
                db={db}
                recording={recording}
                online={online}
                choices={DEBRIEF_CHOICES}
                showMarks={!hasPro}
                focus={recording.id === justRecorded}
                found={recording.id === found}
              />
            ))}
          </ul>
        </section>
      )}
      {recordings !== undefined && listed.length === 0 && cutOff.length === 0 && (
        <p className="muted debrief-empty">
          No recordings yet. Your recordings stay on this phone until you delete them.
        </p>
      )}
    </Screen>
  );
}

/**
 * The time, drawn again when a running recording's last chunk grows old enough to call it cut off:
 * the stored chunks decide, not when the screen happened to draw. A recorder that is still writing
 * moves that moment on with each chunk (the live query draws again).
 */
function useNowAtCutOff(recordings: LocalRecording[] | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const next = (recordings ?? [])
    .map(cutOffAt)
    .filter((at): at is number => at !== null && at >= now)
    .reduce((soonest, at) => Math.min(soonest, at), Infinity);
  useEffect(() => {
    if (next === Infinity) return;
    // Past the moment at least: a timer may fire a millisecond early (Node rounds its times), and a
    // `now` equal to the last one would draw nothing again and set no new timer.
    const timer = setTimeout(() => setNow(Math.max(Date.now(), next + 1)), next - Date.now() + 1);
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}

/** With no speech model: what still works, and who can fix it (the operator is shown where). */
function NoSpeechModel() {
  const { user } = useAuth();
  return (
    <div className="callout debrief-no-model" role="note">
      <p>
        <strong>Transcription needs a speech model.</strong> Record anyway: your recordings stay on
        this phone, ready to play, and are transcribed once one is set up. Type your notes beside
        them meanwhile.
      </p>
      <p className="muted">
        {isOperator(user) ? (
          <>
            You run this server:{' '}
            <Link to="/settings/model">connect a speech model in Settings → Model</Link>.
          </>
        ) : (
          'Whoever runs this Pitchpad server can connect one: ask them.'
        )}
      </p>
    </div>
  );
}

/** A recording cut off by a closed app or a crash: keep what was saved, or discard it. */
function CutOffOffer({ db, recording }: { db: PitchpadDb; recording: LocalRecording }) {
  return (
    <div className="callout debrief-cutoff" role="alert">
      <p>
        A recording from {recordedAt(recording.createdAt)} was cut off.{' '}
        {clock(recording.durationMs)} was saved.
      </p>
      <div className="debrief-cutoff__actions">
        <button
          type="button"
          className="pp-button pp-button--primary"
          onClick={() => void finishRecording(db, recording.id)}
        >
          Keep it
        </button>
        <button
          type="button"
          className="pp-button pp-button--ghost"
          onClick={() => void deleteRecording(db, recording.id)}
        >
          Discard
        </button>
      </div>
    </div>
  );
}
