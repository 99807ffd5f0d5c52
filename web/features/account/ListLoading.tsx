import type { ReactNode } from 'react';

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

/**
 * A list of /account once asked for: ListLoading while it comes, why it could not be loaded, or
 * `children` (the list) once it is in.
 */
export function AccountList({
  query,
  what,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    fetchStatus: 'fetching' | 'paused' | 'idle';
  };
  what: string;
  children: ReactNode;
}) {
  if (query.isPending) return <ListLoading what={what} paused={query.fetchStatus === 'paused'} />;
  if (query.isError)
    return (
      <p className="form-error" role="alert">
        Your {what} could not be loaded: {query.error?.message}
      </p>
    );
  return children;
}
