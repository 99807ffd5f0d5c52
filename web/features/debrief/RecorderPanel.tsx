/**
 * The recorder: one big button to record, a timer and a level meter while it
 * listens, Stop. Works with no signal: what it records goes into IndexedDB as it comes. The
 * microphone is asked for on the first tap, never before; a refusal says how to allow it.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the recorder's stylesheet, loaded with its chunk
import './recorder.css';
import { micOutline, stop } from 'ionicons/icons';
import type { PitchpadDb, TranscriptTarget } from '../../data/db';
import { InlineIcon } from '../../ui/InlineIcon';
import { drawnAtBuild } from '../../prerender/takeover';
import { clock } from './debriefText';
import type { RecorderProblem, StopReason } from './recorder';
import { canRecord } from './recorder';
import { useRecorder } from './useRecorder';

/** What each problem means for the rep, and what to do. */
export const PROBLEM_TEXT: Record<RecorderProblem, string> = {
  denied:
    'Pitchpad can’t use the microphone. To allow it, tap the icon beside the address bar (or open your browser’s site settings), set Microphone to Allow, then tap Record again. In an installed app: your phone’s Settings → Apps → your browser → Permissions → Microphone.',
  'no-microphone': 'No microphone was found on this device. Type your notes instead.',
  unsupported: 'This browser can’t record audio. Try Chrome or Safari, or type your notes instead.',
  failed:
    'The microphone didn’t start. Another app may be using it: close it and tap Record again.',
};

/** What the rep is told when a recording stopped by itself; what was recorded is kept. */
export const STOPPED_TEXT: Record<StopReason, string> = {
  limit: 'The recording reached its limit and stopped. It is saved.',
  interrupted:
    'The microphone stopped (another app or a call took it). What was recorded is saved.',
  storage:
    'Your phone’s storage is full, so the recording stopped. What was recorded so far is saved.',
};

interface RecorderPanelProps {
  db: PitchpadDb;
  maxSeconds: number;
  maxBytes: number;
  /** The meeting's name, when the screen asks for it. */
  title?: string;
  target?: TranscriptTarget;
  onRecorded: (id: string) => void;
}

export function RecorderPanel({
  db,
  maxSeconds,
  maxBytes,
  title,
  target,
  onRecorded,
}: RecorderPanelProps) {
  const recorder = useRecorder(db, { maxMs: maxSeconds * 1000, maxBytes, onRecorded });
  // The build's shell of this screen draws the button: most browsers record, and the app knows soon.
  if (!canRecord() && !drawnAtBuild()) {
    return (
      <p className="recorder__problem" role="alert">
        {PROBLEM_TEXT.unsupported}
      </p>
    );
  }
  const { view } = recorder;
  const recording = view.phase === 'recording';
  const busy = view.phase === 'asking' || view.phase === 'stopping';
  const limit = clock(maxSeconds * 1000);
  return (
    <div className={`recorder${recording ? ' recorder--on' : ''}`}>
      {recording ? (
        <button
          type="button"
          className="recorder__button recorder__button--stop"
          onClick={() => void recorder.stop()}
        >
          <InlineIcon icon={stop} />
          <span>Stop</span>
        </button>
      ) : (
        <button
          type="button"
          className="recorder__button"
          disabled={busy}
          onClick={() =>
            void recorder.start({ ...(title ? { title } : {}), ...(target ? { target } : {}) })
          }
        >
          <InlineIcon icon={micOutline} />
          <span>{view.phase === 'stopping' ? 'Saving…' : 'Record'}</span>
        </button>
      )}
      {/* The clock ticks outside the live region: a screen reader hears 'Recording', not every second. */}
      {recording && (
        <div className="recorder__status">
          <span className="recorder__time">
            {clock(view.elapsedMs)} <span className="muted">/ {limit}</span>
          </span>
          <span className="recorder__meter" aria-hidden="true">
            <span
              className="recorder__level"
              style={{ transform: `scaleX(${Math.max(0.04, view.level)})` }}
            />
          </span>
        </div>
      )}
      <p className="recorder__note muted" role="status">
        {recording && 'Recording · saved on this phone as you talk'}
        {view.phase === 'asking' && 'Allow the microphone when your browser asks.'}
        {view.phase === 'idle' &&
          (recorder.stoppedBy
            ? STOPPED_TEXT[recorder.stoppedBy]
            : `Up to ${limit}. Works with no signal.`)}
      </p>
      {view.phase === 'problem' && (
        <p className="recorder__problem" role="alert">
          {PROBLEM_TEXT[view.problem]}
        </p>
      )}
    </div>
  );
}
