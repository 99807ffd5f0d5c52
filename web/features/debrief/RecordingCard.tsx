/**
 * One recording on /debrief: its name, when and how long, where it stands, playback, and by its
 * state: Transcribe and Discard (not sent yet), Try now (waiting), the transcript and what to make
 * of it (transcribed), and Send to the rep's CRM once there is text. Notes can be typed beside any
 * recording. Deleting asks first.
 */
import { trashOutline } from 'ionicons/icons';
import { useEffect, useId, useRef, useState } from 'react';
import type { ShareChoice } from '../../../domain/share/shareChoices';
import { api, ApiError } from '../../data/api';
import { userIdOfDb, type LocalRecording, type PitchpadDb } from '../../data/db';
import { SendToCrm } from '../crm/SendToCrm';
import { InlineIcon } from '../../ui/InlineIcon';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import { ChoiceList } from '../share/ChoiceList';
import { useOpenWithText } from '../share/useOpenWithText';
import { Playback } from './Playback';
import { clock, recordedAt, recordingName, recordingStatus } from './debriefText';
import {
  deleteRecording,
  flushRecording,
  mayTryNow,
  recordingEntry,
  retryRecordingNow,
  sendRecording,
  updateRecording,
} from './recordingStore';

interface RecordingCardProps {
  db: PitchpadDb;
  recording: LocalRecording;
  online: boolean;
  choices: readonly ShareChoice[];
  showMarks: boolean;
  /** Just recorded: brought into view. */
  focus: boolean;
  /** The recording a search opened the screen on: brought to the middle and highlighted for a moment. */
  found: boolean;
}

export function RecordingCard({
  db,
  recording,
  online,
  choices,
  showMarks,
  focus,
  found,
}: RecordingCardProps) {
  const entry = useSafeLiveQuery(
    () => recordingEntry(db, recording.id),
    [db, recording.id],
    undefined,
  );
  const status = recordingStatus(recording, entry, online);
  const [confirming, setConfirming] = useState(false);
  const [opening, setOpening] = useState(false);
  const openWithText = useOpenWithText();
  const card = useRef<HTMLLIElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (focus) card.current?.scrollIntoView({ block: 'nearest' });
  }, [focus]);
  // Brought to the middle once, when first drawn as found: a later redraw (notes typed, a new
  // state) leaves the list where the rep has scrolled it.
  useEffect(() => {
    if (found) card.current?.scrollIntoView({ block: 'center' });
  }, [found]);

  const transcribe = () => void sendRecording(db, recording.id);
  const tryNow = async () => {
    if (await retryRecordingNow(db, recording.id))
      void flushRecording(db, recording.id).catch(() => {});
  };
  const text = debriefText(recording);
  const handleChoose = async (choice: ShareChoice) => {
    setOpening(true);
    try {
      await openWithText(db, choice, text, { also: alsoKnown(choice, recording) });
    } finally {
      setOpening(false);
    }
  };

  return (
    <li ref={card} className={`debrief-card${found ? ' pp-found' : ''}`} aria-labelledby={titleId}>
      <div className="debrief-card__head">
        <h3 id={titleId} className="debrief-card__name">
          {recordingName(recording)}
        </h3>
        <p className="debrief-card__facts muted">
          {recordedAt(recording.createdAt)} · {clock(recording.durationMs)}
        </p>
      </div>
      <p className="debrief-card__status" role={status.problem ? 'alert' : 'status'}>
        {status.text}
      </p>
      <Playback
        db={db}
        id={recording.id}
        chunks={recording.chunks}
        className="debrief-card__audio"
      />

      {recording.state === 'ready' && (
        <div className="debrief-card__actions">
          <button type="button" className="pp-button pp-button--primary" onClick={transcribe}>
            Transcribe
          </button>
        </div>
      )}
      {recording.state === 'refused' && (
        <div className="debrief-card__actions">
          <button type="button" className="pp-button" onClick={transcribe}>
            Try again
          </button>
        </div>
      )}
      {recording.state === 'queued' && recording.problem && online && entry && mayTryNow(entry) && (
        <div className="debrief-card__actions">
          <button type="button" className="pp-button" onClick={() => void tryNow()}>
            Try now
          </button>
        </div>
      )}

      {recording.state === 'transcribed' && (
        <details className="debrief-card__transcript" open>
          <summary>Transcript</summary>
          <p tabIndex={0}>{recording.transcript}</p>
        </details>
      )}

      <Notes db={db} recording={recording} />

      {text && (
        <ChoiceList
          choices={choices}
          onChoose={(choice) => void handleChoose(choice)}
          busy={opening}
          showMarks={showMarks}
          label={`Turn ${recordingName(recording)} into`}
          className="debrief-card__choices"
        />
      )}

      {text && (
        <SendToCrm
          db={db}
          source={{ kind: 'debrief', ref: recording.id }}
          title={recordingName(recording)}
          text={text}
        />
      )}

      <div className="debrief-card__delete">
        <button
          type="button"
          className="pp-button pp-button--ghost"
          onClick={() => setConfirming(true)}
          disabled={entry?.state === 'sending'}
        >
          <InlineIcon icon={trashOutline} />
          {recording.state === 'ready' ? 'Discard' : 'Delete'}
        </button>
      </div>
      <DeleteDialog
        open={confirming}
        name={recordingName(recording)}
        transcribed={recording.state === 'transcribed' || recording.state === 'no_speech'}
        onClose={() => setConfirming(false)}
        onDelete={() => deleteEverywhere(db, recording)}
      />
    </li>
  );
}

/**
 * What the tools get: who the invite named (an 'Attendees:' line, which the follow-up and the CRM
 * note read as the people there), the transcript, and the notes typed beside it.
 */
export function debriefText(
  recording: Pick<LocalRecording, 'transcript' | 'notes' | 'attendees'>,
): string {
  const transcript = recording.transcript?.trim() ?? '';
  const notes = recording.notes.trim();
  const told = !notes ? transcript : transcript ? `${transcript}\n\nMy notes: ${notes}` : notes;
  const attendees = recording.attendees?.trim();
  return attendees && told ? `Attendees: ${attendees}\n\n${told}` : told;
}

/**
 * What a recording of a meeting in the calendar tells a tool beyond its text: the follow-up goes to
 * the first person invited from outside ('Dana Ortiz <dana@freightly.example>').
 */
export function alsoKnown(
  choice: Pick<ShareChoice, 'flow'>,
  recording: Pick<LocalRecording, 'attendees'>,
): Record<string, string> {
  // Split at commas outside an address's '<…>'.
  const first = recording.attendees?.split(/,(?![^<>]*>)/)[0]?.trim();
  return choice.flow === 'followup' && first ? { recipient: first } : {};
}

/** Notes typed beside a recording, saved as typed. */
function Notes({ db, recording }: { db: PitchpadDb; recording: LocalRecording }) {
  const id = useId();
  const [value, setValue] = useState(recording.notes);
  return (
    <div className="debrief-card__notes">
      <label htmlFor={id} className="debrief-card__notes-label">
        Your notes
      </label>
      <textarea
        id={id}
        className="text-box"
        rows={2}
        value={value}
        maxLength={8000}
        onChange={(event) => {
          setValue(event.target.value);
          void updateRecording(db, recording.id, { notes: event.target.value });
        }}
      />
    </div>
  );
}

/**
 * Delete a recording: its transcript from the account first (so nothing is left there the rep
 * cannot see), then the phone's copy. Throws with words to show when it cannot.
 */
async function deleteEverywhere(db: PitchpadDb, recording: LocalRecording): Promise<void> {
  if (recording.state === 'transcribed' || recording.state === 'no_speech') {
    try {
      await api.delete<void>(`/api/recordings/${recording.id}`, userIdOfDb(db));
    } catch (error) {
      // Already gone there (deleted on another device): the phone's copy goes too.
      if (!(error instanceof ApiError && error.status === 404))
        throw new Error(
          error instanceof ApiError
            ? error.message
            : 'You’re offline: its transcript is in your account too. Delete it when you’re back online.',
          { cause: error },
        );
    }
  }
  if (!(await deleteRecording(db, recording.id)))
    throw new Error('It is being transcribed right now. Try again in a moment.');
}

function DeleteDialog({
  open,
  name,
  transcribed,
  onClose,
  onDelete,
}: {
  open: boolean;
  name: string;
  transcribed: boolean;
  onClose: () => void;
  onDelete: () => Promise<void>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const handleDelete = async () => {
    setBusy(true);
    try {
      await onDelete();
      close();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title={<>Delete “{name}”?</>}
      message={
        transcribed
          ? 'The recording leaves this phone and its transcript leaves your account.'
          : 'The recording is only on this phone: it can’t be brought back.'
      }
      error={problem}
      pending={busy}
      cancelLabel="Keep it"
      confirmLabel={
        <>
          <InlineIcon icon={trashOutline} />
          Delete
        </>
      }
      onCancel={close}
      onConfirm={() => void handleDelete()}
    />
  );
}
