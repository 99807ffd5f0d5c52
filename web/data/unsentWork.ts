/**
 * The work on this device the server does not have yet, by kind: what a logout would
 * delete with the user's local database. Unfinished guided flows and a half-typed message are not
 * counted: they were never meant to go anywhere yet (docs/phone.md).
 */
import { isLocalDocument, isUnsent } from './chatMerge';
import type { PitchpadDb } from './db';

export interface UnsentWork {
  /** Chat messages the server has not stored: queued, on their way, or 'Not sent'. */
  messages: number;
  /** Finished guided flows whose result the server has not made yet (a GTM plan drafted offline). */
  flows: number;
  /** Saved-history changes (saves, renames, deletes) the server has not had. */
  history: number;
  /** Emails edited here whose edit the server has not stored. */
  edits: number;
  /** Profile saves the server has not had. */
  profile: number;
  /** Sales-kit files picked here and not uploaded yet. */
  files: number;
  /** Voice debriefs recorded here whose transcript the server has not made yet. */
  recordings: number;
}

export const NO_UNSENT_WORK: UnsentWork = {
  messages: 0,
  flows: 0,
  history: 0,
  edits: 0,
  profile: 0,
  files: 0,
  recordings: 0,
};

export function hasUnsentWork(work: UnsentWork): boolean {
  return Object.values(work).some((count) => count > 0);
}

/** The outbox's kinds counted here on their own (chat sends are counted by their message rows). */
const PROFILE_EDIT = 'profile-edit';
const KIT_UPLOAD = 'kit-upload';

/** Count what is waiting in `db`. */
export async function countUnsentWork(db: PitchpadDb): Promise<UnsentWork> {
  return db.transaction('r', db.messages, db.workflows, db.outbox, db.recordings, async () => {
    const messages = await db.messages
      .where('status')
      .anyOf('queued', 'sending', 'failed')
      .filter(isUnsent)
      .count();
    const drafted = await db.messages.filter(isLocalDocument).toArray();
    const history = await db.workflows.filter((record) => !record.synced).count();
    const edits = await db.messages.filter((m) => m.emailEditPending === true).count();
    // Waiting or on its way; one refused for good is not sent again by anything, logout or not.
    const waiting = (kind: string) =>
      db.outbox
        .where('kind')
        .equals(kind)
        .filter((entry) => entry.state === 'queued' || entry.state === 'sending')
        .count();
    return {
      messages,
      flows: new Set(drafted.map((m) => m.chatId)).size,
      history,
      edits,
      profile: await waiting(PROFILE_EDIT),
      files: await waiting(KIT_UPLOAD),
      // Its audio is only here: a recording the server has no transcript of is lost with the database.
      recordings: await db.recordings.filter((r) => r.state !== 'transcribed').count(),
    };
  });
}
