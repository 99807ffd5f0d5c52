/**
 * Logout never deletes unsent work without asking: it may be work the rep cannot redo. Before a
 * logout, the work this device holds for the user that the server does not have yet is counted; if
 * there is any, the user chooses (UnsentWorkDialog.tsx): send it first (online: the logout waits
 * for the server to store it), log out and discard it, or stay logged in. The count and the dialog
 * load on demand: nothing of this reaches the landing page's JS.
 */
import type { UnsentWork } from '../../data/unsentWork';

/** Shows the question and answers true to log out now (the work was sent, or the user discards it). */
export type AskAboutUnsentWork = (userId: number, work: UnsentWork) => Promise<boolean>;

const askWithDialog: AskAboutUnsentWork = async (userId, work) =>
  (await import('./UnsentWorkDialog')).askAboutUnsentWork(userId, work);

/**
 * Whether to go on with logging out `userId`: at once when nothing waits, else once the user has
 * chosen. A count that cannot be made does not hold a logout up.
 */
export async function confirmLogout(
  userId: number | undefined,
  ask: AskAboutUnsentWork = askWithDialog,
): Promise<boolean> {
  if (userId === undefined) return true;
  let work: UnsentWork;
  try {
    const [{ openUserDb }, { countUnsentWork, hasUnsentWork }] = await Promise.all([
      import('../../data/db'),
      import('../../data/unsentWork'),
    ]);
    work = await countUnsentWork(openUserDb(userId));
    if (!hasUnsentWork(work)) return true;
  } catch (error) {
    console.warn('Could not count the work waiting on this device', error);
    return true;
  }
  return ask(userId, work);
}

/** "2 messages haven't been sent yet", one line per kind of work that waits. */
export function describeUnsentWork({
  messages,
  flows,
  history,
  edits,
  profile,
  files,
  recordings,
}: UnsentWork): string[] {
  const lines: string[] = [];
  if (messages)
    lines.push(
      messages === 1
        ? "1 message hasn't been sent yet"
        : `${messages} messages haven't been sent yet`,
    );
  if (flows)
    lines.push(
      flows === 1
        ? "Answers to 1 guided flow haven't been sent yet"
        : `Answers to ${flows} guided flows haven't been sent yet`,
    );
  if (history)
    lines.push(
      history === 1
        ? "1 saved-history change hasn't been sent yet"
        : `${history} saved-history changes haven't been sent yet`,
    );
  if (edits)
    lines.push(
      edits === 1
        ? "1 edited email hasn't been saved to your account yet"
        : `${edits} edited emails haven't been saved to your account yet`,
    );
  if (profile) lines.push("Changes to your profile haven't been saved to your account yet");
  if (files)
    lines.push(
      files === 1
        ? "1 sales-kit file hasn't been uploaded yet"
        : `${files} sales-kit files haven't been uploaded yet`,
    );
  if (recordings)
    lines.push(
      recordings === 1
        ? '1 voice recording is only on this phone, with no transcript in your account'
        : `${recordings} voice recordings are only on this phone, with no transcript in your account`,
    );
  return lines;
}
