/**
 * The recorder (issue 23 part 1): one big button to record, a timer and a level meter while it
 * listens, Stop. Works with no signal: what it records goes into IndexedDB as it comes. The
 * microphone is asked for on the first tap, never before; a refusal says how to allow it.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the recorder's stylesheet, loaded with its chunk
import './recorder.css';
import { micOutline, stop } from 'ionicons/icons';
import type { PitchpadDb, TranscriptTarget } from '../../data/db';
import { InlineIcon } from '../../ui/InlineIcon';
import { clock } from './debriefText';
import type { RecorderProblem } from './recorder';
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

interface RecorderPanelProps {
  db: PitchpadDb;
  maxSeconds: number;
  /** The meeting's name, when the screen asks for it. */
  title?: string;
  target?: TranscriptTarget;
  onRecorded: (id: string) => void;
}

export function RecorderPanel({ db, maxSeconds, title, target, onRecorded }: RecorderPanelProps) {
  const recorder = useRecorder(db, { maxMs: maxSeconds * 1000, onRecorded });
  if (!canRecord()) {
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
      <div className="recorder__status" role="status">
        {recording && (
          <>
            <span className="recorder__time">
              {clock(view.elapsedMs)} <span className="muted">/ {limit}</span>
            </span>
            <span className="visually-hidden">Recording</span>
            <span className="recorder__meter" aria-hidden="true">
              <span
                className="recorder__level"
                style={{ transform: `scaleX(${Math.max(0.04, view.level)})` }}
              />
            </span>
            <span className="recorder__saved muted">
              Listening · saved on this phone as you talk
            </span>
          </>
        )}
        {view.phase === 'asking' && (
          <span className="muted">Allow the microphone when your browser asks.</span>
        )}
        {view.phase === 'idle' && (
          <span className="muted">Up to {limit}. Works with no signal.</span>
        )}
      </div>
      {view.phase === 'problem' && (
        <p className="recorder__problem" role="alert">
          {PROBLEM_TEXT[view.problem]}
        </p>
      )}
    </div>
  );
}
