import { IonButton, IonSpinner } from '@ionic/react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { syncStatus } from '../../data/syncStatus';
import { hasUnsentWork, type UnsentWork } from '../../data/unsentWork';
import { describeUnsentWork } from './logoutGuard';

interface LogoutQuestion {
  userId: number;
  work: UnsentWork;
  /** Called once: true to log out now. */
  answer: (logOut: boolean) => void;
}

let asking: LogoutQuestion | null = null;

/**
 * Shows the dialog until the user chooses; true to log out now. It is drawn in a small React root of
 * its own, made when asked and removed once answered, rather than from the app's tree, so the shell
 * (and the landing page with it) carries none of it. A second logout tap while it is up answers the
 * first with "stay".
 */
export function askAboutUnsentWork(userId: number, work: UnsentWork): Promise<boolean> {
  asking?.answer(false);
  return new Promise<boolean>((resolve) => {
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    let answered = false;
    const question: LogoutQuestion = {
      userId,
      work,
      answer: (logOut) => {
        if (answered) return;
        answered = true;
        if (asking === question) asking = null;
        resolve(logOut);
        // After the click (or close) that answered has been handled.
        setTimeout(() => {
          root.unmount();
          host.remove();
        });
      },
    };
    asking = question;
    root.render(<UnsentWorkDialog question={question} />);
  });
}

type Phase = 'ask' | 'sending' | 'left';

/**
 * The question before a logout that would delete unsent work (logoutGuard.ts): send it first (the
 * logout waits for the server to store it), log out and discard it, or stay logged in. Offline,
 * sending first cannot finish, so it is not offered: staying logged in keeps the work, which goes
 * by itself once the phone is back online. A native <dialog> (focus trap, Esc to close) as
 * TeamContactDialog.
 */
function UnsentWorkDialog({ question }: { question: LogoutQuestion }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { online, reachable } = useSyncExternalStore(
    syncStatus.subscribe,
    syncStatus.get,
    syncStatus.get,
  );
  const offline = !online || !reachable;
  const [phase, setPhase] = useState<Phase>('ask');
  const [work, setWork] = useState<UnsentWork>(question.work);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => el?.close();
  }, []);

  const handleSendFirst = async () => {
    setPhase('sending');
    try {
      const { sendPendingWork } = await import('../../app/sync');
      const left = await sendPendingWork(question.userId);
      // Answered already (the user chose to stay meanwhile): nothing more happens.
      if (!hasUnsentWork(left)) return question.answer(true);
      setWork(left);
    } catch (error) {
      console.warn('Could not send the work waiting on this device', error);
    }
    setPhase('left');
  };

  const lines = describeUnsentWork(work);
  return (
    <dialog
      ref={dialog}
      className="dialog unsent-work"
      aria-labelledby="unsent-work-title"
      aria-describedby="unsent-work-what"
      onClose={() => question.answer(false)}
    >
      <h2 id="unsent-work-title">
        {phase === 'left' ? 'Not everything could be sent' : 'Log out with unsent work?'}
      </h2>
      <ul id="unsent-work-what" className="unsent-work__list">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {phase === 'sending' ? (
        <p className="unsent-work__sending" role="status">
          <IonSpinner name="crescent" aria-hidden="true" /> Sending… you're logged out as soon as
          the server has them.
        </p>
      ) : (
        <p>
          {phase === 'left'
            ? offline
              ? "You're offline now. Stay logged in and they go by themselves when you're back online. Logging out deletes them from this phone."
              : 'The server did not take them yet. Try again, or stay logged in and they go by themselves later. Logging out deletes them from this phone.'
            : offline
              ? "You're offline, so they can't be sent now. Stay logged in and they go by themselves when you're back online. Logging out deletes them from this phone."
              : 'Logging out deletes them from this phone.'}
        </p>
      )}
      <div className="dialog__actions">
        <IonButton fill="clear" onClick={() => question.answer(false)}>
          Stay logged in
        </IonButton>
        {phase !== 'sending' && (
          <IonButton fill="outline" color="danger" onClick={() => question.answer(true)}>
            Log out and discard
          </IonButton>
        )}
        {phase !== 'sending' && !offline && (
          <IonButton onClick={() => void handleSendFirst()}>
            {phase === 'left' ? 'Try again' : 'Send first, then log out'}
          </IonButton>
        )}
      </div>
    </dialog>
  );
}
