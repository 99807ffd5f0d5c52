/**
 * The microphone beside a field that takes a transcript (the chat bar, the call analysis' transcript
 * step): record, play it back, 'Use this recording'. Online, the transcript comes into
 * the field in seconds; with no signal the recording waits on the phone (it is a debrief like any
 * other, on /debrief) and its transcript goes into this field when it is back: here if the field
 * is still on screen, else into its saved draft (transcriptTargets.ts).
 */
import { micOutline } from 'ionicons/icons';
import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PitchpadDb, TranscriptTarget } from '../../data/db';
import { userIdOfDb } from '../../data/db';
import { InlineIcon } from '../../ui/InlineIcon';
import { useOnline } from '../../ui/useOnline';
import { useModalDialog } from '../../ui/useModalDialog';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import { DEFAULT_RECORDING_LIMITS, recordingLimitsQueryOptions } from './debrief.queries';
import { clock, recordingStatus } from './debriefText';
import { Playback } from './Playback';
import { RecorderPanel } from './RecorderPanel';
import { deleteRecording, recordingEntry, sendRecording } from './recordingStore';
import { canRecord } from './recorder';
import { drawnAtBuild } from '../../prerender/takeover';
import { claimTranscript, pendingTranscriptsFor, watchTranscript } from './transcriptTargets';

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
  const targetKey = JSON.stringify(target);
  // The recordings made for this field whose transcript has not come into it (one made here, or
  // before a reload or a closed app): while on screen, the field takes each as it is back.
  const pending = useSafeLiveQuery(() => pendingTranscriptsFor(db, target), [db, targetKey], []);
  const pendingIds = (pending ?? []).map((row) => row.id).join(' ');
  const backIds = (pending ?? [])
    .filter((row) => row.state === 'transcribed')
    .map((row) => row.id)
    .join(' ');
  useEffect(() => {
    const stops = pendingIds ? pendingIds.split(' ').map(watchTranscript) : [];
    return () => stops.forEach((stop) => stop());
  }, [pendingIds]);
  useEffect(() => {
    if (!backIds) return;
    for (const id of backIds.split(' '))
      void claimTranscript(db, id).then((text) => {
        if (text === null) return;
        onTranscript(text);
        setOpen(false);
      });
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once per transcript back
  }, [db, backIds]);

  // The build's shell of a screen draws it: most browsers record, and the app knows soon.
  if (!canRecord() && !drawnAtBuild()) return null;
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
      <RecordDialog db={db} open={open} target={target} onClose={() => setOpen(false)} />
    </>
  );
}

function RecordDialog({
  db,
  open,
  target,
  onClose,
}: {
  db: PitchpadDb;
  open: boolean;
  target: TranscriptTarget;
  onClose: () => void;
}) {
  const dialog = useModalDialog(open);
  const titleId = useId();
  const userId = userIdOfDb(db) ?? 0;
  const limits = useQuery(recordingLimitsQueryOptions(userId)).data ?? DEFAULT_RECORDING_LIMITS;
  const online = useOnline();
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
  const status = row ? recordingStatus(row, entry, online) : null;
  // Sent: the dialog says where it stands until the transcript is in the field (which closes it).
  const waiting = status !== null && row!.state !== 'ready';

  const use = () => {
    if (recorded) void sendRecording(db, recorded);
  };
  const discard = async () => {
    if (recorded) await deleteRecording(db, recorded);
    setConfirmDiscard(false);
    setRecorded(null);
  };
  const close = () => {
    // A recording made and not used stays on /debrief, where the rep can send or delete it; one
    // sent is the field's to wait for. Either way the next tap records anew.
    setRecorded(null);
    setConfirmDiscard(false);
    onClose();
  };

  return (
    <dialog ref={dialog} className="dialog record-dialog" aria-labelledby={titleId} onClose={close}>
      <h2 id={titleId}>{RECORD_LABEL}</h2>
      {/* Closed mid-recording, the panel goes and its recording stops, kept (on /debrief). */}
      {open && !recorded && (
        <RecorderPanel
          db={db}
          maxSeconds={limits.maxSeconds}
          maxBytes={limits.maxBytes}
          target={target}
          onRecorded={setRecorded}
        />
      )}
      {row && recorded && (
        <>
          <p className="muted">Recorded {clock(row.durationMs)}.</p>
          <Playback db={db} id={recorded} chunks={row.chunks} className="record-dialog__audio" />
          {waiting && status ? (
            <p className="record-dialog__status" role={status.problem ? 'alert' : 'status'}>
              {row.state === 'queued' && !online
                ? 'Saved on this phone. The transcript goes into your answer when you’re back online: you can close this.'
                : status.text}
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
              <button type="button" className="pp-button pp-button--primary" onClick={use}>
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
