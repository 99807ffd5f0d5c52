/** Shown while a screen's code or data is on its way (only after a short delay, so fast loads do not flash). */
export function PendingScreen() {
  return (
    <div className="screen-content">
      <div className="centered-state" role="status" aria-live="polite">
        <span className="pp-spinner" aria-hidden="true" />
        <span className="visually-hidden">Loading…</span>
      </div>
    </div>
  );
}
