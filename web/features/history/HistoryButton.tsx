import { timeOutline } from 'ionicons/icons';
import { Suspense, lazy } from 'react';
import { InlineIcon } from '../../ui/InlineIcon';
import { useHistoryBadge } from './historyBadge';
import { openHistorySheet, useHistorySheet } from './historySheet';

// The sheet, its list and the local database load only when the history is first opened, so the
// header (in the landing page's start-up JS) carries just this button.
const HistorySheet = lazy(() =>
  import('./HistorySheet').then((m) => ({ default: m.HistorySheet })),
);

/** The header's history button with its 'new' dot, and the sheet it opens. */
export function HistoryButton() {
  const showBadge = useHistoryBadge();
  const sheet = useHistorySheet();
  return (
    <>
      <button
        type="button"
        className="header-button history-button"
        aria-label={showBadge ? 'Saved history (new items)' : 'Saved history'}
        aria-haspopup="dialog"
        aria-expanded={sheet.open}
        onClick={() => openHistorySheet()}
      >
        <InlineIcon icon={timeOutline} />
        {showBadge && (
          <span className="history-button__dot" data-testid="history-badge" aria-hidden="true" />
        )}
      </button>
      {sheet.open && (
        <Suspense fallback={null}>
          <HistorySheet renameId={sheet.renameId} />
        </Suspense>
      )}
    </>
  );
}
