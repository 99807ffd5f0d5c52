/** The Saved History bottom sheet: 85vh on phones, 70vh on wider screens. */
// oxlint-disable-next-line import/no-unassigned-import -- the history's stylesheet, loaded with its chunk
import './history.css';
import { useNavigate } from '@tanstack/react-router';
import { closeOutline } from 'ionicons/icons';
import { useEffect, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { User } from '../../../domain/contract/auth';
import { openUserDb } from '../../data/db';
import { useAuth } from '../auth/auth.queries';
import { closeHistorySheet } from './historySheet';
import { HistoryList } from './HistoryList';
import { useWorkflowHistory } from './useWorkflowHistory';
import { IconButton } from '../../ui/IconButton';

export function HistorySheet({ renameId }: { renameId: string | null }) {
  const { user } = useAuth();
  useEffect(() => {
    if (!user) closeHistorySheet();
  }, [user]);
  if (!user) return null;
  return <Sheet key={user.id} user={user} renameId={renameId} />;
}

function Sheet({ user, renameId }: { user: User; renameId: string | null }) {
  const db = useMemo(() => openUserDb(user.id), [user.id]);
  const history = useWorkflowHistory(db, user.id);
  const navigate = useNavigate();
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // Focus moves into the sheet and back to what opened it; Escape closes it.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!renameId) closeButton.current?.focus();
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeHistorySheet();
    };
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('keydown', handleKey);
      opener?.focus();
    };
  }, [renameId]);

  // At the app's root: inside the header's toolbar (which contains its layout) a fixed sheet would be
  // positioned against the toolbar; in ion-app it shares the stacking context of Ionic's toasts,
  // which stay above it (a rename's toast is seen).
  return createPortal(
    <div className="history-sheet">
      <div className="history-sheet__backdrop" onClick={closeHistorySheet} aria-hidden="true" />
      <section
        className="history-sheet__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby="history-sheet-title"
      >
        <div className="history-sheet__grabber" aria-hidden="true" />
        <header className="history-sheet__header">
          <div>
            <h2 id="history-sheet-title">Saved History</h2>
            <p className="history-sheet__sub">Your finished workflows, on every device.</p>
          </div>
          <IconButton
            ref={closeButton}
            className="history-sheet__close"
            aria-label="Close"
            onClick={closeHistorySheet}
            icon={closeOutline}
          />
        </header>
        <div className="history-sheet__body">
          <HistoryList
            items={history.items}
            crmMarks={history.crmMarks}
            renameId={renameId}
            onOpen={(item) => {
              closeHistorySheet();
              void navigate({ href: item.path });
            }}
            onRename={(id, name) => void history.rename(id, name)}
            onDelete={(id) => void history.remove(id)}
          />
        </div>
      </section>
    </div>,
    document.querySelector('ion-app') ?? document.body,
  );
}
