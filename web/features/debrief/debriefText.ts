/** How the debrief screen says times, sizes and where a recording stands. No React here. */
import type { LocalRecording, OutboxEntry } from '../../data/db';

/** 83,000 ms → '1:23'; an hour or more → '1:02:03'. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const seconds = String(total % 60).padStart(2, '0');
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return `${minutes}:${seconds}`;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${seconds}`;
}

/** When it was recorded: 'Today 14:05', else '26 Nov 14:05'. */
export function recordedAt(at: number, now = Date.now()): string {
  const date = new Date(at);
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  if (new Date(now).toDateString() === date.toDateString()) return `Today ${time}`;
  return `${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`;
}

/** A recording's name in lists and notifications: the meeting, else when it was. */
export function recordingName(recording: Pick<LocalRecording, 'title' | 'createdAt'>): string {
  return recording.title
    ? `Meeting with ${recording.title}`
    : `Debrief, ${recordedAt(recording.createdAt)}`;
}

/**
 * Where a recording stands, in the rep's words, with whether it is a problem to show as an alert.
 * `entry` is its outbox entry while queued.
 */
export function recordingStatus(
  recording: LocalRecording,
  entry: OutboxEntry | undefined,
  online: boolean,
): { text: string; problem: boolean } {
  switch (recording.state) {
    case 'recording':
      return { text: 'Recording…', problem: false };
    case 'ready':
      return { text: 'On this phone, not sent yet', problem: false };
    case 'transcribed':
      return { text: 'Transcript ready', problem: false };
    case 'no_speech':
      return { text: recording.problem ?? 'No speech was heard in this recording.', problem: true };
    case 'refused':
      return { text: `Not transcribed: ${recording.problem ?? 'refused'}`, problem: true };
    case 'queued':
      if (entry?.state === 'sending') return { text: 'Transcribing…', problem: false };
      if (recording.problem)
        return { text: `Waiting to try again: ${recording.problem}`, problem: true };
      if (!online)
        return {
          text: 'Saved on this phone. It is transcribed when you’re back online.',
          problem: false,
        };
      return { text: 'Waiting to be transcribed', problem: false };
  }
}
