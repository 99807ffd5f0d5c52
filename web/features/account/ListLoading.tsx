/**
 * A list of /account (devices, passkeys) still to come: loading, or, with no signal (the query
 * paused: these lists are only true now, so none is kept for offline reading), when it will show.
 */
export function ListLoading({ what, paused }: { what: string; paused: boolean }) {
  return (
    <p className="muted" role="status">
      {paused ? `Your ${what} show here once you are back online.` : `Loading your ${what}…`}
    </p>
  );
}
