/**
 * The microphone beside a field that takes a transcript (the chat bar, the call analysis' transcript
 * step; issue 23): record, play it back, 'Use this recording'. Online, the transcript comes into
 * the field in seconds; with no signal the recording waits on the phone (it is a debrief like any
 * other, on /debrief) and its transcript goes into this field when it is back: here if the field
 * is still on screen, else into its saved draft (transcriptTargets.ts).
 */
import { micOutline } from 'ionicons/icons';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PitchpadDb, TranscriptTarget } from '../../data/db';
import { syncStatus } from '../../data/syncStatus';
import { userIdOfDb } from '../../data/db';
import { InlineIcon } from '../../ui/InlineIcon';
import { useModalDialog } from '../../ui/useModalDialog';
import { useSafeLiveQuery } from '../chat/useSafeLiveQuery';
import { DEFAULT_RECORDING_LIMITS, recordingLimitsQueryOptions } from './debrief.queries';
import { clock, recordingStatus } from './debriefText';
import { Playback } from './Playback';
import { RecorderPanel } from './RecorderPanel';
import { deleteRecording, flushRecording, queueRecording, recordingEntry } from './recordingStore';
import { canRecord } from './recorder';
import { claimTranscript, watchTranscript } from './transcriptTargets';

const isOnline = () => syncStatus.get().online;
const RECORD_LABEL = 'Record a voice note';

interface MicButtonProps {
  db: PitchpadDb;
  target: TranscriptTarget;
  /** The transcript, for the field on screen. */
  onTranscript: (text: string) => void;
  disabled?: boolean;
}

export function MicButton({ db, target, onTranscript, disabled }: MicButtonProps) {
  const [open, setOpen] = useState(false);
  // The recording this field waits for (made here, its transcript not back yet).
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const row = useSafeLiveQuery(
    () => (waitingFor ? db.recordings.get(waitingFor) : Promise.resolve(undefined)),
    [db, waitingFor],
    undefined,
  );

  // While this field is on screen, it takes its recording's transcript itself.
  useEffect(() => (waitingFor ? watchTranscript(waitingFor) : undefined), [waitingFor]);
  useEffect(() => {
    if (!waitingFor || row?.state !== 'transcribed') return;
    void claimTranscript(db, waitingFor).then((text) => {
      if (text !== null) onTranscript(text);
      setWaitingFor(null);
      setOpen(false);
    });
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once per transcript
  }, [db, waitingFor, row?.state]);

  if (!canRecord()) return null;
  return (
    <>
      <button
        type="button"
        className="attach-button mic-button"
        onClick={() => setOpen(true)}
        aria-label={RECORD_LABEL}
        title={RECORD_LABEL}
        disabled={disabled}
      >
        <InlineIcon icon={micOutline} />
      </button>
      <RecordDialog
        db={db}
        open={open}
        target={target}
        waitingFor={waitingFor}
        onWait={setWaitingFor}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function RecordDialog({
  db,
  open,
  target,
  waitingFor,
  onWait,
  onClose,
}: {
  db: PitchpadDb;
  open: boolean;
  target: TranscriptTarget;
  waitingFor: string | null;
  onWait: (id: string | null) => void;
  onClose: () => void;
}) {
  const dialog = useModalDialog(open);
  const titleId = useId();
  const userId = userIdOfDb(db) ?? 0;
  const limits = useQuery(recordingLimitsQueryOptions(userId)).data ?? DEFAULT_RECORDING_LIMITS;
  const online = useSyncExternalStore(syncStatus.subscribe, isOnline, isOnline);
  const [recorded, setRecorded] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const row = useSafeLiveQuery(
    () => (recorded ? db.recordings.get(recorded) : Promise.resolve(undefined)),
    [db, recorded],
    undefined,
  );
  const entry = useSafeLiveQuery(
    () => (recorded ? recordingEntry(db, recorded) : Promise.resolve(undefined)),
    [db, recorded],
    undefined,
  );
  const waiting = recorded !== null && waitingFor === recorded;

  const use = async () => {
    if (!recorded || !(await queueRecording(db, recorded))) return;
    onWait(recorded);
    void flushRecording(db, recorded).catch(() => {});
  };
  const discard = async () => {
    if (recorded) await deleteRecording(db, recorded);
    setConfirmDiscard(false);
    setRecorded(null);
  };
  const close = () => {
    // A recording made and not used stays on /debrief, where the rep can send or delete it.
    if (row && row.state !== 'ready') setRecorded(null);
    onClose();
  };

  return (
    <dialog ref={dialog} className="dialog record-dialog" aria-labelledby={titleId} onClose={close}>
      <h2 id={titleId}>{RECORD_LABEL}</h2>
      {!recorded && (
        <RecorderPanel
          db={db}
          maxSeconds={limits.maxSeconds}
          target={target}
          onRecorded={setRecorded}
        />
      )}
      {row && recorded && (
        <>
          <p className="muted">Recorded {clock(row.durationMs)}.</p>
          <Playback db={db} id={recorded} chunks={row.chunks} className="record-dialog__audio" />
          {waiting ? (
            <p
              className="record-dialog__status"
              role={recordingStatus(row, entry, online).problem ? 'alert' : 'status'}
            >
              {row.state === 'queued' && !online
                ? 'Saved on this phone. The transcript goes into your answer when you’re back online: you can close this.'
                : recordingStatus(row, entry, online).text}
            </p>
          ) : confirmDiscard ? (
            <div className="record-dialog__confirm" role="alert">
              <p>Discard this recording? It is only on this phone.</p>
              <div className="dialog__actions">
                <button
                  type="button"
                  className="pp-button pp-button--ghost"
                  onClick={() => setConfirmDiscard(false)}
                >
                  Keep it
                </button>
                <button
                  type="button"
                  className="pp-button pp-button--primary"
                  onClick={() => void discard()}
                >
                  Discard
                </button>
              </div>
            </div>
          ) : (
            <div className="dialog__actions">
              <button
                type="button"
                className="pp-button pp-button--ghost"
                onClick={() => setConfirmDiscard(true)}
              >
                Discard
              </button>
              <button
                type="button"
                className="pp-button pp-button--primary"
                onClick={() => void use()}
              >
                Use this recording
              </button>
            </div>
          )}
        </>
      )}
      <div className="dialog__actions">
        <button type="button" className="pp-button pp-button--ghost" onClick={close}>
          Close
        </button>
      </div>
    </dialog>
  );
}
