// oxlint-disable-next-line import/no-unassigned-import -- the history's stylesheet, loaded with its chunk
import './history.css';
import { useNavigate } from '@tanstack/react-router';
import type { PitchpadDb } from '../../data/db';
import { HistoryList } from './HistoryList';
import { useWorkflowHistory } from './useWorkflowHistory';

/** Saved history inline, above a running flow ('Show History'): at most half the screen tall. */
export function HistoryPanel({ db, userId }: { db: PitchpadDb; userId: number }) {
  const history = useWorkflowHistory(db, userId);
  const navigate = useNavigate();
  return (
    <section className="history-panel" aria-label="Saved history">
      <h2 className="section-label history-panel__title">Saved History</h2>
      <HistoryList
        items={history.items}
        crmMarks={history.crmMarks}
        onOpen={(item) => void navigate({ href: item.path })}
        onRename={(id, name) => void history.rename(id, name)}
        onDelete={(id) => void history.remove(id)}
      />
    </section>
  );
}
