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
  const lines = [
    counted(
      messages,
      "1 message hasn't been sent yet",
      (n) => `${n} messages haven't been sent yet`,
    ),
    counted(
      flows,
      "Answers to 1 guided flow haven't been sent yet",
      (n) => `Answers to ${n} guided flows haven't been sent yet`,
    ),
    counted(
      history,
      "1 saved-history change hasn't been sent yet",
      (n) => `${n} saved-history changes haven't been sent yet`,
    ),
    counted(
      edits,
      "1 edited email hasn't been saved to your account yet",
      (n) => `${n} edited emails haven't been saved to your account yet`,
    ),
    profile ? "Changes to your profile haven't been saved to your account yet" : undefined,
    counted(
      files,
      "1 sales-kit file hasn't been uploaded yet",
      (n) => `${n} sales-kit files haven't been uploaded yet`,
    ),
    counted(
      recordings,
      '1 voice recording is only on this phone, with no transcript in your account',
      (n) => `${n} voice recordings are only on this phone, with no transcript in your account`,
    ),
  ];
  return lines.filter((line): line is string => line !== undefined);
}

/** The line for `count` items of one kind: none when there are none, its own words for one. */
const counted = (count: number, one: string, many: (count: number) => string) =>
  count === 0 ? undefined : count === 1 ? one : many(count);
