/**
 * One recording on /debrief: its name, when and how long, where it stands, playback, and by its
 * state: Transcribe and Discard (not sent yet), Try now (waiting), the transcript and what to make
 * of it (transcribed). Notes can be typed beside any recording. Deleting asks first.
 */
import { trashOutline } from 'ionicons/icons';
import { useEffect, useId, useRef, useState } from 'react';
import type { ShareChoice } from '../../../domain/share/shareChoices';
import type { LocalRecording, PitchpadDb } from '../../data/db';
import { InlineIcon } from '../../ui/InlineIcon';
import { useModalDialog } from '../../ui/useModalDialog';
import { useSafeLiveQuery } from '../chat/useSafeLiveQuery';
import { ChoiceList } from '../share/ChoiceList';
import { useOpenWithText } from '../share/useOpenWithText';
import { Playback } from './Playback';
import { clock, recordedAt, recordingName, recordingStatus } from './debriefText';
import {
  deleteRecording,
  flushRecording,
  queueRecording,
  recordingEntry,
  retryRecordingNow,
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
}

export function RecordingCard({
  db,
  recording,
  online,
  choices,
  showMarks,
  focus,
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

  const transcribe = async () => {
    if (await queueRecording(db, recording.id))
      void flushRecording(db, recording.id).catch(() => {});
  };
  const tryNow = async () => {
    if (await retryRecordingNow(db, recording.id))
      void flushRecording(db, recording.id).catch(() => {});
  };
  const text = debriefText(recording);
  const handleChoose = async (choice: ShareChoice) => {
    setOpening(true);
    try {
      await openWithText(db, choice, text);
    } finally {
      setOpening(false);
    }
  };

  return (
    <li ref={card} className="debrief-card" aria-labelledby={titleId}>
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
          <button
            type="button"
            className="pp-button pp-button--primary"
            onClick={() => void transcribe()}
          >
            Transcribe
          </button>
        </div>
      )}
      {recording.state === 'refused' && (
        <div className="debrief-card__actions">
          <button type="button" className="pp-button" onClick={() => void transcribe()}>
            Try again
          </button>
        </div>
      )}
      {recording.state === 'queued' && recording.problem && online && entry?.state === 'queued' && (
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
        transcribed={recording.state === 'transcribed'}
        onClose={() => setConfirming(false)}
        onDelete={() => void deleteRecording(db, recording.id).then(() => setConfirming(false))}
      />
    </li>
  );
}

/** What the tools get: the transcript, and the notes typed beside it. */
export function debriefText(recording: Pick<LocalRecording, 'transcript' | 'notes'>): string {
  const transcript = recording.transcript?.trim() ?? '';
  const notes = recording.notes.trim();
  if (!notes) return transcript;
  return transcript ? `${transcript}\n\nMy notes: ${notes}` : notes;
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
  onDelete: () => void;
}) {
  const dialog = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>Delete “{name}”?</h2>
      <p className="muted">
        {transcribed
          ? 'The recording leaves this phone. Its transcript stays in your account.'
          : 'The recording is only on this phone: it can’t be brought back.'}
      </p>
      <div className="dialog__actions">
        <button type="button" className="pp-button pp-button--ghost" onClick={onClose}>
          Keep it
        </button>
        <button type="button" className="pp-button pp-button--primary" onClick={onDelete}>
          <InlineIcon icon={trashOutline} />
          Delete
        </button>
      </div>
    </dialog>
  );
}
